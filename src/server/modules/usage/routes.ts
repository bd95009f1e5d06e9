import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planUsageResponse } from '@shared/contracts/usage';
import { requireUser } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags, tagRoutes } from '@server/lib/routes/openapi';
import * as service from './service';

export const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  tagRoutes(app, apiTags.usage);

  app.get(
    '/api/plan-usage',
    { onRequest: access('signedIn'), schema: { summary: 'The caller’s plan limits and how much of each is used', response: { 200: planUsageResponse } } },
    async (request) => service.planUsage(ctx, requireUser(request)),
  );
};
