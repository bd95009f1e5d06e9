import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codeParam, trackDiscountBody, trackOrderBody, trackPageviewBody, trackUsageBody, type TrackUsageResponse } from '@shared/contracts/discounts';
import { DEFAULT_CURRENCY, formatMinorUnits, parseMinorUnits } from '@shared/currency';
import { parse } from '../../lib/validate';
import { AppError, forbidden } from '../../lib/errors';
import * as store from './store-service';
import * as attribution from './attribution-service';

const PUBLIC_PATHS = ['/api/discount-codes/validate/:code', '/api/discount-codes/track-usage', '/api/track/pageview', '/api/track/discount', '/api/track/order'];

/** An amount in `currency`, or a 400 naming the field (e.g. three decimals for USD). */
function amountIn(value: number | string, currency: string, field = 'orderValue'): number {
  const minor = parseMinorUnits(value, currency);
  if (minor === null) {
    throw new AppError('VALIDATION', `${field}: Not an amount in ${currency}`, [{ path: field, message: `Use an amount in ${currency} with at most its currency's decimals` }]);
  }
  return minor;
}

/**
 * The public store API, authenticated by a platform's X-Api-Key. The publishable key (browsers, CORS) may record
 * page views, check codes and report orders as unverified signals; only the secret key (servers) may report a
 * payable order through track-usage (docs/decisions/012-order-attribution-keys.md).
 */
export async function storeApiRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    reply.header('Access-Control-Allow-Origin', origin ?? '*');
    reply.header('Vary', 'Origin');
    reply.header('Access-Control-Expose-Headers', 'Retry-After');
  });

  for (const path of PUBLIC_PATHS) {
    app.options(path, async (_request, reply) => {
      reply.header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      reply.header('Access-Control-Allow-Headers', 'Content-Type, X-Api-Key');
      reply.header('Access-Control-Max-Age', '600');
      return reply.status(204).send();
    });
  }

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

  const platformFor = async (request: FastifyRequest) => (await authenticate(request)).platform;

  app.get('/api/discount-codes/validate/:code', async (request) => {
    const platform = await platformFor(request);
    const { code } = parse(codeParam, request.params);
    return store.validateCode(ctx, platform, code);
  });

  app.post('/api/discount-codes/track-usage', async (request, reply) => {
    const { platform, kind } = await authenticate(request);
    if (kind !== 'secret') {
      throw forbidden('track-usage creates payable commissions and needs the platform\'s secret key (server to server). The publishable key can only report unverified signals to /api/track/order.');
    }
    const body = parse(trackUsageBody, request.body);
    const currency = body.currency ?? DEFAULT_CURRENCY;
    const result = await attribution.applyVerifiedOrder(
      ctx,
      {
        platform, source: 'api', orderId: String(body.orderId), codes: [body.code], baseMinor: amountIn(body.orderValue, currency), currency,
        customerEmail: body.customerEmail,
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
  });

  app.post('/api/track/pageview', async (request, reply) => {
    const platform = await platformFor(request);
    const body = parse(trackPageviewBody, request.body);
    store.assertBusinessMatches(platform, body.businessId);
    await store.recordTrackingEvent(ctx, {
      businessId: platform.businessId, platformId: platform.id, type: 'pageview', url: body.url, referrer: body.referrer || null,
      occurredAt: store.occurredAt(body.timestamp),
    });
    return reply.status(202).send({ recorded: true });
  });

  app.post('/api/track/discount', async (request, reply) => {
    const platform = await platformFor(request);
    const body = parse(trackDiscountBody, request.body);
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
  });

  app.post('/api/track/order', async (request, reply) => {
    const platform = await platformFor(request);
    const body = parse(trackOrderBody, request.body);
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
  });

  async function logSignal(platform: store.StorePlatform, topic: string, orderId: string, codes: string[]) {
    await attribution.logDelivery(ctx, platform, topic, {
      orderId, codes, outcome: 'unverified', reason: 'Browser report (publishable key): shown as a signal, never paid until a signed webhook or secret-key call confirms the order',
    });
  }

  function sendTracked(reply: FastifyReply, duplicate: boolean) {
    return reply.status(202).send({ recorded: true, duplicate, verified: false });
  }
}
