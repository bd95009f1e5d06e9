import { z } from 'zod';
import * as contract from '@shared/contracts/fraud';
import { idParam, noContent } from '@shared/contracts/common';
import { requireBusinessProfile, requireProStaffProfile } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import { purgeOrderRisk } from './attribution';
import * as flags from './flags-service';
import * as household from './household-service';
import * as settings from './settings';

const paths = contract.fraudPaths;

export const fraudRoutes = moduleRoutes(apiTags.fraud, (app, ctx) => {
  const business = access('businessProfile');
  // Money moves on a decision, as on the other money routes: only a confirmed account decides.
  const businessDeciding = access('businessProfile', { verifiedEmail: true });
  const proStaff = access('proStaffProfile');
  const admin = access('admin');
  // Open flags past their expiry approve themselves; order risk rows past retention go (decision record 039).
  ctx.tasks.schedule(flags.EXPIRE_FLAGS_TASK, 15 * 60, (taskCtx) => flags.expireFlags(taskCtx));
  ctx.tasks.schedule('fraud.purge-order-risk', 24 * 60 * 60, async (taskCtx) => ({ purged: await purgeOrderRisk(taskCtx.db, new Date()) }));

  app.get(paths.flags, {
    onRequest: business,
    schema: { summary: 'Flagged orders of the caller’s business', description: `Newest first, ${flags.FLAGS_PAGE_SIZE} a page; filter by status, signal or pro staffer.`, querystring: contract.fraudFlagsQuery, response: { 200: contract.fraudFlagsPage } },
  }, async (request) => flags.listFlags(ctx, requireBusinessProfile(request).businessId, request.query));

  app.post(paths.decide, {
    onRequest: businessDeciding,
    schema: {
      summary: 'Approve or reject flagged orders (all or nothing)',
      description: 'approve releases a held commission (payable again); reject reverses it in the ledger with the reason, which the pro staffer sees. A flag already decided answers 409.',
      body: contract.decideFlagsBody, response: { 200: contract.decideFlagsResponse },
    },
  }, async (request) => flags.decideFlags(ctx, requireBusinessProfile(request).businessId, request.body));

  app.get(paths.staffers, { onRequest: business, schema: { summary: 'Flags per pro staffer of the caller’s business', response: { 200: contract.stafferRiskList } } },
    async (request) => flags.stafferRisks(ctx, requireBusinessProfile(request).businessId));

  app.get(paths.settings, { onRequest: business, schema: { summary: 'The caller’s code-abuse rules', response: { 200: contract.fraudSettings } } },
    async (request) => settings.getSettings(ctx, requireBusinessProfile(request)));

  app.put(paths.settings, {
    onRequest: businessDeciding,
    schema: { summary: 'Change the code-abuse rules', description: 'Per signal a mode (flag, hold, auto_reject); expiryDays (null: open flags stay held until decided); the business’s own coupon-site domains.', body: contract.updateFraudSettingsBody, response: { 200: contract.fraudSettings } },
  }, async (request) => settings.saveSettings(ctx, requireBusinessProfile(request), request.body));

  app.get(paths.ownFlags, {
    onRequest: proStaff,
    schema: { summary: 'Flags on the caller’s own orders', description: 'With the business’s reason on rejection; evidence is reduced to the signal’s name.', querystring: z.object({ page: contract.fraudFlagsQuery.shape.page }), response: { 200: contract.fraudFlagsPage } },
  }, async (request) => flags.ownFlags(ctx, requireProStaffProfile(request).proStaffId, request.query.page));

  app.get(paths.householdAddresses, { onRequest: proStaff, schema: { summary: 'The caller’s household addresses (masked)', response: { 200: contract.householdAddressList } } },
    async (request) => household.list(ctx, requireProStaffProfile(request).proStaffId));

  app.post(paths.householdAddresses, {
    onRequest: access('proStaffProfile', { verifiedEmail: true }),
    schema: { summary: 'Add a household address for the own-use check', description: 'Stored only as a keyed hash of the normalised address and a masked label.', body: contract.householdAddressBody, response: { 201: contract.householdAddress } },
  }, async (request, reply) => reply.status(201).send(await household.add(ctx, requireProStaffProfile(request).proStaffId, request.body)));

  app.delete(paths.householdAddress, {
    onRequest: proStaff,
    schema: { summary: 'Remove one of the caller’s household addresses', params: idParam, response: { 204: noContent } },
  }, async (request, reply) => {
    await household.remove(ctx, requireProStaffProfile(request).proStaffId, request.params.id);
    return reply.status(204).send(null);
  });

  app.get(paths.adminCouponSites, { onRequest: admin, schema: { summary: 'The deployment’s coupon-site list', response: { 200: contract.couponSiteList } } },
    async () => ({ domains: await settings.deploymentCouponSites(ctx.db) }));

  app.put(paths.adminCouponSites, { onRequest: admin, schema: { summary: 'Replace the deployment’s coupon-site list', body: contract.updateCouponSiteListBody, response: { 200: contract.couponSiteList } } },
    async (request) => settings.saveDeploymentCouponSites(ctx, request.body.domains));

  app.get(paths.adminRepeated, {
    onRequest: admin,
    schema: { summary: 'Pro staff with repeated rejected flags', description: `At least ${flags.REPEATED_REJECTIONS_MIN} rejected orders; counts of businesses, never which.`, response: { 200: contract.repeatedRejections } },
  }, async () => flags.repeatedRejections(ctx));
});
