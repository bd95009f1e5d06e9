import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformIdParam } from '@shared/contracts/discounts';
import { squarespaceSubscription, squarespaceSubscriptionPath } from '@shared/contracts/squarespace';
import { requireBusinessProfile } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { subscribe, subscriptionOf } from './subscription-service';

/** Squarespace's webhook subscription, made by the business with its saved key (decision record 040). */
export const squarespaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const path = squarespaceSubscriptionPath(':platformId');

  app.post(
    path,
    {
      onRequest: access('businessProfile', { verifiedEmail: true }),
      schema: {
        summary: 'Subscribe a Squarespace platform to its store’s order notifications',
        description:
          'Calls Squarespace’s Webhook Subscriptions API with the key saved through PUT /api/gear/stores/{platformId}/credentials ({platform: "squarespace", apiKey}) for the topics order.create and order.update, pointed at /api/webhooks/squarespace/{platformId} on this server’s public URL (HTTPS). Subscribing again replaces the subscription (the old one is deleted; its secret is accepted for 24 hours). The subscription’s secret is kept as the platform’s signing secret and never answered. Squarespace documents that only OAuth tokens may manage webhook subscriptions: a key it refuses answers 400.',
        params: platformIdParam,
        response: { 200: squarespaceSubscription },
      },
    },
    async (request) => subscribe(ctx, requireBusinessProfile(request), request.params.platformId),
  );

  app.get(
    path,
    { onRequest: access('businessProfile'), schema: { summary: 'The Squarespace platform’s webhook subscription (null before Subscribe)', params: platformIdParam, response: { 200: squarespaceSubscription.nullable() } } },
    async (request) => subscriptionOf(ctx, requireBusinessProfile(request), request.params.platformId),
  );
};

