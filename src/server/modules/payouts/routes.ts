import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@shared/contracts/payouts';
import { idParam } from '@shared/contracts/common';
import { requireBusinessProfile, requireProStaffProfile } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import { createAccountLink, getAccount, handleConnectEvent, verifyConnectEvent } from './accounts-service';
import { payNow, processPayout, PROCESS_PAYOUT_TASK } from './pay-service';
import * as read from './read-service';

// Payouts through Stripe Connect: docs/decisions/025-payouts-stripe-connect.md.
export const payoutsRoutes = moduleRoutes(apiTags.payouts, async (app, ctx) => {
  const proStaffOnly = access('proStaffProfile');
  // The business's own payout records, readable by an Enterprise API token too (decision record 043).
  const businessOrToken = access('businessProfile', { token: 'payouts:read' });
  // Finishes a payout whose request was interrupted (record 023): idempotent, Stripe calls carry the payout's keys.
  ctx.tasks.register(PROCESS_PAYOUT_TASK, async (taskCtx, task) => {
    await processPayout(taskCtx, Number((task.payload as { payoutId: number }).payoutId));
  });

  app.get(
    '/api/payout-account',
    { onRequest: proStaffOnly, schema: { summary: 'The caller’s payout account (Stripe Connect Express) and its state', response: { 200: contract.payoutAccount } } },
    async (request) => getAccount(ctx, requireProStaffProfile(request)),
  );

  app.post(
    '/api/payout-account/link',
    {
      onRequest: access('proStaffProfile', { verifiedEmail: true }),
      schema: {
        summary: 'A link to Stripe’s hosted onboarding for the caller’s payout account',
        description: 'Creates the Express account the first time. The link is short-lived: open it at once. Onboarding returns to the pro staff dashboard; the account’s state arrives by the account.updated webhook. 503 when payments are not configured.',
        response: { 200: contract.payoutAccountLink },
      },
    },
    async (request) => createAccountLink(ctx, requireProStaffProfile(request)),
  );

  app.post(
    '/api/payouts',
    {
      onRequest: access('businessProfile', { verifiedEmail: true }),
      schema: {
        summary: 'Pay now: pay payable commissions in one payout',
        description:
          'One charge to the business’s saved card, then one transfer per pro staffer to their payout account; each pro staffer’s outstanding negative entries in the currency are netted off. ' +
          'All commissions must be the caller’s, pending, past their hold, in one currency and in no other payout, and their pro staff must have a ready payout account (409 otherwise, with details). ' +
          'A payout whose total is under the payment provider’s minimum charge for its currency (USD 0.50, GBP 0.30, JPY 50, …) is refused with 400 before anything is created or charged. ' +
          'The payout locks what it pays: a refund or cancellation of a commission while its payout is processing does not change the transfer; it becomes a negative adjustment (clawback) netted off the next payout, or is folded back into the commission if the transfer fails. ' +
          'Answers the payout: paid, partial, failed with the reason, or processing when the payment provider is slow (it is finished in the background).',
        body: contract.payNowBody,
        response: { 201: contract.payout },
      },
    },
    async (request, reply) => reply.status(201).send(await payNow(ctx, requireBusinessProfile(request), request.body.commissionIds)),
  );

  app.get(
    '/api/payouts/business',
    { onRequest: businessOrToken, schema: { summary: 'The caller’s business’s payouts (newest first) and what it owes each pro staffer now', response: { 200: contract.businessPayouts } } },
    async (request) => read.listBusinessPayouts(ctx, requireBusinessProfile(request)),
  );

  app.get(
    '/api/payouts/pro-staff',
    { onRequest: proStaffOnly, schema: { summary: 'Payouts the caller received (newest first) and their balance with each business', response: { 200: contract.proStaffPayouts } } },
    async (request) => read.listProStaffPayouts(ctx, requireProStaffProfile(request)),
  );

  const statement = (whose: string) => ({
    summary: `Statement of ${whose} payouts (CSV)`,
    description:
      `One row per transfer (a payout to one pro staffer) of payouts created between from and to (UTC days, inclusive; both optional), optionally of one status, oldest first. ` +
      `Columns: ${contract.payoutStatementColumns.join(', ')}. Amounts are in each row's currency.`,
    querystring: contract.payoutStatementQuery,
    produces: ['text/csv'],
    response: { 200: z.string().describe('text/csv') },
  });

  app.get('/api/payouts/business/statement', { onRequest: businessOrToken, schema: statement('the caller’s business’s') }, async (request, reply) => {
    const csv = await read.businessStatementCsv(ctx, requireBusinessProfile(request), request.query);
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${read.statementFileName('business', request.query)}"`).send(csv);
  });

  app.get('/api/payouts/pro-staff/statement', { onRequest: proStaffOnly, schema: statement('the caller’s received') }, async (request, reply) => {
    const csv = await read.proStaffStatementCsv(ctx, requireProStaffProfile(request), request.query);
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${read.statementFileName('pro-staff', request.query)}"`).send(csv);
  });

  app.get(
    '/api/payouts/:id',
    { onRequest: businessOrToken, schema: { summary: 'One payout of the caller’s business', params: idParam, response: { 200: contract.payout } } },
    async (request) => read.businessPayout(ctx, requireBusinessProfile(request), request.params.id),
  );

  await app.register(connectWebhookRoutes);
});

/** Raw bytes for this route alone: the signature covers the exact body (as /api/stripe/webhook). */
const connectWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
  app.post(
    '/api/stripe/connect-webhook',
    {
      schema: {
        summary: 'Stripe Connect event webhook',
        description:
          'Events on connected accounts (Stripe’s Connect endpoint, its own signing secret STRIPE_CONNECT_WEBHOOK_SECRET), raw JSON verified with Stripe-Signature. ' +
          'account.updated refreshes that payout account from Stripe; other types are answered with ignored, a repeated event with duplicate. 400 for a missing or wrong signature; 503 without the secret.',
        tags: [apiTags.webhooks.name],
        security: [{ stripeSignature: [] }],
        response: { 200: contract.connectWebhookResult },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      return handleConnectEvent(ctx, verifyConnectEvent(ctx, request.body as Buffer | undefined, Array.isArray(signature) ? signature[0] : signature));
    },
  );
};
