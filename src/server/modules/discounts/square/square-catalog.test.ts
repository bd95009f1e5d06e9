import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness } from '@server/test/factories';
import { businessWithStore } from '@server/test/store-setup';
import { FAKE_SQUARE_SIGNATURE_KEY, FAKE_SQUARE_TOKEN, startFakeSquare, type FakeSquare } from '@server/test/fake-square';
import { discountObject, idempotencyKey, squarePercentage } from './catalog-service';
import type { CodeRow } from '../repository';

// "Create Square discounts" (decision record 040): one Square DISCOUNT catalog object per staffer code and store,
// kept by id; only the store's owner may ask, and repeated or parallel calls make one object per code.

let fake: FakeSquare;
beforeAll(async () => {
  fake = await startFakeSquare();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());
const t = useTestApp(() => ({ STORE_ADMIN_ORIGIN: fake.url }));

async function squareStore() {
  const store = await businessWithStore(t, 'square', 'JAKE10');
  await store.biz.client.put(`/api/gear/stores/${store.platform.id}/credentials`, { platform: 'square', accessToken: FAKE_SQUARE_TOKEN, signatureKey: FAKE_SQUARE_SIGNATURE_KEY });
  // A fixed 5.00 code for Jake too, and a store code without a staffer (no Square discount for it).
  const code = (body: Record<string, unknown>) => store.biz.client.post('/api/discount-codes', { description: 'x', platform: 'All platforms', commissionRate: 10, ...body });
  expect((await code({ code: 'JAKE5OFF', discountType: 'fixed', discountValue: 5, proStaffId: store.jake.proStaffId })).status).toBe(201);
  expect((await code({ code: 'STORE20', discountType: 'percentage', discountValue: 20, commissionRate: 0 })).status).toBe(201);
  return store;
}
const path = (platformId: number) => `/api/integration-platforms/${platformId}/square-discounts`;
const catalogRows = (platformId: number) => t.database.query<{ discount_code_id: number; catalog_object_id: string }>(`select discount_code_id, catalog_object_id from square_catalog_discounts where platform_id = ${platformId} order by discount_code_id`);

describe('Create Square discounts', () => {
  it('creates one DISCOUNT per staffer code with its terms, and answers existing ones on a second call', async () => {
    const { biz, platform } = await squareStore();
    const first = await biz.client.post(path(platform.id), { currency: 'usd' });
    expect(first.status).toBe(200);
    expect(first.body.discounts).toEqual([
      { codeId: expect.any(Number), code: 'JAKE10', outcome: 'created', catalogObjectId: expect.any(String), reason: null },
      { codeId: expect.any(Number), code: 'JAKE5OFF', outcome: 'created', catalogObjectId: expect.any(String), reason: null },
    ]);
    expect([...fake.catalog.values()].map((object) => object.discount_data)).toEqual([
      { name: 'JAKE10', discount_type: 'FIXED_PERCENTAGE', percentage: '10.0' },
      { name: 'JAKE5OFF', discount_type: 'FIXED_AMOUNT', amount_money: { amount: 500, currency: 'USD' } },
    ]);
    const again = await biz.client.post(path(platform.id), { currency: 'USD' });
    expect(again.body.discounts.map((d: { outcome: string; catalogObjectId: string }) => [d.outcome, d.catalogObjectId])).toEqual(
      first.body.discounts.map((d: { catalogObjectId: string }) => ['existing', d.catalogObjectId]),
    );
    expect(fake.catalog.size).toBe(2);
  });

  it('skips a fixed-amount code without a currency, and creates it later when one is given', async () => {
    const { biz, platform } = await squareStore();
    const first = await biz.client.post(path(platform.id), {});
    expect(first.body.discounts.map((d: { code: string; outcome: string; reason: string | null }) => [d.code, d.outcome, d.reason])).toEqual([
      ['JAKE10', 'created', null],
      ['JAKE5OFF', 'skipped', 'A fixed-amount code needs the currency of your Square locations'],
    ]);
    const second = await biz.client.post(path(platform.id), { currency: 'JPY' });
    expect(second.body.discounts.map((d: { outcome: string }) => d.outcome)).toEqual(['existing', 'created']);
    expect([...fake.catalog.values()][1].discount_data).toMatchObject({ amount_money: { amount: 5, currency: 'JPY' } });
  });

  it('makes one object per code under parallel calls', async () => {
    const { biz, platform } = await squareStore();
    const answers = await Promise.all(Array.from({ length: 4 }, () => biz.client.post(path(platform.id), { currency: 'USD' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(fake.catalog.size).toBe(2);
    const rows = await catalogRows(platform.id);
    expect(rows).toHaveLength(2);
    for (const answer of answers) expect(answer.body.discounts.map((d: { catalogObjectId: string }) => d.catalogObjectId)).toEqual(rows.map((r) => r.catalog_object_id));
  });

  it('is the store owner’s alone: signed out 401, a pro staffer 403, another business and a non-Square store 404/400', async () => {
    const { biz, jake, platform } = await squareStore();
    expect((await t.anonymous().post(path(platform.id), {})).status).toBe(401);
    expect((await jake.client.post(path(platform.id), {})).status).toBe(403);
    const other = await createBusiness(t, { tier: 'professional' });
    expect((await other.client.post(path(platform.id), {})).status).toBe(404);
    expect((await biz.client.post(path(999999), {})).status).toBe(404);
    const shop = await biz.client.post('/api/integration-platforms', { name: 'Web shop', platformType: 'shopify' });
    expect((await biz.client.post(path(shop.body.id), {})).status).toBe(400);
    expect(fake.catalog.size).toBe(0);
  });

  it('refuses nasty input, a store without credentials, and records Square’s refusals per code', async () => {
    const { biz, platform } = await squareStore();
    for (const body of [{ currency: 'US\u0000' }, { currency: true }, { currency: 'X'.repeat(100000) }]) expect((await biz.client.post(path(platform.id), body)).status).toBe(400);
    for (const id of ['true', '1e400', '99999999999999999999', '%00']) expect((await biz.client.post(`/api/integration-platforms/${id}/square-discounts`, {})).status).toBe(400);
    const bare = await biz.client.post('/api/integration-platforms', { name: 'Booth', platformType: 'square' });
    expect((await biz.client.post(path(bare.body.id), {})).body).toMatchObject({ error: { code: 'VALIDATION', message: 'Save the Square access token of this store first' } });
    await biz.client.put(`/api/gear/stores/${platform.id}/credentials`, { platform: 'square', accessToken: 'EAAA_wrong_token_0123456789', signatureKey: FAKE_SQUARE_SIGNATURE_KEY });
    const refused = await biz.client.post(path(platform.id), {});
    expect(refused.body.discounts[0]).toMatchObject({ outcome: 'skipped', reason: 'Square refused the access token (401 UNAUTHORIZED) for the catalog discount' });
    fake.failNext(1, 503);
    await biz.client.put(`/api/gear/stores/${platform.id}/credentials`, { platform: 'square', accessToken: FAKE_SQUARE_TOKEN, signatureKey: FAKE_SQUARE_SIGNATURE_KEY });
    expect((await biz.client.post(path(platform.id), {})).status).toBe(503);
  });
});

describe('the DISCOUNT object and its idempotency key', () => {
  const code = (extra: Partial<CodeRow>) => ({ id: 7, code: 'JAKE10', discountType: 'percentage', discountValueHundredths: 1000, ...extra }) as CodeRow;
  it('writes percentages as Square’s decimal strings and amounts in the currency’s smallest unit', () => {
    expect([1000, 1250, 1225, 100_00].map(squarePercentage)).toEqual(['10.0', '12.5', '12.25', '100.0']);
    expect(discountObject(code({ discountType: 'fixed', discountValueHundredths: 1234 }), 'KWD')).toMatchObject({ discount_data: { amount_money: { amount: 12340, currency: 'KWD' } } });
    expect(discountObject(code({ discountType: 'fixed', discountValueHundredths: 1250 }), 'JPY')).toBe('The amount cannot be written in JPY');
  });
  it('keeps the key for the same terms and changes it with them', () => {
    const object = discountObject(code({}), undefined) as Record<string, unknown>;
    expect(idempotencyKey(1, code({}), object)).toBe(idempotencyKey(1, code({}), discountObject(code({}), 'USD') as Record<string, unknown>));
    expect(idempotencyKey(1, code({}), object)).not.toBe(idempotencyKey(1, code({}), discountObject(code({ discountValueHundredths: 1500 }), undefined) as Record<string, unknown>));
    expect(idempotencyKey(1, code({}), object).length).toBeLessThanOrEqual(128);
  });
});

describe('the fake Square refuses what Square refuses', () => {
  const post = (body: unknown, token = FAKE_SQUARE_TOKEN) =>
    fetch(`${fake.url}/v2/catalog/object`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json() }));
  it('401 without the token, 400 for a missing field, IDEMPOTENCY_KEY_REUSED for a reused key with another body', async () => {
    const object = { type: 'DISCOUNT', id: '#A', discount_data: { name: 'A', discount_type: 'FIXED_PERCENTAGE', percentage: '5.0' } };
    expect(await post({ idempotency_key: 'k', object }, 'wrong')).toMatchObject({ status: 401, body: { errors: [{ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED' }] } });
    expect(await post({ object })).toMatchObject({ status: 400, body: { errors: [{ code: 'MISSING_REQUIRED_PARAMETER', field: 'idempotency_key' }] } });
    const first = await post({ idempotency_key: 'k', object });
    expect((await post({ idempotency_key: 'k', object })).body).toEqual(first.body);
    expect(await post({ idempotency_key: 'k', object: { ...object, id: '#B' } })).toMatchObject({ status: 400, body: { errors: [{ code: 'IDEMPOTENCY_KEY_REUSED' }] } });
  });
});
