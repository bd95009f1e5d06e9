import type { FastifyInstance } from 'fastify';
import { demoRequestBody } from '@shared/contracts/demo-requests';
import { requireAdmin } from '../../lib/auth';
import { parse } from '../../lib/validate';
import * as service from './service';

export async function demoRequestsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/api/demo-requests', async (request, reply) => {
    const body = parse(demoRequestBody, request.body);
    return reply.status(201).send(await service.requestDemo(ctx, request.user, request.ip, body));
  });

  app.get('/api/admin/demo-requests', async (request) => {
    requireAdmin(request);
    return service.listDemoRequests(ctx);
  });
}
