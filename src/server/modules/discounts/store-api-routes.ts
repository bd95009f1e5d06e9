import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codeParam, trackDiscountBody, trackOrderBody, trackPageviewBody, trackUsageBody } from '@shared/contracts/discounts';
import { parse } from '../../lib/validate';
import { forbidden } from '../../lib/errors';
import * as store from './store-service';
import { moneyToCents } from './mappers';

const PUBLIC_PATHS = ['/api/discount-codes/validate/:code', '/api/discount-codes/track-usage', '/api/track/pageview', '/api/track/discount', '/api/track/order'];

/**
 * The public store API: called by storefronts (browser, with CORS) and store back ends, authenticated by a
 * platform's X-Api-Key. No cookies are involved, so any origin may preflight; the platform's store origin,
 * when set, is enforced on the real request.
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

  async function platformFor(request: FastifyRequest) {
    const header = request.headers['x-api-key'];
    const platform = await store.authenticateApiKey(ctx, Array.isArray(header) ? header[0] : header, request.ip);
    const origin = request.headers.origin;
    if (origin && platform.storeOrigin && origin !== platform.storeOrigin) {
      throw forbidden(`Requests with this API key are only accepted from ${platform.storeOrigin}`);
    }
    return platform;
  }

  app.get('/api/discount-codes/validate/:code', async (request) => {
    const platform = await platformFor(request);
    const { code } = parse(codeParam, request.params);
    return store.validateCode(ctx, platform, code);
  });

  app.post('/api/discount-codes/track-usage', async (request, reply) => {
    const platform = await platformFor(request);
    const body = parse(trackUsageBody, request.body);
    const result = await store.recordOrder(
      ctx,
      {
        businessId: platform.businessId, platform, source: 'api', orderId: String(body.orderId), code: body.code,
        orderValueCents: moneyToCents(body.orderValue), customerEmail: body.customerEmail,
      },
      { strict: true },
    );
    return reply.status(result.duplicate ? 200 : 201).send(store.toTrackUsageResponse(result));
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

  app.post('/api/track/discount', async (request, reply) => sendTracked(reply, await trackDiscount(request)));
  app.post('/api/track/order', async (request, reply) => sendTracked(reply, await trackOrder(request)));

  async function trackDiscount(request: FastifyRequest) {
    const platform = await platformFor(request);
    const body = parse(trackDiscountBody, request.body);
    store.assertBusinessMatches(platform, body.businessId);
    const orderValueCents = moneyToCents(body.orderValue);
    const orderId = String(body.orderId);
    const result = await store.recordOrder(ctx, {
      businessId: platform.businessId, platform, source: 'tracking', orderId, code: body.discountCode, orderValueCents, customerEmail: body.customerEmail,
    });
    await store.recordTrackingEvent(ctx, {
      businessId: platform.businessId, platformId: platform.id, type: 'discount', discountCode: store.normaliseCode(body.discountCode), orderId, orderValueCents,
      occurredAt: store.occurredAt(body.timestamp),
    });
    return result.duplicate;
  }

  async function trackOrder(request: FastifyRequest) {
    const platform = await platformFor(request);
    const body = parse(trackOrderBody, request.body);
    store.assertBusinessMatches(platform, body.businessId);
    const orderValueCents = body.orderValue === undefined ? null : moneyToCents(body.orderValue);
    const orderId = String(body.orderId);
    const result = await store.recordOrder(ctx, { businessId: platform.businessId, platform, source: 'tracking', orderId, orderValueCents });
    await store.recordTrackingEvent(ctx, {
      businessId: platform.businessId, platformId: platform.id, type: 'order', orderId, orderValueCents, occurredAt: store.occurredAt(body.timestamp),
    });
    return result.duplicate;
  }

  function sendTracked(reply: FastifyReply, duplicate: boolean) {
    return reply.status(202).send({ recorded: true, duplicate });
  }
}
