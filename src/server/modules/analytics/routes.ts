import type { FastifyInstance } from 'fastify';
import { dailySeriesQuery, weeklySeriesQuery } from '@shared/contracts/analytics';
import { parse } from '../../lib/validate';
import { requireAdmin, requireBusinessProfile } from '../../lib/auth';
import * as service from './service';

export async function analyticsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/analytics/business', async (request) => {
    const user = requireBusinessProfile(request);
    const { weeks } = parse(weeklySeriesQuery, request.query);
    return service.businessSeries(ctx, user, weeks);
  });

  app.get('/api/analytics/promotions', async (request) => {
    const user = requireBusinessProfile(request);
    const { days } = parse(dailySeriesQuery, request.query);
    return service.promotionsSeries(ctx, user, days);
  });

  app.get('/api/admin/growth', async (request) => {
    requireAdmin(request);
    const { weeks } = parse(weeklySeriesQuery, request.query);
    return service.growthSeries(ctx, weeks);
  });
}
