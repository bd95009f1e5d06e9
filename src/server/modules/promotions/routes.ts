import { z } from 'zod';
import * as contract from '@shared/contracts/promotions';
import { idParam, noContent } from '@shared/contracts/common';
import { requireBusinessProfile, requireProStaffProfile } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

export const promotionsRoutes = moduleRoutes(apiTags.promotions, (app, ctx) => {
  const business = access('businessProfile');
  const proStaff = access('proStaffProfile');

  app.post(
    '/api/promotions',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Create a promotion', body: contract.createPromotionBody, response: { 201: contract.promotion } } },
    async (request, reply) => reply.status(201).send(await service.create(ctx, requireBusinessProfile(request), request.body)),
  );

  app.get(
    '/api/promotions/business/:businessProfileId',
    { onRequest: business, schema: { summary: 'The caller’s business’s promotions', params: contract.promotionBusinessParam, response: { 200: z.array(contract.promotion) } } },
    async (request) => service.listForBusiness(ctx, requireBusinessProfile(request), request.params.businessProfileId),
  );

  app.get(
    '/api/promotions/eligible',
    { onRequest: proStaff, schema: { summary: 'Promotions delivering to the caller now', querystring: contract.eligiblePromotionsQuery, response: { 200: z.array(contract.promotionForViewer) } } },
    async (request) => service.eligibleFor(ctx, requireProStaffProfile(request), request.query.placement),
  );

  app.patch(
    '/api/promotions/:id',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Edit, pause or resume a promotion', params: idParam, body: contract.updatePromotionBody, response: { 200: contract.promotion } } },
    async (request) => service.update(ctx, requireBusinessProfile(request), request.params.id, request.body),
  );

  app.delete(
    '/api/promotions/:id',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Delete a promotion', params: idParam, response: { 204: noContent } } },
    async (request, reply) => {
      await service.remove(ctx, requireBusinessProfile(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/promotions/:id/analytics',
    { onRequest: business, schema: { summary: 'Daily impressions, clicks and spend of a promotion', params: idParam, response: { 200: contract.promotionAnalytics } } },
    async (request) => service.analytics(ctx, requireBusinessProfile(request), request.params.id),
  );

  app.post(
    '/api/promotions/:id/impression',
    { onRequest: proStaff, schema: { summary: 'Count an impression', params: idParam, response: { 200: contract.promotionTrackResult } } },
    async (request) => service.track(ctx, requireProStaffProfile(request), request.params.id, 'impression'),
  );

  app.post(
    '/api/promotions/:id/click',
    { onRequest: proStaff, schema: { summary: 'Count a click (charges the cost per click)', params: idParam, response: { 200: contract.promotionTrackResult } } },
    async (request) => service.track(ctx, requireProStaffProfile(request), request.params.id, 'click'),
  );
});
