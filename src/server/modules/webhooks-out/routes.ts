import { z } from 'zod';
import { idParam, noContent } from '@shared/contracts/common';
import * as contract from '@shared/contracts/webhooks-out';
import { requireBusinessProfile } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import { deliverTask } from './delivery';
import { DELIVER_TASK, DELIVER_TASK_ATTEMPTS } from './outbox';
import * as service from './service';

/** Outgoing webhooks of an Enterprise brand (decision record 044). */
export const webhooksOutRoutes = moduleRoutes(apiTags.webhooksOut, (app, ctx) => {
  ctx.tasks.register(DELIVER_TASK, deliverTask, { maxAttempts: DELIVER_TASK_ATTEMPTS });

  const write = access('businessProfile', { verifiedEmail: true });

  app.get(
    '/api/webhook-endpoints',
    { onRequest: access('businessProfile'), schema: { summary: 'The business’s outgoing webhook endpoints', response: { 200: z.array(contract.endpoint) } } },
    async (request) => service.listEndpoints(ctx, requireBusinessProfile(request)),
  );

  app.post(
    '/api/webhook-endpoints',
    { onRequest: write, schema: { summary: 'Add an endpoint (Enterprise); its signing secret is in this answer only', body: contract.createEndpointBody, response: { 201: contract.endpointWithSecret } } },
    async (request, reply) => reply.status(201).send(await service.createEndpoint(ctx, requireBusinessProfile(request), request.body)),
  );

  app.patch(
    '/api/webhook-endpoints/:id',
    { onRequest: write, schema: { summary: 'Change an endpoint’s URL, description, events, or turn it on or off', params: idParam, body: contract.updateEndpointBody, response: { 200: contract.endpoint } } },
    async (request) => service.updateEndpoint(ctx, requireBusinessProfile(request), request.params.id, request.body),
  );

  app.delete(
    '/api/webhook-endpoints/:id',
    { onRequest: write, schema: { summary: 'Delete an endpoint with its delivery log', params: idParam, response: { 204: noContent } } },
    async (request, reply) => {
      await service.deleteEndpoint(ctx, requireBusinessProfile(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/webhook-endpoints/:id/rotate-secret',
    { onRequest: write, schema: { summary: 'A new signing secret (shown once); the old one keeps signing for 24 hours', params: idParam, response: { 200: contract.endpointWithSecret } } },
    async (request) => service.rotateSecret(ctx, requireBusinessProfile(request), request.params.id),
  );

  app.get(
    '/api/webhook-deliveries',
    { onRequest: access('businessProfile'), schema: { summary: 'The newest 100 deliveries with their attempts', querystring: contract.deliveriesQuery, response: { 200: z.array(contract.delivery) } } },
    async (request) => service.listDeliveries(ctx, requireBusinessProfile(request), request.query.endpointId),
  );

  app.post(
    '/api/webhook-deliveries/:id/resend',
    { onRequest: write, schema: { summary: 'Send a delivery again now, with the same event id', params: idParam, response: { 202: z.object({ queued: z.literal(true) }) } } },
    async (request, reply) => reply.status(202).send(await service.resend(ctx, requireBusinessProfile(request), request.params.id)),
  );
});
