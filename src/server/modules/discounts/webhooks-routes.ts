import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformIdParam, webhookAnswer, type PlatformType, type WebhookAnswer } from '@shared/contracts/discounts';
import { normaliseCurrency } from '@shared/currency';
import { AppError, notFound } from '@server/lib/errors';
import type { AppContext } from '@server/lib/context';
import { apiTags, tagRoutes, type SecurityScheme } from '@server/lib/routes/openapi';
import * as repo from './repository';
import * as attribution from './attribution-service';
import type { StorePlatform } from './store-service';
import * as payloads from './order-payloads';
import { fetchBigCommerceOrder } from './bigcommerce-client';
import { decryptSecret } from './secret-box';
import { safeEqual, verifyHmacSignature } from './webhook-signatures';

/** Header a BigCommerce webhook must carry (set in the webhook's `headers` when creating it). */
export const BIGCOMMERCE_SECRET_HEADER = 'x-webhook-secret';
/** A 900-line Shopify order is about 1.1 MiB; stores may send more. */
export const WEBHOOK_BODY_LIMIT = 8 * 1024 * 1024;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function rawBodyOf(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}

function jsonOf(raw: Buffer): Record<string, unknown> | null {
  try {
    const parsed = JSON.parse(raw.toString('utf8')) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // not JSON
  }
  return null;
}

async function platformFor(ctx: AppContext, platformId: number, type: PlatformType) {
  const platform = await repo.getPlatform(ctx.db, platformId);
  if (!platform || platform.platformType !== type) throw notFound('Integration platform');
  return platform;
}

/** The secrets a delivery may be signed with: the current one, and the replaced one during its grace period. */
export function acceptedSecrets(platform: StorePlatform, now = new Date()): string[] {
  const secrets = [platform.webhookSecret];
  if (platform.previousWebhookSecret && platform.previousSecretExpiresAt && platform.previousSecretExpiresAt.getTime() > now.getTime()) {
    secrets.push(platform.previousWebhookSecret);
  }
  return secrets;
}

const unauthorized = () => new AppError('UNAUTHENTICATED', 'Webhook signature does not match');

async function ignore(ctx: AppContext, platform: StorePlatform, topic: string, reason: string, orderId?: string | null, codes?: string[]): Promise<WebhookAnswer> {
  await attribution.logDelivery(ctx, platform, topic, { orderId, codes, outcome: 'ignored', reason });
  return { received: true, action: 'ignored', reason, ...(orderId ? { orderId } : {}) };
}

async function apply(ctx: AppContext, platform: StorePlatform, source: attribution.VerifiedOrderFacts['source'], topic: string, parsed: payloads.ParsedOrder): Promise<WebhookAnswer> {
  const result = await attribution.applyVerifiedOrder(ctx, { platform, source, ...parsed }, { topic });
  return { received: true, action: result.outcome, orderId: parsed.orderId, commissionId: result.commission?.id ?? null };
}

/** Applies the order a payload described, or logs and answers why the payload was not usable (`orderId` when it names none). */
function applyParsed(
  ctx: AppContext,
  platform: StorePlatform,
  source: attribution.VerifiedOrderFacts['source'],
  topic: string,
  parsed: payloads.ParsedOrder | payloads.Ignored,
  orderId?: string,
): Promise<WebhookAnswer> {
  if (payloads.isIgnored(parsed)) return ignore(ctx, platform, topic, parsed.ignored, parsed.orderId ?? orderId, parsed.codes);
  return apply(ctx, platform, source, topic, parsed);
}

const ANSWER_DESCRIPTION =
  'Received. action: created (commission created), adjusted (commission followed a refund, cancellation or restore; a paid one gets an adjustment entry), ' +
  'recorded (order stored, no commission), duplicate (nothing changed), ignored (signed but unusable, with reason), ping (WooCommerce’s URL check). Every delivery is in the delivery log.';
const REFUSALS =
  '401 when the signature or secret does not match (the previous secret is accepted for 24 hours after a change; nothing is stored); 404 when no integration platform of this type has that id.';

