import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformIdParam, webhookAnswer, type PlatformType, type WebhookAnswer } from '@shared/contracts/discounts';
import { AppError, notFound } from '@server/lib/errors';
import type { AppContext } from '@server/lib/context';
import { apiTags, tagRoutes, type SecurityScheme } from '@server/lib/routes/openapi';
import { platformById } from './platform-cache';
import type { StorePlatform } from './store-service';
import { processDelivery, STORE_WEBHOOK_TASK, type QueuedDelivery } from './webhook-processing';
import { safeEqual, verifyHmacSignature } from './webhook-signatures';
import { registerMagentoPoll } from './magento/tasks';
import { MAGENTO_POLL_SECONDS } from './magento/poll-service';
import { signedBySquare, squareEventOf } from './square/webhook-check';
import { verifySquarespaceSignature } from './squarespace/signature';
import { SQUARESPACE_WEBHOOK_DESCRIPTION, squarespaceNotificationId } from './squarespace/webhook';

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

/**
 * The platform a delivery is addressed to, checked against the delivery's signature: from the short-lived cache
 * first, and from the database when the cached row refuses it (its secret may just have changed).
 */
async function signedPlatform(ctx: AppContext, platformId: number, type: PlatformType, signedBy: (platform: StorePlatform) => boolean): Promise<StorePlatform> {
  let platform = await platformById(ctx, platformId);
  if (platform && platform.platformType === type && signedBy(platform)) return platform;
  platform = await platformById(ctx, platformId, { fresh: true });
  if (!platform || platform.platformType !== type) throw notFound('Integration platform');
  if (!signedBy(platform)) throw unauthorized();
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

/** A store that sends our webhook secret as a header of its own (BigCommerce, Adobe Commerce): compared in constant time. */
function headerSignedPlatform(ctx: AppContext, request: FastifyRequest, platformId: number, type: PlatformType): Promise<StorePlatform> {
  const secret = header(request, BIGCOMMERCE_SECRET_HEADER);
  return signedPlatform(ctx, platformId, type, (p) => Boolean(secret) && acceptedSecrets(p).some((accepted) => safeEqual(accepted, secret!)));
}

const unauthorized = () => new AppError('UNAUTHENTICATED', 'Webhook signature does not match');

/**
 * Queues a signed delivery for the background worker (decision record 023) and answers at once: the store gets its
 * 200 in the time of one insert, and the work is retried if it fails. A delivery's own id header, when the store sends
 * one, keeps a redelivery from being queued twice.
 */
async function queue(ctx: AppContext, platform: StorePlatform, topic: string | null, raw: Buffer, deliveryId: string | undefined): Promise<WebhookAnswer> {
  const payload: Omit<QueuedDelivery, 'raw'> = { platformId: platform.id, platformType: platform.platformType as PlatformType, topic };
  const dedupeKey = deliveryId ? `webhook:${platform.id}:${deliveryId.slice(0, 200)}` : null;
  const task = await ctx.tasks.enqueueGrouped(STORE_WEBHOOK_TASK, { payload, body: raw, dedupeKey });
  return task ? { received: true, action: 'queued', taskId: task.id } : { received: true, action: 'duplicate', reason: 'This delivery id was received before' };
}

const ANSWER_DESCRIPTION =
  'Received. action: queued (signature checked; the delivery is processed in the background within seconds, with retries, and its outcome appears in the delivery log: ' +
  'created, adjusted, recorded (with the reason no commission was made, such as Awaiting a verified amount), duplicate or ignored with its reason), duplicate (a delivery with this X-Shopify-Webhook-Id was received before), ping (WooCommerce’s URL check).';
const REFUSALS =
  '401 when the signature or secret does not match (the previous secret is accepted for 24 hours after a change; nothing is stored); 404 when no integration platform of this type has that id.';

/**
 * The answer is built here from constants and a task id, never from what the store sent, so it is written with
 * JSON.stringify rather than re-checked by its Zod schema (which still describes it in the OpenAPI document): on the
 * hottest route that check was a twentieth of the app's time per delivery (decision record 023).
 */
const answerAsJson = () => (answer: unknown) => JSON.stringify(answer);

/** The OpenAPI part of a webhook route: its signature scheme, and why there is no body schema. */
function webhookSchema(summary: string, signature: SecurityScheme, description: string) {
  return {
    summary,
    description:
      `${description} The body is the store's JSON (up to ${WEBHOOK_BODY_LIMIT / (1024 * 1024)} MiB), read as raw bytes because the signature covers them exactly. ` +
      `A correctly signed delivery we cannot use is answered 200 and recorded as ignored with its reason, so the store never disables the webhook. ` +
      `A signed order without an amount never takes the amount a browser reported (an unverified signal, never a commission base): it is recorded as awaiting a verified amount until a secret-key track-usage call or a later delivery gives one. ` +
      `A refund lowers an unpaid commission and a cancellation or deletion cancels it; once it is paid or in a payout being processed, the change is a negative adjustment (clawback) netted off the pro staffer’s next payout. ${REFUSALS}`,
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
  ctx.tasks.register(STORE_WEBHOOK_TASK, (taskCtx, task) =>
    processDelivery(taskCtx, { ...(task.payload as Omit<QueuedDelivery, 'raw'>), raw: task.body ?? Buffer.alloc(0) }),
  );
  registerMagentoPoll(ctx);
  const keepRaw = (_request: FastifyRequest, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => done(null, body);
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, keepRaw);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, keepRaw);

  const shopify = webhookSchema(
    'Shopify order webhook',
    'shopifyHmac',
    'Topics orders/create, orders/paid, orders/updated, orders/cancelled, orders/edited, orders/fulfilled, orders/delete, refunds/create (X-Shopify-Topic). Codes from discount_codes and discount_applications; base subtotal_price; refunds from refund_line_items[].subtotal; orders/delete (body {"id": N}) cancels the order. Signed with X-Shopify-Hmac-Sha256: base64 HMAC-SHA256 of the raw body with the platform’s webhook secret.',
  );
  app.post('/api/webhooks/shopify/:platformId', { bodyLimit: WEBHOOK_BODY_LIMIT, config: { securityHeaders: false }, schema: shopify, serializerCompiler: answerAsJson }, async (request): Promise<WebhookAnswer> => {
    const raw = rawBodyOf(request);
    const signature = header(request, 'x-shopify-hmac-sha256');
    const platform = await signedPlatform(ctx, request.params.platformId, 'shopify', (p) => acceptedSecrets(p).some((secret) => verifyHmacSignature(secret, raw, signature)));
    return queue(ctx, platform, header(request, 'x-shopify-topic') ?? null, raw, header(request, 'x-shopify-webhook-id'));
  });

  const wooCommerce = webhookSchema(
    'WooCommerce order webhook',
    'wooSignature',
    'Topics order.created, order.updated (refunds[], statuses refunded/cancelled/failed), order.deleted (body {"id": N}, a trashed order too: cancels the order), order.restored (the whole order again: restores it) (X-WC-Webhook-Topic). Codes from coupon_lines; base the sum of line_items[].total. Signed with X-WC-Webhook-Signature: base64 HMAC-SHA256 of the raw body with the platform’s webhook secret. The unsigned ping (form body webhook_id=N) is answered with action ping.',
  );
  app.post('/api/webhooks/woocommerce/:platformId', { bodyLimit: WEBHOOK_BODY_LIMIT, config: { securityHeaders: false }, schema: wooCommerce, serializerCompiler: answerAsJson }, async (request, reply) => {
    const raw = rawBodyOf(request);
    const signature = header(request, 'x-wc-webhook-signature');
    // WooCommerce checks a new webhook's URL with an unsigned form post "webhook_id=N": answer it (for a platform that exists), store nothing.
    if (!signature && /^webhook_id=\d+$/.test(raw.toString('utf8').trim())) {
      await signedPlatform(ctx, request.params.platformId, 'woocommerce', () => true);
      return reply.send({ received: true, action: 'ping' });
    }
    const platform = await signedPlatform(ctx, request.params.platformId, 'woocommerce', (p) => acceptedSecrets(p).some((secret) => verifyHmacSignature(secret, raw, signature)));
    return queue(ctx, platform, header(request, 'x-wc-webhook-topic') ?? null, raw, header(request, 'x-wc-webhook-delivery-id'));
  });

  const bigCommerce = webhookSchema(
    'BigCommerce order webhook',
    'bigcommerceSecret',
    `Scopes store/order/created, store/order/updated, store/order/statusUpdated, store/order/refund/created. Send the platform’s webhook secret in the ${BIGCOMMERCE_SECRET_HEADER} header. With the platform’s store hash and API token saved, the order (v2 /orders/{id}) and its coupons are fetched from BigCommerce (in the background: when its API is unreachable or failing, the task is retried with backoff for several hours); base subtotal_ex_tax less discount_amount and coupon_discount; refunded_amount is followed proportionally. Without them only the order and its status are known: the order awaits a verified amount from a secret-key track-usage call.`,
  );
  app.post('/api/webhooks/bigcommerce/:platformId', { bodyLimit: WEBHOOK_BODY_LIMIT, config: { securityHeaders: false }, schema: bigCommerce, serializerCompiler: answerAsJson }, async (request): Promise<WebhookAnswer> => {
    const platform = await headerSignedPlatform(ctx, request, request.params.platformId, 'bigcommerce');
    return queue(ctx, platform, null, rawBodyOf(request), undefined);
  });

  const magento = webhookSchema(
    'Magento 2 / Adobe Commerce order webhook',
    'magentoSecret',
    `The faster path next to the poll: every ${MAGENTO_POLL_SECONDS / 60} minutes the orders updated since the last poll are read from the store's REST API (GET /rest/V1/orders, with the integration access token saved for the store). An Adobe Commerce webhook (e.g. observer.sales_order_save_after) naming an order (data.order.entity_id, order.entity_id or order_id) makes that one order and its credit memos be fetched at once. Send the platform’s webhook secret in the ${BIGCOMMERCE_SECRET_HEADER} header (a custom header of the webhook); Adobe Commerce’s own RSA signature is not checked. Nothing in the notification but the order id is used: base base_subtotal + base_discount_amount in base_currency_code; refunds from credit memos; state canceled cancels, closed refunds.`,
  );
  app.post('/api/webhooks/magento/:platformId', { bodyLimit: WEBHOOK_BODY_LIMIT, config: { securityHeaders: false }, schema: magento, serializerCompiler: answerAsJson }, async (request): Promise<WebhookAnswer> => {
    const platform = await headerSignedPlatform(ctx, request, request.params.platformId, 'magento');
    return queue(ctx, platform, null, rawBodyOf(request), undefined);
  });

  const square = webhookSchema(
    'Square order webhook',
    'squareSignature',
    'Events order.created, order.updated (data.object.order_created/order_updated.order_id), payment.created, payment.updated (data.object.payment.order_id), refund.created, refund.updated (data.object.refund.order_id); a redelivery with a known event_id is answered duplicate. ' +
      'Signed with x-square-hmacsha256-signature: base64 HMAC-SHA256, keyed with the subscription’s signature key saved in the store’s credentials, over the notification URL exactly as registered in Square (PUBLIC_URL followed by this path) followed by the raw body. ' +
      'The order is fetched from Square (GET /v2/orders/{order_id}) with the saved access token, in the background (retried while Square is unreachable or failing): codes from its discounts (a catalog discount made by Create Square discounts, or a discount named like the code); base the line items’ gross sales less their discounts; COMPLETED orders and paid OPEN orders earn, CANCELED cancels; returns and completed refunds lower the commission; channel pos with the order’s location.',
  );
  app.post('/api/webhooks/square/:platformId', { bodyLimit: WEBHOOK_BODY_LIMIT, config: { securityHeaders: false }, schema: square, serializerCompiler: answerAsJson }, async (request): Promise<WebhookAnswer> => {
    const raw = rawBodyOf(request);
    const platform = await signedPlatform(ctx, request.params.platformId, 'square', () => true);
    if (!(await signedBySquare(ctx, platform.id, raw, header(request, 'x-square-hmacsha256-signature')))) throw unauthorized();
    const event = squareEventOf(raw);
    return queue(ctx, platform, event.type, raw, event.eventId ?? undefined);
  });

  const squarespace = webhookSchema('Squarespace order webhook', 'squarespaceSignature', SQUARESPACE_WEBHOOK_DESCRIPTION);
  app.post('/api/webhooks/squarespace/:platformId', { bodyLimit: WEBHOOK_BODY_LIMIT, config: { securityHeaders: false }, schema: squarespace, serializerCompiler: answerAsJson }, async (request): Promise<WebhookAnswer> => {
    const raw = rawBodyOf(request);
    const signature = header(request, 'squarespace-signature');
    const platform = await signedPlatform(ctx, request.params.platformId, 'squarespace', (p) => acceptedSecrets(p).some((secret) => verifySquarespaceSignature(secret, raw, signature)));
    return queue(ctx, platform, null, raw, squarespaceNotificationId(raw));
  });
};
