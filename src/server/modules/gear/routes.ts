import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { idParam, messageReply, noContent, platformIdParam, proStaffIdParam } from '@shared/contracts/common';
import * as contract from '@shared/contracts/gear';
import { requireBusinessProfile, requireProStaffProfile } from '@server/lib/auth';
import { AppError } from '@server/lib/errors';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import { utcDay } from '@server/lib/utc-day';
import * as catalog from './catalog-service';
import * as pricing from './pro-pricing-service';
import { PROMOTE_TASK, promoteQualified } from './promotion-service';
import * as read from './read-service';
import * as repo from './repository';
import * as requests from './requests-service';
import { CREATE_ORDER_TASK, createOrder } from './shipments-service';
import { saveCredentials } from './store-access';
import * as tiers from './tiers-service';

const payloadId = (payload: unknown, key: string) => Number((payload as Record<string, unknown>)[key]);

/** Pay in gear (docs/decisions/038-pay-in-gear.md). */
export const gearRoutes = moduleRoutes(apiTags.gear, (app, ctx) => {
  const businessOnly = access('businessProfile');
  const proStaffOnly = access('proStaffProfile');

  ctx.tasks.register(CREATE_ORDER_TASK, (taskCtx, task) => createOrder(taskCtx, payloadId(task.payload, 'shipmentId')), { maxAttempts: 12 });
  ctx.tasks.register(catalog.SYNC_CATALOG_TASK, (taskCtx, task) => catalog.syncCatalog(taskCtx, payloadId(task.payload, 'businessId')));
  ctx.tasks.register(pricing.CREATE_CODE_TASK, (taskCtx, task) => pricing.createInStore(taskCtx, payloadId(task.payload, 'codeId')));
  ctx.tasks.register(pricing.DISABLE_CODE_TASK, (taskCtx, task) => pricing.disableInStore(taskCtx, payloadId(task.payload, 'codeId')));
  ctx.tasks.schedule(pricing.END_CODES_TASK, 24 * 60 * 60, (taskCtx) => pricing.endCodesWithoutAgreement(taskCtx));
  ctx.tasks.schedule(PROMOTE_TASK, 24 * 60 * 60, (taskCtx) => promoteQualified(taskCtx));

  // ---- the business's program

  app.get('/api/gear/tiers', { onRequest: businessOnly, schema: { summary: 'The program’s tiers, lowest first', response: { 200: z.array(contract.programTier) } } }, async (request) =>
    tiers.listTiers(ctx, requireBusinessProfile(request)),
  );

  app.post(
    '/api/gear/tiers',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: `Add a tier (at most ${contract.MAX_TIERS})`, body: contract.tierFields, response: { 201: contract.programTier } } },
    async (request, reply) => reply.status(201).send(await tiers.createTier(ctx, requireBusinessProfile(request), request.body)),
  );

  app.put(
    '/api/gear/tiers/:id',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Change a tier (its staffers’ allotment and pro pricing follow)', params: idParam, body: contract.tierFields, response: { 200: contract.programTier } } },
    async (request) => tiers.updateTier(ctx, requireBusinessProfile(request), request.params.id, request.body),
  );

  app.delete(
    '/api/gear/tiers/:id',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Delete a tier nobody is placed in (409 otherwise)', params: idParam, response: { 204: noContent } } },
    async (request, reply) => {
      await tiers.deleteTier(ctx, requireBusinessProfile(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/gear/staff/:proStaffId/tier',
    {
      onRequest: access('businessProfile', { verifiedEmail: true }),
      schema: { summary: 'Place a rostered pro staffer in a tier, or move them (written in the agreement history, told to them)', params: proStaffIdParam, body: contract.placeInTier, response: { 204: noContent } },
    },
    async (request, reply) => {
      await tiers.placeStaffer(ctx, requireBusinessProfile(request), request.params.proStaffId, request.body.tierId, request.body.reason);
      return reply.status(204).send(null);
    },
  );

  app.get('/api/gear/settings', { onRequest: businessOnly, schema: { summary: 'Where gear comes from and what a shipment owes', response: { 200: contract.gearSettings } } }, async (request) =>
    catalog.getSettings(ctx, requireBusinessProfile(request)),
  );

  app.put(
    '/api/gear/settings',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Choose the store, the seedable tags and collections, and what a delivered shipment owes', body: contract.gearSettingsFields, response: { 200: contract.gearSettings } } },
    async (request) => catalog.saveSettings(ctx, requireBusinessProfile(request), request.body),
  );

  app.put(
    '/api/gear/stores/:platformId/credentials',
    {
      onRequest: access('businessProfile', { verifiedEmail: true }),
      schema: {
        summary: 'Give a Shopify or WooCommerce store’s admin API credentials (kept sealed, never answered back)',
        description: 'Shopify: a custom app’s Admin API access token with read_products, read_inventory, write_draft_orders, read_orders, write_discounts and read_customers/write_customers. WooCommerce: a REST API key with read/write permission. BigCommerce stores use the API token given when the store was connected. Magento 2 / Adobe Commerce (attribution, decision record 040): the store’s https address and an integration’s access token with Sales › Operations › Orders and Credit Memos; its orders are then read every 5 minutes.',
        params: platformIdParam,
        body: contract.storeAdminCredentials,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await saveCredentials(ctx, requireBusinessProfile(request).businessId, request.params.platformId, request.body);
      return reply.status(204).send(null);
    },
  );

  app.post('/api/gear/catalog/sync', { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Read the catalog from the store again (in the background)', response: { 202: messageReply } } }, async (request, reply) =>
    reply.status(202).send(await catalog.requestSync(ctx, requireBusinessProfile(request))),
  );

  app.get(
    '/api/gear/catalog',
    { onRequest: businessOnly, schema: { summary: 'The store’s products with whether each is seedable', querystring: contract.catalogQuery, response: { 200: z.array(contract.catalogProduct) } } },
    async (request) => catalog.catalogOf(ctx, requireBusinessProfile(request).businessId, { q: request.query.q, seedableOnly: request.query.seedable === 'true' }),
  );

  app.get(
    '/api/gear/requests',
    { onRequest: businessOnly, schema: { summary: 'Gear requests, newest first', querystring: contract.gearRequestQuery, response: { 200: z.array(contract.gearRequest) } } },
    async (request) => read.businessRequests(ctx, requireBusinessProfile(request).businessId, request.query.status),
  );

  app.put(
    '/api/gear/requests/:id/items',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Change what a waiting request asks for (within the allotment)', params: idParam, body: contract.editGearRequest, response: { 200: contract.gearRequest } } },
    async (request) => requests.editRequest(ctx, requireBusinessProfile(request), request.params.id, request.body.items),
  );

  app.post(
    '/api/gear/requests/decide',
    {
      onRequest: access('businessProfile', { verifiedEmail: true }),
      schema: {
        summary: 'Approve or decline waiting requests, one or many at once',
        description: 'Each request is decided on its own: the answer lists those decided and, for the others, why not (no longer waiting, out of stock, over the allotment). An approval places the order in the store in the background.',
        body: contract.gearDecision,
        response: { 200: contract.gearDecisionResult },
      },
    },
    async (request) => requests.decide(ctx, requireBusinessProfile(request), request.body),
  );

  app.get(
    '/api/gear/overview',
    { onRequest: businessOnly, schema: { summary: 'Allotment use per tier and staffer, and the program’s cost, for a season', querystring: contract.seasonQuery, response: { 200: contract.gearOverview } } },
    async (request) => read.overview(ctx, requireBusinessProfile(request).businessId, request.query.season),
  );

  app.get(
    '/api/gear/compensation/business',
    { onRequest: businessOnly, schema: { summary: 'Gear value given in a calendar year, per staffer and currency, with its entries (non-cash compensation)', querystring: contract.yearQuery, response: { 200: contract.gearCompensation } } },
    async (request) => read.compensation(ctx, { businessId: requireBusinessProfile(request).businessId }, request.query.year),
  );

  const statement = (whose: string) => ({
    summary: `Statement of ${whose} gear (CSV), one calendar year`,
    description: `One row per gear entry (retail value, non-cash compensation). Columns: ${contract.gearStatementColumns.join(', ')}. ${contract.GEAR_TAX_NOTICE}`,
    querystring: contract.yearQuery,
    produces: ['text/csv'],
    response: { 200: z.string().describe('text/csv, downloaded as huntstaff-gear-….csv') },
  });
  const sendCsv = (reply: FastifyReply, kind: string, year: number | undefined, csv: string) =>
    reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="huntstaff-gear-${kind}-${year ?? new Date().getUTCFullYear()}.csv"`).send(csv);

  app.get('/api/gear/compensation/business/statement', { onRequest: businessOnly, schema: statement('the gear the caller’s business gave') }, async (request, reply) =>
    sendCsv(reply, 'business', request.query.year, await read.compensationCsv(ctx, { businessId: requireBusinessProfile(request).businessId }, request.query.year)),
  );

  // ---- the staffer's gear

  app.get('/api/gear/compensation/mine/statement', { onRequest: proStaffOnly, schema: statement('the gear the caller received') }, async (request, reply) =>
    sendCsv(reply, 'pro-staff', request.query.year, await read.compensationCsv(ctx, { proStaffId: requireProStaffProfile(request).proStaffId }, request.query.year)),
  );

  app.get(
    '/api/gear/compensation/mine',
    { onRequest: proStaffOnly, schema: { summary: 'Gear value received in a calendar year, per brand and currency, with its entries (non-cash compensation)', querystring: contract.yearQuery, response: { 200: contract.gearCompensation } } },
    async (request) => read.compensation(ctx, { proStaffId: requireProStaffProfile(request).proStaffId }, request.query.year),
  );

  app.get('/api/gear/mine', { onRequest: proStaffOnly, schema: { summary: 'The caller’s gear programs: tier, allotment, pro pricing, requests and shipments', response: { 200: contract.myGear } } }, async (request) =>
    read.myGear(ctx, requireProStaffProfile(request).proStaffId),
  );

  app.get(
    '/api/gear/businesses/:businessId/catalog',
    { onRequest: proStaffOnly, schema: { summary: 'A brand’s seedable gear (its rostered staff only)', params: contract.businessIdInUrl, querystring: contract.catalogQuery, response: { 200: z.array(contract.catalogProduct) } } },
    async (request) => {
      const user = requireProStaffProfile(request);
      if (!(await repo.liveAgreementOf(ctx.db, request.params.businessId, user.proStaffId, utcDay()))) throw new AppError('FORBIDDEN', 'You can see the gear of brands whose roster you are on.');
      return catalog.catalogOf(ctx, request.params.businessId, { q: request.query.q, seedableOnly: true });
    },
  );

  app.post(
    '/api/gear/requests',
    { onRequest: access('proStaffProfile', { verifiedEmail: true }), schema: { summary: 'Ask for gear within what is left of the allotment', body: contract.newGearRequest, response: { 201: contract.gearRequest } } },
    async (request, reply) => reply.status(201).send(await requests.createRequest(ctx, requireProStaffProfile(request), request.body)),
  );

  app.post(
    '/api/gear/requests/:id/cancel',
    { onRequest: access('proStaffProfile', { verifiedEmail: true }), schema: { summary: 'Cancel a request still waiting for approval', params: idParam, response: { 200: contract.gearRequest } } },
    async (request) => requests.cancelRequest(ctx, requireProStaffProfile(request), request.params.id),
  );
});
