import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PlatformType } from '@shared/contracts/discounts';
import { AppError, notFound } from '../../lib/errors';
import { parse } from '../../lib/validate';
import type { AppContext } from '../../lib/context';
import * as repo from './repository';
import * as store from './store-service';
import { moneyToCents } from './mappers';
import { safeEqual, verifyHmacSignature } from './webhook-signatures';

const platformIdParam = z.object({ platformId: z.coerce.number().int().positive() });
/** Header a BigCommerce webhook must carry (set in the webhook's `headers` when creating it). */
export const BIGCOMMERCE_SECRET_HEADER = 'x-webhook-secret';

type WebhookAnswer = { received: true; action: 'recorded' | 'duplicate' | 'cancelled' | 'ignored' | 'ping'; orderId?: string; commissionId?: number | null };

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function rawBodyOf(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}

function jsonOf(raw: Buffer): Record<string, unknown> {
  try {
    const parsed = JSON.parse(raw.toString('utf8')) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new AppError('VALIDATION', 'The webhook body is not a JSON object');
}

async function platformFor(ctx: AppContext, request: FastifyRequest, type: PlatformType) {
  const { platformId } = parse(platformIdParam, request.params);
  const platform = await repo.getPlatform(ctx.db, platformId);
  if (!platform || platform.platformType !== type) throw notFound('Integration platform');
  return platform;
}

const unauthorized = () => new AppError('UNAUTHENTICATED', 'Webhook signature does not match');

const asOrderId = (value: unknown) => (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '') ? String(value).trim() : null);
const asMoney = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? moneyToCents(value) : null);
const asText = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

function firstCode(lines: unknown): string | null {
  if (!Array.isArray(lines)) return null;
  for (const line of lines) {
    const code = asText((line as { code?: unknown })?.code);
    if (code) return code;
  }
  return null;
}

async function placed(ctx: AppContext, input: store.OrderInput): Promise<WebhookAnswer> {
  const result = await store.recordOrder(ctx, input);
  return { received: true, action: result.duplicate ? 'duplicate' : 'recorded', orderId: input.orderId, commissionId: result.commission?.id ?? null };
}

async function cancelled(ctx: AppContext, platform: store.StorePlatform, source: store.OrderInput['source'], orderId: string, status: 'cancelled' | 'refunded'): Promise<WebhookAnswer> {
  await store.cancelOrder(ctx, { businessId: platform.businessId, platform, source, orderId, status });
  return { received: true, action: 'cancelled', orderId };
}

/**
 * Store webhooks. The JSON parser is replaced inside this plugin only, so the handlers see the raw bytes
 * the store signed; nothing is stored before the signature checks out.
 */
