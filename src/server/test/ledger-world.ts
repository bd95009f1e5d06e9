import Stripe from 'stripe';
import { expect } from 'vitest';
import type { FakeStripeServer } from './fake-stripe-server';
import type { TestApp } from './test-app';
import { deliverAndProcess } from './webhooks';
import { businessWithCard } from './payouts-setup';
import { bigCommerceHeaders, fixture, shopifyHeaders, wooCommerceHeaders } from '../../../tests/fixtures/sign';

// The world the ledger's model-based test drives (decision record 036): one business with a saved card and a store on
// each platform, and per sequence two fresh pro staff with ready payout accounts and a code each. The model knows only
// what the stores said (verified base, refunds, status) and what the business did by hand; after every step the
// invariants compare it, and the ledger with itself and with the fake Stripe.

export type Platform = { id: number; publishableKey: string; secretKey: string; webhookSecret: string };
export type Store = 'shopify' | 'woocommerce' | 'bigcommerce';

export type World = {
  t: TestApp;
  fake: FakeStripeServer;
  biz: Awaited<ReturnType<typeof businessWithCard>>;
  platforms: Record<Store, Platform>;
  stripe: Stripe;
  sequence: number;
};

export type OrderModel = {
  store: Store;
  /** The store's id for the order (unique across the whole run). */
  id: number;
  staff: number;
  /** The merchandise base the store will report (minor units); known to the app only once a verified source sent it. */
  base: number;
  baseSent: boolean;
  refunds: Map<string, number>;
  status: 'placed' | 'cancelled' | 'refunded';
  /** The business cancelled its commission by hand: the store never brings it back. */
  businessCancelled: boolean;
  /** The buyer is the staffer (their own email on the order): the own-use signal holds its commission (record 039). */
  ownUse?: boolean;
  /** The business rejected the order's flag as fraud: like its own cancellation, the store never brings it back. */
  fraudRejected?: boolean;
  /** The last signed delivery, for redeliveries. */
  last?: () => Promise<unknown>;
};

export type StaffModel = { proStaffId: number; accountId: string; code: string; rateBps: number; email: string };
export type OwnUseMode = 'flag' | 'hold' | 'auto_reject';
/** `ownUseMode`: what the business does when own use fires (record 039); each sequence starts at `hold`. */
export type Model = { staff: StaffModel[]; orders: OrderModel[]; nextOrderId: number; entriesSeen: string[]; ownUseMode: OwnUseMode };

let orderIds = 9_000_000;

export async function createWorld(t: TestApp, fake: FakeStripeServer): Promise<World> {
  const biz = await businessWithCard(t, fake);
  await t.database.query(`update users set subscription_tier = 'enterprise' where id = ${biz.user.id}`);
  expect((await biz.client.put('/api/commission-settings', { holdDays: 0 })).status).toBe(200);
  // Only own use holds or rejects (the model knows which orders are the staffer's own); the other signals, which the
  // fixtures' shared buyer may trip across sequences, only flag. Open flags approve themselves after FLAG_EXPIRY_DAYS.
  const modes = { own_use: 'hold', coupon_referrer: 'flag', velocity: 'flag', disposable_email: 'flag', shared_fingerprint: 'flag' };
  expect((await biz.client.put('/api/fraud/settings', { modes, expiryDays: FLAG_EXPIRY_DAYS })).status).toBe(200);
  const platforms = {} as Record<Store, Platform>;
  for (const store of ['shopify', 'woocommerce', 'bigcommerce'] as const) {
    const res = await biz.client.post('/api/integration-platforms', { name: `Model ${store}`, platformType: store });
    expect(res.status).toBe(201);
    platforms[store] = res.body;
  }
  const stripe = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http' });
  return { t, fake, biz, platforms, stripe, sequence: 0 };
}

