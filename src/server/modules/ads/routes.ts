import { z } from 'zod';
import { advertisement, adTrackResult, createAdBody, updateAdBody } from '@shared/contracts/ads';
import { idParam, noContent } from '@shared/contracts/common';
import { requireUser } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

export const adsRoutes = moduleRoutes(apiTags.ads, (app, ctx) => {
  const signedIn = access('signedIn');

  app.get('/api/advertisements', { onRequest: signedIn, schema: { summary: 'The caller’s advertisements', response: { 200: z.array(advertisement) } } }, async (request) =>
    service.listOwn(ctx, requireUser(request)),
  );

  app.get(
    '/api/advertisements/active',
    { onRequest: signedIn, schema: { summary: 'Active advertisements shown to the caller’s account type', response: { 200: z.array(advertisement) } } },
    async (request) => service.listActive(ctx, requireUser(request)),
  );

  app.post(
    '/api/advertisements',
    { onRequest: access('signedIn', { verifiedEmail: true }), schema: { summary: 'Create an advertisement', body: createAdBody, response: { 201: advertisement } } },
    async (request, reply) => reply.status(201).send(await service.create(ctx, requireUser(request), request.body)),
  );

  app.put(
    '/api/advertisements/:id',
    { onRequest: access('signedIn', { verifiedEmail: true }), schema: { summary: 'Edit, pause or resume an advertisement', params: idParam, body: updateAdBody, response: { 200: advertisement } } },
    async (request) => service.update(ctx, requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/advertisements/:id',
    { onRequest: access('signedIn', { verifiedEmail: true }), schema: { summary: 'Delete an advertisement', params: idParam, response: { 204: noContent } } },
    async (request, reply) => {
      await service.remove(ctx, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/advertisements/:id/click',
    { onRequest: signedIn, schema: { summary: 'Count a click (once per viewer, ad and day)', params: idParam, response: { 200: adTrackResult } } },
    async (request) => service.track(ctx, requireUser(request), request.params.id, 'click'),
  );

  app.post(
    '/api/advertisements/:id/impression',
    { onRequest: signedIn, schema: { summary: 'Count an impression (once per viewer, ad and day)', params: idParam, response: { 200: adTrackResult } } },
    async (request) => service.track(ctx, requireUser(request), request.params.id, 'impression'),
  );
});
