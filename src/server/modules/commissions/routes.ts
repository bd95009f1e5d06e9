import { z } from 'zod';
import * as contract from '@shared/contracts/commissions';
import { idParam } from '@shared/contracts/common';
import { requireBusinessProfile, requireProStaffProfile } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

export const commissionsRoutes = moduleRoutes(apiTags.commissions, (app, ctx) => {
  const businessOnly = access('businessProfile');
  // The business's own commission records, readable by an Enterprise API token too (decision record 043).
  const businessOrToken = access('businessProfile', { token: 'commissions:read' });
  // Pro staff hear about commissions whose hold ended (decision records 023, 024).
  ctx.tasks.schedule(service.RELEASE_HOLDS_TASK, 15 * 60, (taskCtx) => service.releaseHolds(taskCtx));

  const statement = (kind: 'business' | 'pro-staff', whose: string) => ({
    summary: `Statement of ${whose} commissions (CSV)`,
    description:
      `One row per commission created between from and to (UTC days, inclusive; both optional), optionally of one status, oldest first. ` +
      `Columns: ${contract.statementColumns.join(', ')}. Amounts are in each row's currency; text cells that would start a spreadsheet formula get a leading apostrophe.`,
    querystring: contract.statementQuery,
    produces: ['text/csv'],
    response: { 200: z.string().describe(`text/csv, downloaded as huntstaff-commissions-${kind}-….csv`) },
  });

  app.get('/api/commissions/business/statement', { onRequest: businessOrToken, schema: statement('business', 'the caller’s business (all its pro staff)') }, async (request, reply) => {
    const csv = await service.statementCsv(ctx, { businessId: requireBusinessProfile(request).businessId }, request.query);
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${service.statementFileName('business', request.query)}"`).send(csv);
  });

  app.get('/api/commissions/pro-staff/statement', { onRequest: access('proStaffProfile'), schema: statement('pro-staff', 'the caller’s (all businesses)') }, async (request, reply) => {
    const csv = await service.statementCsv(ctx, { proStaffId: requireProStaffProfile(request).proStaffId }, request.query);
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${service.statementFileName('pro-staff', request.query)}"`).send(csv);
  });

  app.get(
    '/api/commissions/business/yearly-totals',
    {
      onRequest: businessOrToken,
      schema: {
        summary: 'Paid per pro staffer in a calendar year, for tax filing',
        description: 'By paid date (UTC), one entry per payee and currency, largest first; USD totals at or over the business’s reporting threshold have overThreshold. year defaults to the current one.',
        querystring: contract.yearQuery,
        response: { 200: contract.yearlyTotals },
      },
    },
    async (request) => service.yearlyTotals(ctx, requireBusinessProfile(request), request.query.year),
  );

  app.get(
    '/api/commission-settings',
    { onRequest: businessOnly, schema: { summary: 'The caller’s business commission settings (hold period)', response: { 200: contract.commissionSettings } } },
    async (request) => service.getSettings(ctx, requireBusinessProfile(request)),
  );

  app.put(
    '/api/commission-settings',
    {
      onRequest: access('businessProfile', { verifiedEmail: true }),
      schema: {
        summary: 'Change the hold period or the tax reporting threshold',
        description:
          `holdDays: 0 to ${contract.MAX_HOLD_DAYS} days (default ${contract.DEFAULT_HOLD_DAYS}); applies to order commissions created from now on, manual commissions are always payable at once. ` +
          `reportingThresholdCents: the yearly USD total per payee flagged for tax reporting (default ${contract.DEFAULT_REPORTING_THRESHOLD_CENTS}). Either or both; the other keeps its value.`,
        body: contract.commissionSettingsBody,
        response: { 200: contract.commissionSettings },
      },
    },
    async (request) => service.saveSettings(ctx, requireBusinessProfile(request), request.body),
  );

  app.post(
    '/api/commissions',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Record a commission owed to a pro staffer', body: contract.createCommissionBody, response: { 201: contract.commission } } },
    async (request, reply) => reply.status(201).send(await service.createCommission(ctx, requireBusinessProfile(request), request.body)),
  );

  app.get(
    '/api/commissions/business',
    { onRequest: businessOrToken, schema: { summary: 'Commissions the caller’s business owes or paid', response: { 200: z.array(contract.commission) } } },
    async (request) => service.listBusinessCommissions(ctx, requireBusinessProfile(request)),
  );

  app.get(
    '/api/commissions/pro-staff',
    { onRequest: access('proStaffProfile'), schema: { summary: 'Commissions the caller earned', response: { 200: z.array(contract.commission) } } },
    async (request) => service.listProStaffCommissions(ctx, requireProStaffProfile(request)),
  );

  app.get(
    '/api/commissions/payees',
    { onRequest: businessOnly, schema: { summary: 'Pro staff the business can pay, linked ones first', querystring: contract.payeeQuery, response: { 200: z.array(contract.commissionPayee) } } },
    async (request) => service.listPayees(ctx, requireBusinessProfile(request), request.query.search),
  );

  app.patch(
    '/api/commissions/:id/status',
    {
      onRequest: access('businessProfile', { verifiedEmail: true }),
      schema: {
        summary: 'Mark a commission paid or cancelled',
        description:
          'paid: paid outside HuntStaff; cancelled: the business cancels it (the store restoring the order never brings it back). Only a pending commission in no payout can change: ' +
          '409 when it is in a payout being processed, already paid or already cancelled. A refund or cancellation of the order after it was paid becomes a negative adjustment (clawback), netted off the pro staffer’s next payout.',
        params: idParam,
        body: contract.updateCommissionStatusBody,
        response: { 200: contract.commission },
      },
    },
    async (request) => service.updateStatus(ctx, requireBusinessProfile(request), request.params.id, request.body.status),
  );

  const rankingDefault = 'Without ?currency=, the business’s main currency: the one with the most paid commissions this month, else the one it has most commissions in, USD when it has none (see /api/rankings/{businessId}/currencies). Amounts of different currencies are never added.';

  app.get(
    '/api/rankings/:businessId/currencies',
    {
      onRequest: businessOnly,
      schema: {
        summary: 'The currencies the business can be ranked in, and its main one',
        description: 'Currencies of its commissions that are not cancelled: those with paid commissions this month (UTC) first, most first, then the others, most commissions first, ties by code. Counts only, never amounts.',
        params: contract.businessIdParam,
        response: { 200: contract.rankingCurrencies },
      },
    },
    async (request) => service.rankingCurrencies(ctx, requireBusinessProfile(request), request.params.businessId),
  );

  app.get(
    '/api/rankings/:businessId',
    {
      onRequest: businessOnly,
      schema: { summary: 'This month’s pro staff rankings in one currency', description: rankingDefault, params: contract.businessIdParam, querystring: contract.rankingQuery, response: { 200: z.array(contract.rankingEntry) } },
    },
    async (request) => service.rankings(ctx, requireBusinessProfile(request), request.params.businessId, new Date(), request.query.currency),
  );

  app.post(
    '/api/rankings/calculate/:businessId',
    {
      onRequest: access('businessProfile', { verifiedEmail: true }),
      schema: { summary: 'Recalculate this month’s rankings in one currency', description: rankingDefault, params: contract.businessIdParam, querystring: contract.rankingQuery, response: { 200: z.array(contract.rankingEntry) } },
    },
    async (request) => service.rankings(ctx, requireBusinessProfile(request), request.params.businessId, new Date(), request.query.currency),
  );
});
