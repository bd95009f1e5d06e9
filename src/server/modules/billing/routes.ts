import type { FastifyInstance } from 'fastify';
import { createSubscriptionBody } from '@shared/contracts/billing';
import { parse } from '../../lib/validate';
import { requireUser } from '../../lib/auth';
import * as service from './service';
import { handleEvent, verifyEvent } from './webhook-service';
import { pageViewRoutes } from './page-view-routes';

export async function billingRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/api/create-subscription', async (request) => {
    const user = requireUser(request);
    const body = parse(createSubscriptionBody, request.body);
    return service.createSubscription(ctx, user, body.tier);
  });

  app.get('/api/subscription-status', async (request) => service.subscriptionStatus(ctx, requireUser(request)));

  app.post('/api/cancel-subscription', async (request) => service.cancelSubscription(ctx, requireUser(request)));

  await app.register(stripeWebhookRoutes);
  await app.register(pageViewRoutes);
}

/** Encapsulated so only this route reads JSON as raw bytes: the signature covers the exact body. */
async function stripeWebhookRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

  app.post('/api/stripe/webhook', async (request) => {
    const signature = request.headers['stripe-signature'];
    const event = verifyEvent(ctx, request.body as Buffer | undefined, Array.isArray(signature) ? signature[0] : signature);
    return handleEvent(ctx, event);
  });
}
