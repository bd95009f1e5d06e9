import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { businessIdParam, createCommissionBody, payeeQuery, updateCommissionStatusBody } from '@shared/contracts/commissions';
import { idParam } from '@shared/contracts/common';
import { parse } from '../../lib/validate';
import { requireBusinessProfile, requireProStaffProfile } from '../../lib/auth';
import * as service from './service';

const rankingQuery = z.object({ currency: z.string().trim().regex(/^[A-Za-z]{3}$/, 'Use an ISO 4217 currency code like USD').transform((c) => c.toUpperCase()).default('USD') });

export async function commissionsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/api/commissions', async (request, reply) => {
    const user = requireBusinessProfile(request);
    const body = parse(createCommissionBody, request.body);
    return reply.status(201).send(await service.createCommission(ctx, user, body));
  });

  app.get('/api/commissions/business', async (request) => {
    const user = requireBusinessProfile(request);
    return service.listBusinessCommissions(ctx, user);
  });

  app.get('/api/commissions/pro-staff', async (request) => {
    const user = requireProStaffProfile(request);
    return service.listProStaffCommissions(ctx, user);
  });

  app.get('/api/commissions/payees', async (request) => {
    const user = requireBusinessProfile(request);
    const { search } = parse(payeeQuery, request.query);
    return service.listPayees(ctx, user, search);
  });

  app.patch('/api/commissions/:id/status', async (request) => {
    const user = requireBusinessProfile(request);
    const { id } = parse(idParam, request.params);
    const { status } = parse(updateCommissionStatusBody, request.body);
    return service.updateStatus(ctx, user, id, status);
  });

  app.get('/api/rankings/:businessId', async (request) => {
    const user = requireBusinessProfile(request);
    const { businessId } = parse(businessIdParam, request.params);
    const { currency } = parse(rankingQuery, request.query);
    return service.rankings(ctx, user, businessId, new Date(), currency);
  });

  app.post('/api/rankings/calculate/:businessId', async (request) => {
    const user = requireBusinessProfile(request);
    const { businessId } = parse(businessIdParam, request.params);
    return service.rankings(ctx, user, businessId);
  });
}
