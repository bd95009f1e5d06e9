import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '@shared/contracts/auth';
import { sql } from 'drizzle-orm';
import { DEMO_BUSINESS_EMAIL, DEMO_PASSWORD } from '../../db/seed/demo-accounts';

export async function systemRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/config', async (): Promise<PublicConfig> => {
    const key = ctx.config.stripe.publishableKey;
    return {
      // Production never advertises the published demo logins, even with demo data forced on (issue 17).
      demoLoginHint: ctx.config.seedDemo && ctx.config.env !== 'production' ? { email: DEMO_BUSINESS_EMAIL, password: DEMO_PASSWORD } : null,
      stripePublishableKey: key && key.startsWith('pk_') ? key : null,
    };
  });

  app.get('/api/health', async (_request, reply) => {
    try {
      await ctx.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Database unreachable' } });
    }
  });
}