/** Two pro staff made straight in the database (a sign-up hashes a password: too slow for hundreds of sequences). */
export async function freshStaff(world: World, rates: [number, number]): Promise<StaffModel[]> {
  world.sequence += 1;
  // Every sequence ends with its payouts finished and has its own accounts: the last one's transfers are not needed,
  // and keeping them would make each check walk every transfer of the whole run.
  world.fake.connect.transfers.clear();
  const { t } = world;
  const staff: StaffModel[] = [];
  for (const [index, rateBps] of rates.entries()) {
    const email = `model.${process.pid}.${world.sequence}.${index}@example.com`;
    const [profile] = await t.database.query<{ id: number }>(`
      with u as (insert into users (email, password_hash, user_type, email_verified_at) values ('${email}', 'x', 'pro_staff', now()) returning id)
      insert into pro_staff_profiles (user_id, first_name, last_name, specialties, location) select id, 'Model', '${world.sequence}-${index}', array['Elk'], 'MT' from u returning id`);
    const account = await world.stripe.accounts.create({ type: 'express', capabilities: { transfers: { requested: true } } });
    world.fake.connect.completeOnboarding(account.id);
    await t.database.query(`insert into payout_accounts (pro_staff_id, stripe_account_id, details_submitted, payouts_enabled, transfers_active) values (${profile.id}, '${account.id}', true, true, true)`);
    const code = `M${world.sequence}X${index}`;
    await t.database.query(`insert into discount_codes (business_id, code, description, discount_type, discount_value_hundredths, platform, pro_staff_id, commission_rate_bps)
      values (${world.biz.businessId}, '${code}', 'model', 'percentage', 1000, 'All platforms', ${profile.id}, ${rateBps})`);
    staff.push({ proStaffId: profile.id, accountId: account.id, code, rateBps, email });
  }
  return staff;
}

export const newOrderId = () => ++orderIds;

/** The business picks what own use does from now on (the review screen's settings). */
export async function setOwnUseMode(world: World, model: Model, mode: OwnUseMode) {
  expect((await world.biz.client.put('/api/fraud/settings', { modes: { own_use: mode } })).status).toBe(200);
  model.ownUseMode = mode;
}
export const FLAG_EXPIRY_DAYS = 14;

// ---- what the stores send ----

const major = (minor: number) => (minor / 100).toFixed(2);

async function send(world: World, store: Store, body: string, topic: string) {
  const platform = world.platforms[store];
  const headers = store === 'shopify' ? shopifyHeaders(platform.webhookSecret, body, topic)
    : store === 'woocommerce' ? wooCommerceHeaders(platform.webhookSecret, body, topic)
      : bigCommerceHeaders(platform.webhookSecret);
  const res = await deliverAndProcess(world.t.app, { method: 'POST', url: `/api/webhooks/${store}/${platform.id}`, payload: body, headers });
  // A signed delivery is always answered 200 and processed (never a 4xx that makes a store disable the webhook).
  expect(res.statusCode, `${store} ${topic}`).toBe(200);
  expect(res.json(), `${store} ${topic}: ${res.body}`).not.toHaveProperty('taskStatus');
  return res.json();
}

/** The order as its store describes it now (Shopify and WooCommerce send the whole order on every change). */
export function orderDelivery(world: World, model: Model, order: OrderModel, topic?: string): () => Promise<unknown> {
  const { code, email } = model.staff[order.staff];
  if (order.store === 'shopify') {
    const body = JSON.stringify({
      ...fixture('shopify/orders-create.json'), id: order.id, ...(order.ownUse ? { email: email.toUpperCase(), contact_email: email } : {}), admin_graphql_api_id: `gid://shopify/Order/${order.id}`, currency: 'USD',
      discount_codes: [{ code: code.toLowerCase(), amount: '1.00', type: 'fixed_amount' }], discount_applications: [],
      subtotal_price: major(order.base), current_subtotal_price: major(order.base),
      cancelled_at: order.status === 'cancelled' ? '2026-11-20T10:00:00-05:00' : null,
      financial_status: order.status === 'refunded' ? 'refunded' : 'paid', refunds: [],
    });
    const shopifyTopic = topic ?? (order.status === 'cancelled' ? 'orders/cancelled' : 'orders/updated');
    return () => send(world, 'shopify', body, shopifyTopic);
  }
  const wcStatus = order.status === 'placed' ? 'processing' : order.status;
  const published = fixture<{ billing: Record<string, unknown> }>('woocommerce/order.json');
  const body = JSON.stringify({
    ...published, id: order.id, ...(order.ownUse ? { billing: { ...published.billing, email } } : {}), currency: 'USD', status: wcStatus, refunds: [],
    coupon_lines: [{ id: 1, code, discount: '1.00', discount_tax: '0.00', meta_data: [] }],
    line_items: [{ ...fixture<{ line_items: Record<string, unknown>[] }>('woocommerce/order.json').line_items[0], total: major(order.base) }],
  });
  return () => send(world, 'woocommerce', body, topic ?? 'order.updated');
}

export async function shopifyRefund(world: World, order: OrderModel, refundId: number, amount: number) {
  const refund = fixture<Record<string, unknown> & { refund_line_items: Record<string, unknown>[] }>('shopify/refunds-create.json');
  const body = JSON.stringify({
    ...refund, id: refundId, order_id: order.id, admin_graphql_api_id: `gid://shopify/Refund/${refundId}`,
    refund_line_items: [{ ...refund.refund_line_items[0], subtotal: major(amount), subtotal_set: { shop_money: { amount: major(amount), currency_code: 'USD' }, presentment_money: { amount: major(amount), currency_code: 'USD' } } }],
  });
  const deliver = () => send(world, 'shopify', body, 'refunds/create');
  await deliver();
  return deliver;
}

