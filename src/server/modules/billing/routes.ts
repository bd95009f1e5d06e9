import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@shared/contracts/billing';
import { requireUser } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';
import { handleEvent, verifyEvent } from './webhook-service';
import { pageViewRoutes } from './page-view-routes';
import { runTrialJobs, startTrial, TRIAL_TASK } from './trial-service';
import { trialTestRoutes } from './trial-test-routes';
import { planChangeRoutes } from './plan-change-routes';

export const billingRoutes = moduleRoutes(apiTags.billing, async (app, ctx) => {
  app.post(
    '/api/create-subscription',
    {
      onRequest: access('signedIn', { verifiedEmail: true }),
      schema: { summary: 'Subscribe to a plan (or change plan)', description: 'Answers the Stripe intent to confirm in the browser.', body: contract.createSubscriptionBody, response: { 200: contract.createSubscriptionResponse } },
    },
    async (request) => service.createSubscription(ctx, requireUser(request), request.body.tier),
  );

  app.get(
    '/api/subscription-status',
    { onRequest: access('signedIn'), schema: { summary: 'The caller’s plan, subscription and free trial', response: { 200: contract.subscriptionStatusResponse } } },
    async (request) => service.subscriptionStatus(ctx, requireUser(request)),
  );

  app.post(
    '/api/cancel-subscription',
    { onRequest: access('signedIn'), schema: { summary: 'Cancel the caller’s subscription at the end of the paid period', response: { 200: contract.cancelSubscriptionResponse } } },
    async (request) => service.cancelSubscription(ctx, requireUser(request)),
  );

  app.post(
    '/api/start-trial',
    { onRequest: access('signedIn', { verifiedEmail: true }), schema: { summary: 'Start the account’s one free trial of a paid plan', body: contract.startTrialBody, response: { 200: contract.trialStatus } } },
    async (request) => startTrial(ctx, requireUser(request), request.body.tier),
  );

  // Trial reminders and ends: a scheduled background task, once per 10 minutes across all instances (record 023).
  ctx.tasks.schedule(TRIAL_TASK, 10 * 60, (taskCtx) => runTrialJobs(taskCtx));
  // Never in development or production: lets browser tests move a trial's end.
  if (ctx.config.env === 'test') await app.register(trialTestRoutes);

  await app.register(planChangeRoutes);
  await app.register(stripeWebhookRoutes);
  await app.register(pageViewRoutes);
});

/**
 * Encapsulated so only this route reads JSON as raw bytes: the signature covers the exact body. No body schema
 * for the same reason (it would validate the bytes, not Stripe's event).
 */
const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    '/api/stripe/webhook',
    {
      schema: {
        summary: 'Stripe event webhook',
        description:
          'Stripe’s events as raw JSON (up to 512 KiB), verified with the Stripe-Signature header over the exact bytes. Subscription and invoice events update the account’s plan; ' +
          'other event types are answered with ignored, an event already processed with duplicate. 400 for a missing or wrong signature; 503 when this server has no webhook secret configured.',
        tags: [apiTags.webhooks.name],
        security: [{ stripeSignature: [] }],
        response: { 200: contract.stripeWebhookResult },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const event = verifyEvent(ctx, request.body as Buffer | undefined, Array.isArray(signature) ? signature[0] : signature);
      return handleEvent(ctx, event);
    },
  );
};
