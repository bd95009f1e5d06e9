import { z } from 'zod';
import { demoRequest, demoRequestBody } from '@shared/contracts/demo-requests';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

export const demoRequestsRoutes = moduleRoutes(apiTags.demoRequests, (app, ctx) => {
  app.post(
    '/api/demo-requests',
    { schema: { summary: 'Ask for a product demo', body: demoRequestBody, response: { 201: demoRequest } } },
    async (request, reply) => reply.status(201).send(await service.requestDemo(ctx, request.user, request.body)),
  );

  app.get(
    '/api/admin/demo-requests',
    { onRequest: access('admin'), schema: { summary: 'Demo requests, newest first (admin)', response: { 200: z.array(demoRequest) } } },
    async () => service.listDemoRequests(ctx),
  );
});
