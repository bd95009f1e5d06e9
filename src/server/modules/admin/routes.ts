import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../lib/auth';
import * as service from './service';

export async function adminRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/admin/analytics', async (request) => {
    requireAdmin(request);
    return service.analytics(ctx);
  });

  app.get('/api/admin/recent-users', async (request) => {
    requireAdmin(request);
    return service.recentUsers(ctx);
  });

  app.get('/api/admin/platform-stats', async (request) => {
    requireAdmin(request);
    return service.platformStats(ctx);
  });
}
