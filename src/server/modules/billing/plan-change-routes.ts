import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@shared/contracts/billing';
import { requireUser } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { applyPlanChange, previewPlanChange } from './plan-change-service';
import { claimMoneyBack, listRefunds, moneyBackStatus } from './money-back-service';

/** Plan changes with proration and the 30-day money-back guarantee (decision record 042). */
export const planChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tooMany = () => 'Too many subscription attempts. Please wait a few minutes and try again.';

  app.post(
    '/api/subscription/change-preview',
    {
      onRequest: access('signedIn', { verifiedEmail: true }),
      schema: {
        summary: 'Preview a plan change: what Stripe charges now, prorated',
        description: 'Stripe’s invoice preview for moving the live subscription to another plan at once. Send its prorationDate and amountDue back to confirm.',
        body: contract.planChangePreviewBody,
        response: { 200: contract.planChangePreview },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await ctx.rateLimits.subscriptionAttemptsByUser.consume(String(user.id), tooMany);
      return previewPlanChange(ctx, user, request.body.tier);
    },
  );

  app.post(
    '/api/subscription/change',
    {
      onRequest: access('signedIn', { verifiedEmail: true }),
      schema: {
        summary: 'Change plan at once with prorated billing',
        description: 'Applies the previewed change with the same proration date. 409 when the preview went stale (another period, over 30 minutes old, or another amount now).',
        body: contract.planChangeBody,
        response: { 200: contract.planChangeResult },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await ctx.rateLimits.subscriptionAttemptsByUser.consume(String(user.id), tooMany);
      return applyPlanChange(ctx, user, request.body);
    },
  );

  app.get(
    '/api/subscription/money-back',
    { onRequest: access('signedIn'), schema: { summary: 'Whether the 30-day money-back guarantee applies, and why not', response: { 200: contract.moneyBackStatus } } },
    async (request) => moneyBackStatus(ctx, requireUser(request)),
  );

  app.post(
    '/api/subscription/money-back',
    {
      onRequest: access('signedIn'),
      schema: {
        summary: 'Cancel at once and refund the first 30 days’ payments',
        description: 'Within 30 days of the first payment, once per account: refunds those payments through Stripe, cancels the subscription at once and moves the account to Free.',
        response: { 200: contract.moneyBackResult },
      },
    },
    async (request) => claimMoneyBack(ctx, requireUser(request)),
  );

  app.get(
    '/api/admin/refunds',
    { onRequest: access('admin'), schema: { summary: 'Refunds of subscription payments (newest first)', response: { 200: contract.adminRefundsResponse } } },
    async () => listRefunds(ctx),
  );
};
