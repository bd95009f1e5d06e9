import { z } from 'zod';
import { adminAnalytics, platformStats, recentUser } from '@shared/contracts/admin';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

export const adminRoutes = moduleRoutes(apiTags.admin, (app, ctx) => {
  const admin = access('admin');

  app.get('/api/admin/analytics', { onRequest: admin, schema: { summary: 'Platform figures for the admin dashboard', response: { 200: adminAnalytics } } }, async () =>
    service.analytics(ctx),
  );

  app.get('/api/admin/recent-users', { onRequest: admin, schema: { summary: 'Newest sign-ups', response: { 200: z.array(recentUser) } } }, async () =>
    service.recentUsers(ctx),
  );

  app.get('/api/admin/platform-stats', { onRequest: admin, schema: { summary: 'Server, database and payment health', response: { 200: platformStats } } }, async () =>
    service.platformStats(ctx),
  );
});
