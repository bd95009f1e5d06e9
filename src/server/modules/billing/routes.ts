import type { FastifyInstance } from 'fastify';
import { createSubscriptionBody, startTrialBody } from '@shared/contracts/billing';
import { parse } from '../../lib/validate';
import { requireUser } from '../../lib/auth';
import * as service from './service';
import { handleEvent, verifyEvent } from './webhook-service';
import { pageViewRoutes } from './page-view-routes';
import { startTrial, startTrialScheduler } from './trial-service';
import { trialTestRoutes } from './trial-test-routes';

export async function billingRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/api/create-subscription', async (request) => {
    const user = requireUser(request);
    const body = parse(createSubscriptionBody, request.body);
    return service.createSubscription(ctx, user, body.tier);
  });

  app.get('/api/subscription-status', async (request) => service.subscriptionStatus(ctx, requireUser(request)));

  app.post('/api/cancel-subscription', async (request) => service.cancelSubscription(ctx, requireUser(request)));

  app.post('/api/start-trial', async (request) => {
    const user = requireUser(request);
    const body = parse(startTrialBody, request.body);
    return startTrial(ctx, user, body.tier);
  });

  // Trial reminders and ends run in-process; Vitest drives runTrialJobs directly instead.
  if (ctx.config.env !== 'test') {
    let stop: (() => void) | null = null;
    app.addHook('onReady', async () => {
      stop = startTrialScheduler(ctx);
    });
    app.addHook('onClose', async () => stop?.());
  }
  // Never in development or production: lets browser tests move a trial's end.
  if (ctx.config.env === 'test') await app.register(trialTestRoutes);

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
