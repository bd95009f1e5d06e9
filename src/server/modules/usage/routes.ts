import { planUsageResponse } from '@shared/contracts/usage';
import { requireUser } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

export const usageRoutes = moduleRoutes(apiTags.usage, (app, ctx) => {
  app.get(
    '/api/plan-usage',
    { onRequest: access('signedIn'), schema: { summary: 'The caller’s plan limits and how much of each is used', response: { 200: planUsageResponse } } },
    async (request) => service.planUsage(ctx, requireUser(request)),
  );
});
