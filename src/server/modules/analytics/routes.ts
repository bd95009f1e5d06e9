import { adminGrowthSeries, businessAnalyticsSeries, dailySeriesQuery, promotionsDailySeries, weeklySeriesQuery } from '@shared/contracts/analytics';
import { requireBusinessProfile } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

export const analyticsRoutes = moduleRoutes(apiTags.analytics, (app, ctx) => {
  app.get(
    '/api/analytics/business',
    { onRequest: access('businessProfile'), schema: { summary: 'Weekly activity and money of the caller’s business', querystring: weeklySeriesQuery, response: { 200: businessAnalyticsSeries } } },
    async (request) => service.businessSeries(ctx, requireBusinessProfile(request), request.query.weeks),
  );

  app.get(
    '/api/analytics/promotions',
    { onRequest: access('businessProfile'), schema: { summary: 'Daily totals of the business’s promotions', querystring: dailySeriesQuery, response: { 200: promotionsDailySeries } } },
    async (request) => service.promotionsSeries(ctx, requireBusinessProfile(request), request.query.days),
  );

  app.get(
    '/api/admin/growth',
    { onRequest: access('admin'), schema: { summary: 'Weekly sign-ups (admin)', tags: [apiTags.admin.name], querystring: weeklySeriesQuery, response: { 200: adminGrowthSeries } } },
    async (request) => service.growthSeries(ctx, request.query.weeks),
  );
});
