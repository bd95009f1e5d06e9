import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { businessWithStore, commissionsOf, type StorePlatform } from '@server/test/store-setup';
import { deliverAndProcess } from '@server/test/webhooks';
import { ORDER_RISK_RETENTION_DAYS, purgeOrderRisk } from './attribution';
import { fixture, shopifyHeaders, wooCommerceHeaders } from '../../../../tests/fixtures/sign';

// Decision record 039, end to end: the stores' published payloads, modified to carry the staffer's own email and a
// coupon-site referrer, flag the order and hold its commission at attribution. These need the real signals
// (src/server/modules/fraud/signals), run once both pieces are merged.
const t = useTestApp();
const COUPON_SITE = 'https://www.retailmenot.com/view/example.com';

async function staffEmail(proStaffId: number): Promise<string> {
  const [row] = await t.database.query<{ email: string }>(`select u.email from users u join pro_staff_profiles p on p.user_id = u.id where p.id = ${proStaffId}`);
  return row.email;
}

async function deliver(platform: StorePlatform, kind: 'shopify' | 'woocommerce', payload: Record<string, unknown>, topic?: string) {
  const body = JSON.stringify(payload);
  const headers = kind === 'shopify' ? shopifyHeaders(platform.webhookSecret, body, topic ?? 'orders/create') : wooCommerceHeaders(platform.webhookSecret, body, topic ?? 'order.created');
  const res = await deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/${kind}/${platform.id}`, payload: body, headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const withPlusTag = (email: string) => email.replace('@', '+deals@').toUpperCase();

describe('signals at attribution', () => {
  it('Shopify: the staffer’s own email (plus-tagged) and a coupon-site landing page flag the order and hold the commission', async () => {
    const { biz, jake, platform } = await businessWithStore(t, 'shopify', 'JAKE10');
    const email = withPlusTag(await staffEmail(jake.proStaffId));
    const order = fixture<Record<string, unknown>>('shopify/orders-create.json');
    expect(await deliver(platform, 'shopify', { ...order, email, customer: { ...(order.customer as object), email }, landing_site: '/?discount=JAKE10', referring_site: COUPON_SITE })).toMatchObject({ action: 'created' });
    const [commission] = await commissionsOf(t, biz.businessId);
    const flags = (await biz.client.get('/api/fraud/flags')).body.flags as { signal: string; held: boolean; evidence: Record<string, unknown> }[];
    expect(flags.map((flag) => flag.signal).sort()).toEqual(['coupon_referrer', 'own_use']);
    expect(flags.every((flag) => flag.held)).toBe(true);
    // Evidence never carries the raw email.
    expect(JSON.stringify(flags)).not.toContain(email.toLowerCase().split('+')[0]);
    const [row] = await t.database.query<{ held: boolean }>(`select held from commissions where id = ${commission.id}`);
    expect(row.held).toBe(true);
    const log = await biz.client.get('/api/integration-platforms/deliveries');
    expect(JSON.stringify(log.body)).toMatch(/Flagged: .*commission held for review/);
  });

  it('WooCommerce: a `_wc_order_attribution_referrer` on the coupon-site list flags the order', async () => {
    const { biz, platform } = await businessWithStore(t, 'woocommerce', 'JAKE10');
    const order = fixture<Record<string, unknown>>('woocommerce/order.json');
    await deliver(platform, 'woocommerce', { ...order, meta_data: [{ id: 1, key: '_wc_order_attribution_referrer', value: COUPON_SITE }, { id: 2, key: '_wc_order_attribution_source_type', value: 'referral' }] });
    const flags = (await biz.client.get('/api/fraud/flags')).body.flags as { signal: string; evidence: Record<string, unknown> }[];
    expect(flags.map((flag) => flag.signal)).toContain('coupon_referrer');
  });

  it('a rejection as fraud stands when the store restores the order it had cancelled (found by the ledger’s model test)', async () => {
    const { biz, jake, platform } = await businessWithStore(t, 'woocommerce', 'JAKE10');
    const order = fixture<{ billing: Record<string, unknown> } & Record<string, unknown>>('woocommerce/order.json');
    const own = { ...order, billing: { ...order.billing, email: await staffEmail(jake.proStaffId) } };
    await deliver(platform, 'woocommerce', own);
    const [commission] = await commissionsOf(t, biz.businessId);
    await deliver(platform, 'woocommerce', { ...own, status: 'cancelled' }, 'order.updated');
    const flagIds = ((await biz.client.get('/api/fraud/flags')).body.flags as { id: number }[]).map((flag) => flag.id);
    expect((await biz.client.post('/api/fraud/flags/decide', { flagIds, decision: 'reject', reason: 'Own code' })).status).toBe(200);
    await deliver(platform, 'woocommerce', { ...own, status: 'processing' }, 'order.restored');
    const [row] = await t.database.query<{ status: string }>(`select status from commissions where id = ${commission.id}`);
    expect(row.status).toBe('cancelled');
    expect(await t.database.query(`select kind from commission_entries where commission_id = ${commission.id} and kind = 'restored'`)).toEqual([]);
  });

  it('stores a household address only as its hash and a masked label', async () => {
    const { jake } = await businessWithStore(t, 'shopify');
    const res = await jake.client.post('/api/fraud/household-addresses', { line1: '12 Oak Street', city: 'Boise', postalCode: '83702', country: 'us' });
    expect(res).toMatchObject({ status: 201, body: { label: '12 O… Street, Boise US' } });
    const [row] = await t.database.query<{ address_hash: string; label: string }>(`select address_hash, label from household_addresses where id = ${res.body.id}`);
    expect(row.address_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('83702');
    expect((await jake.client.post('/api/fraud/household-addresses', { line1: '12 oak street', city: 'BOISE', postalCode: '83702', country: 'US' })).status).toBe(409);
  });

  it('purges order risk hashes older than 180 days and keeps the newer ones', async () => {
    const { biz, jake } = await businessWithStore(t, 'shopify');
    const insert = (orderId: string, daysAgo: number) =>
      t.database.query(`insert into order_risk_hashes (business_id, order_id, pro_staff_id, kind, hash, created_at)
        values (${biz.businessId}, '${orderId}', ${jake.proStaffId}, 'ip', '${'c'.repeat(64)}', now() - interval '${daysAgo} days')`);
    await insert('old', ORDER_RISK_RETENTION_DAYS + 1);
    await insert('new', ORDER_RISK_RETENTION_DAYS - 1);
    expect(await purgeOrderRisk(t.app.ctx.db, new Date())).toBe(1);
    expect(await t.database.query(`select order_id from order_risk_hashes where business_id = ${biz.businessId}`)).toEqual([{ order_id: 'new' }]);
  });
});

