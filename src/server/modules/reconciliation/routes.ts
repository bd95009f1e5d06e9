import { reconciliationQuery, reconciliationReport } from '@shared/contracts/reconciliation';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

/** Payout reconciliation with Stripe (decision record 037): the admin report, computed live, and the daily check. */
export const reconciliationRoutes = moduleRoutes(apiTags.admin, (app, ctx) => {
  ctx.tasks.schedule(service.RECONCILE_TASK, 24 * 60 * 60, (taskCtx) => service.reconcileRecent(taskCtx));

  app.get(
    '/api/admin/reconciliation',
    {
      onRequest: access('admin'),
      schema: {
        summary: 'Payouts recorded as paid compared with Stripe’s transfers',
        description:
          'Per business and currency, every mismatch between the transfers HuntStaff recorded as paid and the transfers Stripe lists ' +
          'between two UTC days (both included; the last 7 days by default): missing at Stripe, another amount or currency, reversed at Stripe, ' +
          'or a HuntStaff payout transfer not recorded as paid. Read live from Stripe; 503 when Stripe is not configured or cannot be reached. ' +
          'See decision record 037.',
        querystring: reconciliationQuery,
        response: { 200: reconciliationReport },
      },
    },
    async (request) => service.reconcile(ctx, request.query),
  );
});
