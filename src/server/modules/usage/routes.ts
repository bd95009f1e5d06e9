import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../lib/auth';
import * as service from './service';

export async function usageRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/plan-usage', async (request) => service.planUsage(ctx, requireUser(request)));
}