export async function deleted(world: World, order: OrderModel) {
  const body = JSON.stringify({ id: order.id });
  const deliver = () => send(world, order.store, body, order.store === 'shopify' ? 'orders/delete' : 'order.deleted');
  await deliver();
  return deliver;
}

export async function bigCommerceThin(world: World, order: OrderModel, statusId?: number) {
  const published = fixture<{ scope: string; data: Record<string, unknown> }>(statusId === undefined ? 'bigcommerce/webhook-order-created.json' : 'bigcommerce/webhook-order-status-updated.json');
  const data = statusId === undefined ? { ...published.data, id: order.id } : { ...published.data, id: order.id, status: { previous_status_id: 11, new_status_id: statusId } };
  const body = JSON.stringify({ ...published, data });
  const deliver = () => send(world, 'bigcommerce', body, published.scope);
  await deliver();
  return deliver;
}

/** The store's server with the secret key: the only source of a BigCommerce order's amount here. */
export async function secretKeyUsage(world: World, model: Model, order: OrderModel) {
  const res = await world.t.app.inject({
    method: 'POST', url: '/api/discount-codes/track-usage', headers: { 'x-api-key': world.platforms[order.store].secretKey },
    payload: { code: model.staff[order.staff].code, orderValue: order.base / 100, currency: 'USD', orderId: String(order.id) },
  });
  expect([200, 201], res.body).toContain(res.statusCode);
}

/** A shopper's browser (publishable key) reporting the order with a forged amount. */
export async function browserSignal(world: World, model: Model, order: OrderModel) {
  const res = await world.t.app.inject({
    method: 'POST', url: '/api/track/discount', headers: { 'x-api-key': world.platforms[order.store].publishableKey },
    payload: { discountCode: model.staff[order.staff].code, orderValue: 9999999, currency: 'USD', orderId: String(order.id) },
  });
  expect(res.statusCode, res.body).toBe(202);
}

// ---- what the business and the payouts do ----

type Listed = { id: number; proStaffId: number; orderId: string | null; source: string; status: string; payable: boolean; amountCents: number };

export async function listed(world: World, model: Model): Promise<Listed[]> {
  const ours = new Set(model.staff.map((s) => s.proStaffId));
  const res = await world.biz.client.get('/api/commissions/business');
  expect(res.status).toBe(200);
  return (res.body as Listed[]).filter((c) => ours.has(c.proStaffId));
}

export async function runRecovery(world: World) {
  await world.t.database.query(`update background_tasks set run_at = now() where kind = 'payouts.process' and status = 'queued'`);
  await world.t.app.ctx.tasks.drain();
}

// ---- the invariants ----

const VALUE_KINDS = `('earned', 'adjusted', 'reversed', 'restored', 'clawback')`;

export function target(model: Model, order: OrderModel): number {
  if (order.businessCancelled || order.fraudRejected || order.status !== 'placed' || !order.baseSent) return 0;
  const refunded = [...order.refunds.values()].reduce((sum, amount) => sum + amount, 0);
  return Math.round((Math.max(0, order.base - refunded) * model.staff[order.staff].rateBps) / 10_000);
}