export async function webhooksRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const keepRaw = (_request: FastifyRequest, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => done(null, body);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, keepRaw);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, keepRaw);

  app.post('/api/webhooks/shopify/:platformId', async (request): Promise<WebhookAnswer> => {
    const platform = await platformFor(ctx, request, 'shopify');
    const raw = rawBodyOf(request);
    if (!verifyHmacSignature(platform.webhookSecret, raw, header(request, 'x-shopify-hmac-sha256'))) throw unauthorized();
    if (!platform.isActive) return { received: true, action: 'ignored' };
    const topic = header(request, 'x-shopify-topic') ?? 'orders/create';
    const body = jsonOf(raw);
    if (topic === 'refunds/create') {
      const orderId = asOrderId(body.order_id);
      if (!orderId) return { received: true, action: 'ignored' };
      if (!(await isFullShopifyRefund(ctx, platform.businessId, orderId, body.transactions))) return { received: true, action: 'ignored', orderId };
      return cancelled(ctx, platform, 'shopify', orderId, 'refunded');
    }
    if (!topic.startsWith('orders/')) return { received: true, action: 'ignored' };
    const orderId = asOrderId(body.id);
    if (!orderId) throw new AppError('VALIDATION', 'The order has no id');
    if (topic === 'orders/cancelled' || body.cancelled_at) return cancelled(ctx, platform, 'shopify', orderId, 'cancelled');
    if (body.financial_status === 'refunded' || body.financial_status === 'voided') return cancelled(ctx, platform, 'shopify', orderId, 'refunded');
    return placed(ctx, {
      businessId: platform.businessId, platform, source: 'shopify', orderId,
      code: firstCode(body.discount_codes),
      orderValueCents: asMoney(body.total_price ?? body.current_total_price),
      currency: asText(body.currency),
      customerEmail: asText(body.email) ?? asText((body.customer as { email?: unknown } | undefined)?.email),
    });
  });

  app.post('/api/webhooks/woocommerce/:platformId', async (request, reply) => {
    const platform = await platformFor(ctx, request, 'woocommerce');
    const raw = rawBodyOf(request);
    const signature = header(request, 'x-wc-webhook-signature');
    // WooCommerce checks a new webhook's URL with an unsigned form post "webhook_id=N": answer it, store nothing.
    if (!signature && /^webhook_id=\d+$/.test(raw.toString('utf8').trim())) return reply.send({ received: true, action: 'ping' });
    if (!verifyHmacSignature(platform.webhookSecret, raw, signature)) throw unauthorized();
    if (!platform.isActive) return { received: true, action: 'ignored' };
    const topic = header(request, 'x-wc-webhook-topic') ?? 'order.created';
    if (!topic.startsWith('order.')) return { received: true, action: 'ignored' };
    const body = jsonOf(raw);
    const orderId = asOrderId(body.id);
    if (!orderId) throw new AppError('VALIDATION', 'The order has no id');
    const status = asText(body.status);
    if (topic === 'order.deleted' || status === 'cancelled' || status === 'failed') return cancelled(ctx, platform, 'woocommerce', orderId, 'cancelled');
    if (status === 'refunded') return cancelled(ctx, platform, 'woocommerce', orderId, 'refunded');
    return placed(ctx, {
      businessId: platform.businessId, platform, source: 'woocommerce', orderId,
      code: firstCode(body.coupon_lines),
      orderValueCents: asMoney(body.total),
      currency: asText(body.currency),
      customerEmail: asText((body.billing as { email?: unknown } | undefined)?.email),
    });
  });

  app.post('/api/webhooks/bigcommerce/:platformId', async (request): Promise<WebhookAnswer> => {
    const platform = await platformFor(ctx, request, 'bigcommerce');
    const secret = header(request, BIGCOMMERCE_SECRET_HEADER);
    if (!secret || !safeEqual(platform.webhookSecret, secret)) throw unauthorized();
    if (!platform.isActive) return { received: true, action: 'ignored' };
    const body = jsonOf(rawBodyOf(request));
    const scope = asText(body.scope) ?? '';
    const data = (body.data ?? {}) as { type?: unknown; id?: unknown; status?: { new_status_id?: unknown } };
    const orderId = asOrderId(data.id);
    if (!scope.startsWith('store/order/') || !orderId) return { received: true, action: 'ignored' };
    // BigCommerce order statuses: 4 Refunded, 5 Cancelled, 6 Declined.
    const newStatus = Number(data.status?.new_status_id);
    if (scope === 'store/order/statusUpdated' && [4, 5, 6].includes(newStatus)) {
      return cancelled(ctx, platform, 'bigcommerce', orderId, newStatus === 4 ? 'refunded' : 'cancelled');
    }
    if (scope === 'store/order/created' || scope === 'store/order/updated' || scope === 'store/order/statusUpdated') {
      // Thin payload: the order id only. A later track-usage call with the same id attributes its code.
      return placed(ctx, { businessId: platform.businessId, platform, source: 'bigcommerce', orderId });
    }
    return { received: true, action: 'ignored', orderId };
  });
}

/** A Shopify refund voids the commission when its successful refund transactions cover the whole order. */
async function isFullShopifyRefund(ctx: AppContext, businessId: number, orderId: string, transactions: unknown): Promise<boolean> {
  if (!Array.isArray(transactions) || transactions.length === 0) return true;
  const order = await repo.findOrder(ctx.db, businessId, orderId);
  if (!order?.orderValueCents) return true;
  let refunded = 0;
  for (const transaction of transactions as { kind?: unknown; status?: unknown; amount?: unknown }[]) {
    if (transaction.kind === 'refund' && (transaction.status === 'success' || transaction.status === undefined)) refunded += asMoney(transaction.amount) ?? 0;
  }
  return refunded >= order.orderValueCents;
}
