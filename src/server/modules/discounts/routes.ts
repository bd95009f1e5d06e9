import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '@server/lib/context';
import type { RoutesApp } from '@server/lib/routes/module-routes';
import * as contract from '@shared/contracts/discounts';
import { fraudPaths, rotateCodeBody, rotateCodeResponse } from '@shared/contracts/fraud';
import { idParam } from '@shared/contracts/common';
import type { ApiTokenScope } from '@shared/contracts/api-tokens';
import { requireBusinessProfile, requireRole } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags, tagRoutes } from '@server/lib/routes/openapi';
import * as codes from './codes-service';
import * as platforms from './platforms-service';
import { rotateCode } from './rotate-service';
import { storeApiRoutes } from './store-api-routes';
import { webhooksRoutes } from './webhooks-routes';
import { squareCatalogRoutes } from './square/catalog-routes';
import { squarespaceRoutes } from './squarespace/routes';
import { codeLinkRoutes } from './code-links/code-link-routes';

type OwnList = {
  summary: string;
  byBusinessIdSummary: string;
  items: z.ZodType<contract.DiscountCode[] | contract.IntegrationPlatform[]>;
  list: (ctx: AppContext, user: ReturnType<typeof requireBusinessProfile>) => Promise<contract.DiscountCode[] | contract.IntegrationPlatform[]>;
  /** The API token scope that may read the list too (decision record 043). */
  token?: ApiTokenScope;
};

/** The caller's business's list at `path`, and again at `path/business/:businessId` for the caller's own business id only. */
function ownListRoutes(app: RoutesApp, ctx: AppContext, path: string, own: OwnList): void {
  app.get(path, { onRequest: access('businessProfile', { token: own.token }), schema: { summary: own.summary, response: { 200: own.items } } }, async (request) =>
    own.list(ctx, requireBusinessProfile(request)),
  );

  app.get(
    `${path}/business/:businessId`,
    { onRequest: access('businessProfile', { token: own.token }), schema: { summary: own.byBusinessIdSummary, params: contract.businessIdParam, response: { 200: own.items } } },
    async (request) => {
      const user = requireBusinessProfile(request);
      codes.assertOwnBusiness(user, request.params.businessId);
      return own.list(ctx, user);
    },
  );
}

export const discountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // The store API and the webhooks have tags of their own, so they are registered before this plugin's tag hook.
  await app.register(storeApiRoutes);
  await app.register(webhooksRoutes);
  tagRoutes(app, apiTags.discounts);
  await app.register(squareCatalogRoutes);
  await app.register(squarespaceRoutes);
  await app.register(codeLinkRoutes);

  // ---- discount codes (business owner) ----
  ownListRoutes(app, ctx, '/api/discount-codes', {
    summary: 'The caller’s discount codes with usage and revenue',
    byBusinessIdSummary: 'The caller’s discount codes (by business id)',
    items: z.array(contract.discountCode),
    list: codes.listCodes,
    token: 'codes:read',
  });

  app.get(
    '/api/discount-codes/pro-staff-options',
    { onRequest: access('business'), schema: { summary: 'Pro staff a code can be assigned to', response: { 200: z.array(contract.proStaffOption) } } },
    async (request) => {
      requireRole(request, 'business');
      return codes.proStaffOptions(ctx);
    },
  );

  app.post(
    '/api/discount-codes',
    { onRequest: access('businessProfile', { verifiedEmail: true, token: 'codes:write' }), schema: { summary: 'Create a discount code', body: contract.createDiscountCodeBody, response: { 201: contract.discountCode } } },
    async (request, reply) => reply.status(201).send(await codes.createCode(ctx, requireBusinessProfile(request), request.body)),
  );

  app.patch(
    '/api/discount-codes/:id',
    { onRequest: access('businessProfile', { verifiedEmail: true, token: 'codes:write' }), schema: { summary: 'Edit a discount code', params: idParam, body: contract.updateDiscountCodeBody, response: { 200: contract.discountCode } } },
    async (request) => codes.updateCode(ctx, requireBusinessProfile(request), request.params.id, request.body),
  );

  app.post(
    fraudPaths.rotateCode,
    {
      onRequest: access('businessProfile', { verifiedEmail: true }),
      schema: {
        summary: 'Rotate a leaked code: disabled in the store, replaced with the same terms, the staffer told',
        description:
          'The old code is made inactive and keeps its orders and commissions; the new one (`newCode`, or the old one with a suffix) has the same terms, rate, platform, expiry and staffer. ' +
          'A store that refuses (409) or cannot be reached (503) leaves everything as it was. Without admin access to the store, HuntStaff rotates alone and `store.detail` says what to do in the store.',
        params: idParam,
        body: rotateCodeBody,
        response: { 200: rotateCodeResponse },
      },
    },
    async (request) => rotateCode(ctx, requireBusinessProfile(request), request.params.id, request.body),
  );

  // ---- integration platforms (business owner) ----
  ownListRoutes(app, ctx, '/api/integration-platforms', {
    summary: 'The caller’s connected store platforms (keys masked)',
    byBusinessIdSummary: 'The caller’s connected store platforms (by business id)',
    items: z.array(contract.integrationPlatform),
    list: platforms.listPlatforms,
  });

  app.post(
    '/api/integration-platforms',
    {
      onRequest: access('businessProfile', { verifiedEmail: true }),
      schema: {
        summary: 'Connect a store platform',
        description: 'The answer is the only time the publishable key, the secret key and the webhook signing secret are shown in full.',
        body: contract.createPlatformBody,
        response: { 201: contract.integrationPlatformWithSecrets },
      },
    },
    async (request, reply) => reply.status(201).send(await platforms.createPlatform(ctx, requireBusinessProfile(request), request.body)),
  );

  app.patch(
    '/api/integration-platforms/:id',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Edit a store platform', params: idParam, body: contract.updatePlatformBody, response: { 200: contract.integrationPlatform } } },
    async (request) => platforms.updatePlatform(ctx, requireBusinessProfile(request), request.params.id, request.body),
  );

  app.post(
    '/api/integration-platforms/:id/rotate-key',
    {
      onRequest: access('businessProfile', { verifiedEmail: true }),
      schema: {
        summary: 'Issue a new publishable key, secret key or webhook signing secret',
        description: 'A replaced key stops at once; a replaced signing secret is still accepted for 24 hours. The new one is shown in full in this answer only.',
        params: idParam,
        body: contract.rotateKeyBody,
        response: { 200: contract.integrationPlatformWithSecrets },
      },
    },
    async (request) => platforms.rotateKey(ctx, requireBusinessProfile(request), request.params.id, request.body),
  );

  app.delete(
    '/api/integration-platforms/:id',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Remove a store platform (its orders and commissions stay)', params: idParam, response: { 204: z.null().describe('Removed') } } },
    async (request, reply) => {
      await platforms.deletePlatform(ctx, requireBusinessProfile(request), request.params.id);
      return reply.status(204).send(null); // a 204 never has a body: Fastify drops it
    },
  );

  app.get(
    '/api/integration-platforms/deliveries',
    { onRequest: access('businessProfile'), schema: { summary: 'The delivery log: store webhooks and browser order reports', response: { 200: z.array(contract.webhookDelivery) } } },
    async (request) => platforms.listDeliveries(ctx, requireBusinessProfile(request)),
  );
};
