import type { FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { codeParam, trackDiscountBody, trackOrderBody, trackPageviewBody, trackResponse, trackUsageBody, trackUsageResponse, validateCodeResponse, type TrackUsageResponse } from '@shared/contracts/discounts';
import { DEFAULT_CURRENCY, formatMinorUnits, parseMinorUnits } from '@shared/currency';
import { AppError, forbidden } from '@server/lib/errors';
import { apiTags, tagRoutes } from '@server/lib/routes/openapi';
import * as store from './store-service';
import { emptyFacts } from '@server/modules/fraud/signals';
import * as attribution from './attribution-service';

/** An amount in `currency`, or a 400 naming the field (e.g. three decimals for USD). */
function amountIn(value: number | string, currency: string, field = 'orderValue'): number {
  const minor = parseMinorUnits(value, currency);
  if (minor === null) {
    throw new AppError('VALIDATION', `${field}: Not an amount in ${currency}`, [{ path: field, message: `Use an amount in ${currency} with at most its currency's decimals` }]);
  }
  return minor;
}

type StoreKey = Awaited<ReturnType<typeof store.authenticateApiKey>>;
const SIGNAL_DESCRIPTION =
  'Publishable key. Order reports from browsers are unverified signals: shown in the delivery log, never a commission, and overwritten by a signed webhook or a secret-key track-usage call for the same order. ' +
  'Their amount is never used as the commission base, even when a signed delivery without an amount arrives later: the order then awaits a verified amount.';
const KEYS_DESCRIPTION =
  'Each integration platform has two keys, sent in the X-Api-Key header: the publishable key (page source: validate, page views, unverified order signals; ' +
  'browsers may call with CORS) and the secret key (your server only: track-usage, the only call besides signed webhooks that creates a commission).';

/**
 * The public store API, authenticated by a platform's X-Api-Key. The publishable key (browsers, CORS) may record
 * page views, check codes and report orders as unverified signals; only the secret key (servers) may report a
 * payable order through track-usage (docs/decisions/012-order-attribution-keys.md).
 */
export const storeApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  tagRoutes(app, apiTags.store);
  // Every store route answers the browser's preflight too (registered below, once the routes are known).
  const storePaths = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((method) => method === 'HEAD' || method === 'OPTIONS')) storePaths.add(route.url);
  });

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    reply.header('Access-Control-Allow-Origin', origin ?? '*');
    reply.header('Vary', 'Origin');
    reply.header('Access-Control-Expose-Headers', 'Retry-After');
  });

  async function authenticate(request: FastifyRequest) {
    const header = request.headers['x-api-key'];
    const found = await store.authenticateApiKey(ctx, Array.isArray(header) ? header[0] : header, request.ip);
    const origin = request.headers.origin;
    if (origin && found.kind === 'secret') {
      throw forbidden('The secret key is for your server only; a browser sent it. Rotate it on the Integration Platforms tab and use the publishable key in pages.');
    }
    if (origin && found.platform.storeOrigin && origin !== found.platform.storeOrigin) {
      throw forbidden(`Requests with this API key are only accepted from ${found.platform.storeOrigin}`);
    }
    return found;
  }

  /**
   * The key is checked after the body is parsed and before it is validated, as it always was: a malformed JSON body
   * is a 400 whatever the key, a bad key is a 401/403 whatever the (parsed) body.
   */
  const keys = new WeakMap<FastifyRequest, StoreKey>();
  const storeKey =
    (needs: 'any' | 'secret'): preValidationHookHandler =>
    async (request) => {
      const found = await authenticate(request);
      if (needs === 'secret' && found.kind !== 'secret') {
        throw forbidden('track-usage creates payable commissions and needs the platform\'s secret key (server to server). The publishable key can only report unverified signals to /api/track/order.');
      }
      keys.set(request, found);
    };
  const keyOf = (request: FastifyRequest): StoreKey => {
    const found = keys.get(request);
    if (!found) throw new AppError('UNAUTHENTICATED', 'Send your store API key in the X-Api-Key header');
    return found;
  };
  const security = [{ storeKey: [] }];
  const refusals = '401 without a valid key; 403 for an inactive platform, another business, an origin the platform does not allow, or the secret key sent by a browser; 429 with Retry-After when rate limited.';

  app.get(
    '/api/discount-codes/validate/:code',
    {
      preValidation: storeKey('any'),
      schema: {
        summary: 'Check whether a discount code can be used',
        description: `Either key; the code is case-insensitive. ${KEYS_DESCRIPTION} ${refusals}`,
        security,
        params: codeParam,
        response: { 200: validateCodeResponse },
      },
    },
    async (request) => store.validateCode(ctx, keyOf(request).platform, request.params.code),
  );

  app.post(
    '/api/discount-codes/track-usage',
    {
      preValidation: storeKey('secret'),
      schema: {
        summary: 'Record that an order used a discount code',
        description:
          'Secret key only (403 with the publishable key or from a browser). orderValue is the merchandise subtotal after discounts, before tax and shipping, ' +
          'in currency (USD when omitted) with at most its ISO 4217 decimals. Orders are idempotent per order id. Of all codes on an order, the first one owned by a pro staffer ' +
          'with a rate earns one commission: rate x merchandise subtotal, in the order currency (currencies are never added together); refunds reported by signed webhooks lower it proportionally, and cancellations or deletions cancel it. ' +
          'Once it is paid, or in a payout being processed, a refund or cancellation becomes a negative adjustment (clawback) netted off the pro staffer’s next payout. ' +
          'For an order a signed delivery recorded without an amount, this call supplies the verified amount (a browser-reported amount never does). ' +
          `Unknown codes answer 404; inactive, expired or wrong-platform codes answer 400. Nothing is stored then. ${refusals}`,
        security,
        body: trackUsageBody,
        response: {
          200: trackUsageResponse.describe('Already recorded: duplicate is true and nothing changed'),
          201: trackUsageResponse.describe('Recorded (with the commission created, if any)'),
        },
      },
    },
    async (request, reply) => {
      const { platform } = keyOf(request);
      const body = request.body;
      const currency = body.currency ?? DEFAULT_CURRENCY;
      const result = await attribution.applyVerifiedOrder(
        ctx,
        {
          platform, source: 'api', orderId: String(body.orderId), codes: [body.code], baseMinor: amountIn(body.orderValue, currency), currency,
          customerEmail: body.customerEmail,
          // The secret-key call says only the buyer's email; the other signals read the database (decision record 039).
          risk: { ...emptyFacts(), customerEmail: body.customerEmail ?? null },
        },
        { strict: true, topic: 'api/track-usage' },
      );
      const commission = result.commission;
      const answer: TrackUsageResponse = {
        orderId: result.order.orderId,
        code: result.order.code,
        orderValue: result.order.orderValueCents === null ? null : formatMinorUnits(result.order.orderValueCents, result.order.currency ?? currency),
        currency: result.order.currency,
        duplicate: result.outcome === 'duplicate',
        commission: commission
          ? { id: commission.id, proStaffId: commission.proStaffId, amount: formatMinorUnits(commission.amountCents, commission.currency), currency: commission.currency, status: commission.status }
          : null,
      };
      return reply.status(result.outcome === 'duplicate' ? 200 : 201).send(answer);
    },
  );

  app.post(
    '/api/track/pageview',
    {
      preValidation: storeKey('any'),
      schema: { summary: 'Track a storefront page view', description: `Publishable key (browsers). ${refusals}`, security, body: trackPageviewBody, response: { 202: trackResponse.describe('Recorded') } },
    },
    async (request, reply) => {
      const { platform } = keyOf(request);
      const body = request.body;
      store.assertBusinessMatches(platform, body.businessId);
      await store.recordTrackingEvent(ctx, {
        businessId: platform.businessId, platformId: platform.id, type: 'pageview', url: body.url, referrer: body.referrer || null,
        occurredAt: store.occurredAt(body.timestamp),
      });
      return reply.status(202).send({ recorded: true });
    },
  );

  app.post(
    '/api/track/discount',
    {
      preValidation: storeKey('any'),
      schema: {
        summary: 'Track an order that used a discount code',
        description: `${SIGNAL_DESCRIPTION} ${refusals}`,
        security,
        body: trackDiscountBody,
        response: { 202: trackResponse.describe('Recorded as an unverified signal') },
      },
    },
    async (request, reply) => {
      const { platform } = keyOf(request);
      const body = request.body;
      store.assertBusinessMatches(platform, body.businessId);
      const currency = body.currency ?? DEFAULT_CURRENCY;
      const valueMinor = amountIn(body.orderValue, currency);
      const orderId = String(body.orderId);
      const signal = await attribution.recordBrowserSignal(ctx, { platform, orderId, codes: [body.discountCode], valueMinor, currency, customerEmail: body.customerEmail });
      await store.recordTrackingEvent(ctx, {
        businessId: platform.businessId, platformId: platform.id, type: 'discount', discountCode: store.normaliseCode(body.discountCode), orderId, orderValueCents: valueMinor,
        occurredAt: store.occurredAt(body.timestamp),
      });
      await logSignal(platform, 'browser/track-discount', orderId, [body.discountCode]);
      return sendTracked(reply, signal.duplicate);
    },
  );

  app.post(
    '/api/track/order',
    {
      preValidation: storeKey('any'),
      schema: { summary: 'Track an order', description: `${SIGNAL_DESCRIPTION} ${refusals}`, security, body: trackOrderBody, response: { 202: trackResponse.describe('Recorded as an unverified signal') } },
    },
    async (request, reply) => {
      const { platform } = keyOf(request);
      const body = request.body;
      store.assertBusinessMatches(platform, body.businessId);
      const currency = body.currency ?? DEFAULT_CURRENCY;
      const valueMinor = body.orderValue === undefined ? null : amountIn(body.orderValue, currency);
      const orderId = String(body.orderId);
      const signal = await attribution.recordBrowserSignal(ctx, { platform, orderId, codes: [], valueMinor, currency: valueMinor === null ? null : currency });
      await store.recordTrackingEvent(ctx, {
        businessId: platform.businessId, platformId: platform.id, type: 'order', orderId, orderValueCents: valueMinor, occurredAt: store.occurredAt(body.timestamp),
      });
      await logSignal(platform, 'browser/track-order', orderId, []);
      return sendTracked(reply, signal.duplicate);
    },
  );

  for (const path of storePaths) {
    app.options(path, { schema: { summary: `CORS preflight for ${path}`, response: { 204: z.null().describe('Allowed methods and headers') } } }, async (_request, reply) => {
      reply.header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      reply.header('Access-Control-Allow-Headers', 'Content-Type, X-Api-Key');
      reply.header('Access-Control-Max-Age', '600');
      return reply.status(204).send(null); // a 204 never has a body: Fastify drops it
    });
  }

  async function logSignal(platform: store.StorePlatform, topic: string, orderId: string, codes: string[]) {
    await attribution.logDelivery(ctx, platform, topic, {
      orderId, codes, outcome: 'unverified', reason: 'Browser report (publishable key): shown as a signal, never paid until a signed webhook or secret-key call confirms the order',
    });
  }

  function sendTracked(reply: FastifyReply, duplicate: boolean) {
    return reply.status(202).send({ recorded: true, duplicate, verified: false });
  }
};
