import { z } from 'zod';
import { publicConfig } from '@shared/contracts/auth';
import { errorBody } from '@shared/contracts/common';
import { sql } from 'drizzle-orm';
import { DEMO_BUSINESS_EMAIL, DEMO_PASSWORD } from '@server/db/seed/demo-accounts';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';

export const systemRoutes = moduleRoutes(apiTags.system, (app, ctx) => {
  app.get('/api/config', { schema: { summary: 'Public settings the web app needs before sign-in', response: { 200: publicConfig } } }, async () => {
    const key = ctx.config.stripe.publishableKey;
    return {
      // Production never advertises the published demo logins, even with demo data forced on (issue 17).
      demoLoginHint: ctx.config.seedDemo && ctx.config.env !== 'production' ? { email: DEMO_BUSINESS_EMAIL, password: DEMO_PASSWORD } : null,
      stripePublishableKey: key && key.startsWith('pk_') ? key : null,
    };
  });

  app.get(
    '/api/health',
    { schema: { summary: 'Whether the server and its database answer', response: { 200: z.object({ status: z.literal('ok') }), 503: errorBody } } },
    async (_request, reply) => {
      try {
        await ctx.db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Database unreachable' } });
      }
    },
  );
});
