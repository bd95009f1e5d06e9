import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createPromotionBody, eligiblePromotionsQuery, updatePromotionBody } from '@shared/contracts/promotions';
import { idParam } from '@shared/contracts/common';
import { parse } from '../../lib/validate';
import { requireBusinessProfile, requireProStaffProfile } from '../../lib/auth';
import * as service from './service';

const businessParam = z.object({ businessProfileId: z.coerce.number().int().positive() });

export async function promotionsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/api/promotions', async (request, reply) => {
    const user = requireBusinessProfile(request);
    const body = parse(createPromotionBody, request.body);
    return reply.status(201).send(await service.create(ctx, user, body));
  });

  app.get('/api/promotions/business/:businessProfileId', async (request) => {
    const user = requireBusinessProfile(request);
    const { businessProfileId } = parse(businessParam, request.params);
    return service.listForBusiness(ctx, user, businessProfileId);
  });

  app.get('/api/promotions/eligible', async (request) => {
    const user = requireProStaffProfile(request);
    const { placement } = parse(eligiblePromotionsQuery, request.query);
    return service.eligibleFor(ctx, user, placement);
  });

  app.patch('/api/promotions/:id', async (request) => {
    const user = requireBusinessProfile(request);
    const { id } = parse(idParam, request.params);
    return service.update(ctx, user, id, parse(updatePromotionBody, request.body));
  });

  app.delete('/api/promotions/:id', async (request, reply) => {
    const user = requireBusinessProfile(request);
    const { id } = parse(idParam, request.params);
    await service.remove(ctx, user, id);
    return reply.status(204).send();
  });

  app.get('/api/promotions/:id/analytics', async (request) => {
    const user = requireBusinessProfile(request);
    const { id } = parse(idParam, request.params);
    return service.analytics(ctx, user, id);
  });

  app.post('/api/promotions/:id/impression', async (request) => {
    const user = requireProStaffProfile(request);
    const { id } = parse(idParam, request.params);
    return service.track(ctx, user, id, 'impression');
  });

  app.post('/api/promotions/:id/click', async (request) => {
    const user = requireProStaffProfile(request);
    const { id } = parse(idParam, request.params);
    return service.track(ctx, user, id, 'click');
  });
}
