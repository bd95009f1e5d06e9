import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createDiscountCodeBody, createPlatformBody, rotateKeyBody, updateDiscountCodeBody, updatePlatformBody } from '@shared/contracts/discounts';
import { idParam } from '@shared/contracts/common';
import { parse } from '../../lib/validate';
import { requireBusinessProfile, requireRole } from '../../lib/auth';
import * as codes from './codes-service';
import * as platforms from './platforms-service';
import { storeApiRoutes } from './store-api-routes';
import { webhooksRoutes } from './webhooks-routes';
import { docsRoutes } from './docs-routes';

const businessIdParam = z.object({ businessId: z.coerce.number().int().positive() });

export async function discountsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  // ---- discount codes (business owner) ----
  app.get('/api/discount-codes', async (request) => codes.listCodes(ctx, requireBusinessProfile(request)));

  app.get('/api/discount-codes/business/:businessId', async (request) => {
    const user = requireBusinessProfile(request);
    codes.assertOwnBusiness(user, parse(businessIdParam, request.params).businessId);
    return codes.listCodes(ctx, user);
  });

  app.get('/api/discount-codes/pro-staff-options', async (request) => {
    requireRole(request, 'business');
    return codes.proStaffOptions(ctx);
  });

  app.post('/api/discount-codes', async (request, reply) => {
    const user = requireBusinessProfile(request);
    const body = parse(createDiscountCodeBody, request.body);
    return reply.status(201).send(await codes.createCode(ctx, user, body));
  });

  app.patch('/api/discount-codes/:id', async (request) => {
    const user = requireBusinessProfile(request);
    const { id } = parse(idParam, request.params);
    return codes.updateCode(ctx, user, id, parse(updateDiscountCodeBody, request.body));
  });

  // ---- integration platforms (business owner) ----
  app.get('/api/integration-platforms', async (request) => platforms.listPlatforms(ctx, requireBusinessProfile(request)));

  app.get('/api/integration-platforms/business/:businessId', async (request) => {
    const user = requireBusinessProfile(request);
    codes.assertOwnBusiness(user, parse(businessIdParam, request.params).businessId);
    return platforms.listPlatforms(ctx, user);
  });

  app.post('/api/integration-platforms', async (request, reply) => {
    const user = requireBusinessProfile(request);
    const body = parse(createPlatformBody, request.body);
    return reply.status(201).send(await platforms.createPlatform(ctx, user, body));
  });

  app.patch('/api/integration-platforms/:id', async (request) => {
    const user = requireBusinessProfile(request);
    const { id } = parse(idParam, request.params);
    return platforms.updatePlatform(ctx, user, id, parse(updatePlatformBody, request.body));
  });

  app.post('/api/integration-platforms/:id/rotate-key', async (request) => {
    const user = requireBusinessProfile(request);
    const { id } = parse(idParam, request.params);
    return platforms.rotateKey(ctx, user, id, parse(rotateKeyBody, request.body ?? undefined));
  });

  app.delete('/api/integration-platforms/:id', async (request, reply) => {
    const user = requireBusinessProfile(request);
    const { id } = parse(idParam, request.params);
    await platforms.deletePlatform(ctx, user, id);
    return reply.status(204).send();
  });

  app.get('/api/integration-platforms/deliveries', async (request) => platforms.listDeliveries(ctx, requireBusinessProfile(request)));

  await app.register(storeApiRoutes);
  await app.register(webhooksRoutes);
  await app.register(docsRoutes);
}
