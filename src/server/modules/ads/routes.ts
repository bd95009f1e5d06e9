import type { FastifyInstance } from 'fastify';
import { createAdBody, updateAdBody } from '@shared/contracts/ads';
import { idParam } from '@shared/contracts/common';
import { parse } from '../../lib/validate';
import { requireUser } from '../../lib/auth';
import * as service from './service';

export async function adsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/advertisements', async (request) => service.listOwn(ctx, requireUser(request)));

  app.get('/api/advertisements/active', async (request) => service.listActive(ctx, requireUser(request)));

  app.post('/api/advertisements', async (request, reply) => {
    const user = requireUser(request);
    const body = parse(createAdBody, request.body);
    return reply.status(201).send(await service.create(ctx, user, body));
  });

  app.put('/api/advertisements/:id', async (request) => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    return service.update(ctx, user, id, parse(updateAdBody, request.body));
  });

  app.delete('/api/advertisements/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    await service.remove(ctx, user, id);
    return reply.status(204).send();
  });

  app.post('/api/advertisements/:id/click', async (request) => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    return service.track(ctx, user, id, 'click');
  });

  app.post('/api/advertisements/:id/impression', async (request) => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    return service.track(ctx, user, id, 'impression');
  });
}
