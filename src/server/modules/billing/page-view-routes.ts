import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageViewBody } from '@shared/contracts/billing';
import * as repo from './repository';

export const pageViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // Anonymous allowed: the admin dashboard counts every visit to the SPA. Limited per address in ctx.rateLimits.perAddressRoutes.
  app.post(
    '/api/page-views',
    { schema: { summary: 'Count a visit to a page of the web app', body: pageViewBody, response: { 204: z.null().describe('Counted') } } },
    async (request, reply) => {
      const body = request.body;
      await repo.insertPageView(ctx.db, { path: body.path, userId: request.user?.id ?? null, visitorId: body.visitorId ?? null });
      return reply.status(204).send(null); // a 204 never has a body: Fastify drops it
    },
  );
};