/** The OpenAPI part of a webhook route: its signature scheme, and why there is no body schema. */
function webhookSchema(summary: string, signature: SecurityScheme, description: string) {
  return {
    summary,
    description:
      `${description} The body is the store's JSON (up to ${WEBHOOK_BODY_LIMIT / (1024 * 1024)} MiB), read as raw bytes because the signature covers them exactly. ` +
      `A correctly signed delivery we cannot use is answered 200 and recorded as ignored with its reason, so the store never disables the webhook. ${REFUSALS}`,
    security: [{ [signature]: [] }],
    params: platformIdParam,
    response: { 200: webhookAnswer.describe(ANSWER_DESCRIPTION) },
  };
}

/**
 * Store webhooks. The JSON parser is replaced inside this plugin only, so the handlers see the raw bytes the
 * store signed (no body schema: it would validate the bytes, not the JSON). A bad signature is 401; a correctly
 * signed delivery we cannot use is answered 200 and recorded as ignored with its reason, so the store never
 * disables the webhook for it.
 */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  tagRoutes(app, apiTags.webhooks);
  const keepRaw = (_request: FastifyRequest, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => done(null, body);
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, keepRaw);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, keepRaw);

  const shopify = webhookSchema(
    'Shopify order webhook',
    'shopifyHmac',
    'Topics orders/create, orders/paid, orders/updated, orders/cancelled, orders/edited, orders/fulfilled, refunds/create (X-Shopify-Topic). Codes from discount_codes and discount_applications; base subtotal_price; refunds from refund_line_items[].subtotal. Signed with X-Shopify-Hmac-Sha256: base64 HMAC-SHA256 of the raw body with the platform’s webhook secret.',
  );
  app.post('/api/webhooks/shopify/:platformId', { bodyLimit: WEBHOOK_BODY_LIMIT, schema: shopify }, async (request): Promise<WebhookAnswer> => {
    const platform = await platformFor(ctx, request.params.platformId, 'shopify');
    const raw = rawBodyOf(request);
    const signature = header(request, 'x-shopify-hmac-sha256');
    if (!acceptedSecrets(platform).some((secret) => verifyHmacSignature(secret, raw, signature))) throw unauthorized();
    const topic = header(request, 'x-shopify-topic') ?? 'orders/create';
    if (!platform.isActive) return ignore(ctx, platform, topic, 'The integration platform is inactive');
    const body = jsonOf(raw);
    if (!body) return ignore(ctx, platform, topic, 'The body is not a JSON object');
    if (topic === 'refunds/create') {
      const orderId = payloads.exactIntegerField(raw.toString('utf8'), 'order_id') ?? payloads.asOrderId(body.order_id);
      if (!orderId) return ignore(ctx, platform, topic, 'The refund has no order_id');
      const known = await repo.findOrder(ctx.db, platform.businessId, orderId);
      const currency = normaliseCurrency(((body.refund_line_items as { subtotal_set?: { shop_money?: { currency_code?: unknown } } }[] | undefined)?.[0])?.subtotal_set?.shop_money?.currency_code) ?? known?.currency;
      if (!currency) return ignore(ctx, platform, topic, 'The refund has no currency and its order is unknown', orderId);
      const refund = payloads.shopifyRefundAmount(body, currency);
      if (!refund) return ignore(ctx, platform, topic, `The refund amounts are not amounts in ${currency}`, orderId);
      return apply(ctx, platform, 'shopify', topic, { orderId, codes: [], baseMinor: null, currency, customerEmail: null, refunds: [refund] });
    }
    if (!['orders/create', 'orders/updated', 'orders/paid', 'orders/cancelled', 'orders/edited', 'orders/fulfilled'].includes(topic)) {
      return ignore(ctx, platform, topic, `Topic ${topic.slice(0, 60)} is not used`);
    }
    return applyParsed(ctx, platform, 'shopify', topic, payloads.shopifyOrder(body, topic));
  });

  const wooCommerce = webhookSchema(
    'WooCommerce order webhook',
    'wooSignature',
    'Topics order.created, order.updated (refunds[], statuses refunded/cancelled/failed), order.deleted, order.restored (X-WC-Webhook-Topic). Codes from coupon_lines; base the sum of line_items[].total. Signed with X-WC-Webhook-Signature: base64 HMAC-SHA256 of the raw body with the platform’s webhook secret. The unsigned ping (form body webhook_id=N) is answered with action ping.',
  );
  app.post('/api/webhooks/woocommerce/:platformId', { bodyLimit: WEBHOOK_BODY_LIMIT, schema: wooCommerce }, async (request, reply) => {
    const platform = await platformFor(ctx, request.params.platformId, 'woocommerce');
    const raw = rawBodyOf(request);
    const signature = header(request, 'x-wc-webhook-signature');
    // WooCommerce checks a new webhook's URL with an unsigned form post "webhook_id=N": answer it, store nothing.
    if (!signature && /^webhook_id=\d+$/.test(raw.toString('utf8').trim())) return reply.send({ received: true, action: 'ping' });
    if (!acceptedSecrets(platform).some((secret) => verifyHmacSignature(secret, raw, signature))) throw unauthorized();
    const topic = header(request, 'x-wc-webhook-topic') ?? 'order.created';
    if (!platform.isActive) return ignore(ctx, platform, topic, 'The integration platform is inactive');
    if (!['order.created', 'order.updated', 'order.deleted', 'order.restored'].includes(topic)) return ignore(ctx, platform, topic, `Topic ${topic.slice(0, 60)} is not used`);
    const body = jsonOf(raw);
    if (!body) return ignore(ctx, platform, topic, 'The body is not a JSON object');
    return applyParsed(ctx, platform, 'woocommerce', topic, payloads.wooCommerceOrder(body, topic));
  });

  const bigCommerce = webhookSchema(
    'BigCommerce order webhook',
    'bigcommerceSecret',
    `Scopes store/order/created, store/order/updated, store/order/statusUpdated, store/order/refund/created. Send the platform’s webhook secret in the ${BIGCOMMERCE_SECRET_HEADER} header. With the platform’s store hash and API token saved, the order (v2 /orders/{id}) and its coupons are fetched from BigCommerce (503 when its API is unreachable or failing: the store should retry); base subtotal_ex_tax less discount_amount and coupon_discount; refunded_amount is followed proportionally.`,
  );
  app.post('/api/webhooks/bigcommerce/:platformId', { bodyLimit: WEBHOOK_BODY_LIMIT, schema: bigCommerce }, async (request): Promise<WebhookAnswer> => {
    const platform = await platformFor(ctx, request.params.platformId, 'bigcommerce');
    const secret = header(request, BIGCOMMERCE_SECRET_HEADER);
    if (!secret || !acceptedSecrets(platform).some((accepted) => safeEqual(accepted, secret))) throw unauthorized();
    const body = jsonOf(rawBodyOf(request));
    const scope = (body && payloads.asText(body.scope)) ?? 'unknown';
    if (!platform.isActive) return ignore(ctx, platform, scope, 'The integration platform is inactive');
    if (!body) return ignore(ctx, platform, scope, 'The body is not a JSON object');
    const data = (body.data ?? {}) as { id?: unknown; status?: { new_status_id?: unknown } };
    const orderId = payloads.asOrderId(data.id);
    if (!scope.startsWith('store/order/')) return ignore(ctx, platform, scope, `Scope ${scope.slice(0, 60)} is not used`);
    if (!orderId) return ignore(ctx, platform, scope, 'The delivery has no order id');
    if (platform.bigcommerceStoreHash && platform.bigcommerceApiTokenEncrypted) {
      // The payload is thin (ids only): the order and its coupons come from the store's API, never from a browser.
      const token = decryptSecret(ctx.config, platform.bigcommerceApiTokenEncrypted);
      const fetched = await fetchBigCommerceOrder(ctx.config, platform.bigcommerceStoreHash, token, orderId);
      if (!fetched.ok) return ignore(ctx, platform, scope, fetched.reason, orderId);
      return applyParsed(ctx, platform, 'bigcommerce', scope, payloads.bigCommerceOrder(fetched.order, fetched.coupons), orderId);
    }
    // Without API credentials only the status is known; a secret-key track-usage call can attribute the order.
    const newStatus = Number(data.status?.new_status_id);
    const status = scope === 'store/order/statusUpdated' && Number.isFinite(newStatus) ? payloads.bigCommerceStatus(newStatus) : undefined;
    if (status === 'incomplete') return ignore(ctx, platform, scope, 'The order is incomplete (status 0)', orderId);
    const known = await repo.findOrder(ctx.db, platform.businessId, orderId);
    return apply(ctx, platform, 'bigcommerce', scope, {
      orderId, codes: [], baseMinor: null, currency: known?.currency ?? 'USD', customerEmail: null, status, refunds: [],
    });
  });
};