export async function checkInvariants(world: World, model: Model, step: string): Promise<void> {
  const { t } = world;
  const businessId = world.biz.businessId;
  // 1. Per order: its commission and adjustment rows are worth what the order owes.
  for (const order of model.orders) {
    const [row] = await t.database.query<{ value: number }>(`select coalesce(sum(e.amount_minor), 0)::bigint as value from commission_entries e
      join commissions c on c.id = e.commission_id where c.business_id = ${businessId} and c.order_id = '${order.id}' and e.kind in ${VALUE_KINDS}`);
    expect(Number(row.value), `${step}: order ${order.store} ${order.id} (${JSON.stringify({ ...order, refunds: [...order.refunds.values()], last: undefined })})`).toBe(target(model, order));
  }
  // 2. No browser value is ever a base.
  const ids = model.orders.map((o) => `'${o.id}'`);
  if (ids.length) {
    const bases = await t.database.query<{ order_id: string; order_value_cents: number | null }>(`select order_id, order_value_cents from store_orders where business_id = ${businessId} and order_id in (${ids.join(',')})`);
    for (const base of bases) {
      const order = model.orders.find((o) => String(o.id) === base.order_id)!;
      expect(base.order_value_cents === null ? null : Number(base.order_value_cents), `${step}: base of ${base.order_id}`).toBe(order.baseSent ? order.base : null);
    }
  }
  for (const staff of model.staff) {
    // 3a. What Stripe moved to the staffer equals what the ledger says was paid by transfer.
    const transferred = [...world.fake.connect.transfers.values()]
      .filter((tr) => tr.destination === staff.accountId)
      .reduce((sum, tr) => sum + Number(tr.amount) - Number(tr.amount_reversed ?? 0), 0);
    const [sums] = await t.database.query<{ paid: number; settled: number; value: number; open: number }>(`select
      (select coalesce(sum(amount_minor), 0)::bigint from commission_entries where pro_staff_id = ${staff.proStaffId} and kind = 'paid') as paid,
      (select coalesce(sum(amount_minor), 0)::bigint from commission_entries where pro_staff_id = ${staff.proStaffId} and kind in ('paid', 'paid_outside')) as settled,
      (select coalesce(sum(amount_minor), 0)::bigint from commission_entries where pro_staff_id = ${staff.proStaffId} and kind in ${VALUE_KINDS}) as value,
      (select coalesce(sum(amount_cents), 0)::bigint from commissions where pro_staff_id = ${staff.proStaffId} and status = 'pending') as open`);
    expect(Number(sums.paid), `${step}: transferred to ${staff.code}`).toBe(transferred);
    // 3b. Everything earned net of reversals is paid, paid outside, locked in a payout or still owed.
    expect(Number(sums.value), `${step}: value of ${staff.code}`).toBe(Number(sums.settled) + Number(sums.open));
  }
  const staffIds = model.staff.map((s) => s.proStaffId).join(',');
  // 5. An unpaid commission is exactly what its order owes: no adjustment row of it stands unpaid beside it (a failed
  // transfer folds them back).
  expect(await t.database.query(`select a.id from commissions a join commissions m on m.id = a.adjusts_commission_id
    where m.pro_staff_id in (${staffIds}) and a.status = 'pending' and a.payout_id is null
      and m.status = 'pending' and m.payout_id is null`), `${step}: an adjustment row stands beside an unpaid commission`).toEqual([]);
  // 4. The projection is the entries' state (record 039: `held` too, the newest of its held/released entries is a hold);
  // entries only ever grow; an entry's currency is its commission's.
  expect(await t.database.query(`select c.id from commissions c, hs_commission_state(c.id) s where c.pro_staff_id in (${staffIds})
    and (s.amount_cents, s.status, s.paid_at, s.payout_id, hs_commission_held(c.id)) is distinct from (c.amount_cents, c.status, c.paid_at, c.payout_id, c.held)`), `${step}: projection`).toEqual([]);
  const entries = await t.database.query<{ line: string }>(`select e.id || ':' || e.commission_id || ':' || e.kind || ':' || e.amount_minor || ':' || coalesce(e.payout_id::text, '-') || ':'
    || (e.kind = 'reversed' and e.reason like 'fraud:%') || ':' || e.currency || ':' || (e.currency = c.currency) as line
    from commission_entries e join commissions c on c.id = e.commission_id where e.pro_staff_id in (${staffIds}) order by e.id`);
  const lines = entries.map((e) => e.line);
  expect(lines.slice(0, model.entriesSeen.length), `${step}: entries changed`).toEqual(model.entriesSeen);
  expect(lines.every((line) => line.endsWith(':true')), `${step}: entry currency`).toBe(true);
  expect(reviewBreaches(lines), `${step}: fraud review`).toEqual([]);
  model.entriesSeen = lines;
}

/**
 * Record 039 read off the entries in order: (a) no held commission is moved into a payout or paid (no such entry after
 * a `held` without a `released` between); (c) a commission rejected as fraud never earns again (no `restored` or
 * positive `adjusted` entry after its fraud reversal; what it is worth is checked by invariant 1 against the model).
 */
function reviewBreaches(lines: string[]): string[] {
  const held = new Set<string>();
  const rejected = new Set<string>();
  const breaches: string[] = [];
  for (const line of lines) {
    const [, commission, kind, amount, , fraud] = line.split(':');
    if (kind === 'held') held.add(commission);
    if (kind === 'released') held.delete(commission);
    if (held.has(commission) && ['moved_to_payout', 'paid', 'paid_outside'].includes(kind)) breaches.push(`${line}: ${kind} while held`);
    if (rejected.has(commission) && (kind === 'restored' || (kind === 'adjusted' && Number(amount) > 0))) breaches.push(`${line}: earns again after a rejection as fraud`);
    if (fraud === 'true') rejected.add(commission);
  }
  return breaches;
}
