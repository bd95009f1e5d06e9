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

describe('rotating a code on a Square store (decision records 039, 040)', () => {
  const rotate = (client: { post(url: string, body: unknown): Promise<{ status: number; body: any }> }, id: number, body: Record<string, unknown> = {}) => client.post(`/api/discount-codes/${id}/rotate`, body);
  const codeIdOf = (rows: { discount_code_id: number }[], index: number) => rows[index].discount_code_id;
  const names = () => [...fake.catalog.values()].map((object) => (object.discount_data as { name: string }).name).sort();

  it('replaces the catalog discount: the new name with Square’s terms, the old object deleted, both mappings kept', async () => {
    const { biz, platform } = await squareStore();
    await biz.client.post(path(platform.id), { currency: 'JPY' });
    const [jake10, jake5] = await catalogRows(platform.id);
    // The business changed the amount in Square's dashboard: the rotation copies what Square holds.
    const held = fake.catalog.get(jake5.catalog_object_id)!;
    held.discount_data = { ...(held.discount_data as object), amount_money: { amount: 700, currency: 'JPY' } };
    const res = await rotate(biz.client, jake5.discount_code_id, { newCode: 'JAKE7OFF' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ newCode: 'JAKE7OFF', store: { disabled: true, created: true, platform: 'square', detail: null } });
    expect(names()).toEqual(['JAKE10', 'JAKE7OFF']);
    expect(fake.catalog.has(jake5.catalog_object_id)).toBe(false);
    const made = [...fake.catalog.values()].find((object) => (object.discount_data as { name: string }).name === 'JAKE7OFF')!;
    expect(made.discount_data).toEqual({ name: 'JAKE7OFF', discount_type: 'FIXED_AMOUNT', amount_money: { amount: 700, currency: 'JPY' } });
    const rows = await catalogRows(platform.id);
    expect(rows.map((row) => [row.discount_code_id, row.catalog_object_id])).toEqual([
      [jake10.discount_code_id, jake10.catalog_object_id],
      [jake5.discount_code_id, jake5.catalog_object_id],
      [res.body.newCodeId, made.id],
    ]);
    expect(codeIdOf(rows, 2)).toBe(res.body.newCodeId);
  });

  it('an object already deleted in Square: rotated in HuntStaff, the business told to add the new name', async () => {
    const { biz, platform } = await squareStore();
    await biz.client.post(path(platform.id), { currency: 'USD' });
    const [jake10] = await catalogRows(platform.id);
    fake.catalog.delete(jake10.catalog_object_id);
    const res = await rotate(biz.client, jake10.discount_code_id, { newCode: 'JAKE11' });
    expect(res.status).toBe(200);
    expect(res.body.store).toEqual({ disabled: false, created: false, platform: 'square', detail: 'JAKE10 is not in the Square catalog any more (deleted there already): add a discount named JAKE11 there with the same terms.' });
  });

  it('Square down: nothing changes anywhere (503), and a retry rotates once', async () => {
    const { biz, platform } = await squareStore();
    await biz.client.post(path(platform.id), { currency: 'USD' });
    const [jake10] = await catalogRows(platform.id);
    const before = names();
    fake.failNext(1, 503);
    const down = await rotate(biz.client, jake10.discount_code_id, { newCode: 'JAKE12' });
    expect(down.status).toBe(503);
    expect(down.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { platform: 'square' } });
    expect(names()).toEqual(before);
    const codes = await t.database.query<{ code: string; is_active: boolean }>(`select code, is_active from discount_codes where business_id = (select business_id from discount_codes where id = ${jake10.discount_code_id}) order by id`);
    expect(codes.map((c) => [c.code, c.is_active])).toEqual([['JAKE10', true], ['JAKE5OFF', true], ['STORE20', true]]);
    const again = await rotate(biz.client, jake10.discount_code_id, { newCode: 'JAKE12' });
    expect(again.status).toBe(200);
    expect(names()).toEqual(['JAKE12', 'JAKE5OFF']);
  });

  it('parallel rotations of one code: one wins, the others 409, one new object in Square', async () => {
    const { biz, platform } = await squareStore();
    await biz.client.post(path(platform.id), { currency: 'USD' });
    const [jake10] = await catalogRows(platform.id);
    const answers = await Promise.all(['JAKE21', 'JAKE22', 'JAKE23'].map((newCode) => rotate(biz.client, jake10.discount_code_id, { newCode })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(fake.catalog.size).toBe(2);
    expect(names()).toEqual([answers.find((a) => a.status === 200)!.body.newCode, 'JAKE5OFF'].sort());
  });

  it('a code without a Square discount made by HuntStaff: rotated here, the business told what to change by hand', async () => {
    const { biz, platform } = await squareStore();
    const [code] = await t.database.query<{ id: number }>(`select id from discount_codes where code = 'JAKE10' and business_id = (select business_id from integration_platforms where id = ${platform.id})`);
    const res = await rotate(biz.client, code.id, { newCode: 'JAKE13' });
    expect(res.status).toBe(200);
    expect(res.body.store).toMatchObject({ disabled: false, created: false, detail: expect.stringContaining('HuntStaff has no admin access') });
    expect(fake.catalog.size).toBe(0);
  });
});

describe('editing a code whose Square discount HuntStaff made (decision record 040)', () => {
  const edit = (client: { patch: (url: string, body: unknown) => Promise<{ status: number; body: any }> }, id: number, body: Record<string, unknown>) => client.patch(`/api/discount-codes/${id}`, body);
  const squareData = () => [...fake.catalog.values()].map((object) => object.discount_data);
  async function withDiscounts() {
    const store = await squareStore();
    await store.biz.client.post(path(store.platform.id), { currency: 'USD' });
    const [jake10, jake5] = await catalogRows(store.platform.id);
    return { ...store, jake10, jake5 };
  }

  it('updates the object in place with its version: a new percentage, a new amount in its currency, a new name', async () => {
    const { biz, jake10, jake5 } = await withDiscounts();
    const version = fake.catalog.get(jake10.catalog_object_id)!.version as number;
    expect((await edit(biz.client, jake10.discount_code_id, { discountValue: 15 })).status).toBe(200);
    expect(fake.catalog.get(jake10.catalog_object_id)).toMatchObject({ version: version + 1, discount_data: { name: 'JAKE10', discount_type: 'FIXED_PERCENTAGE', percentage: '15.0' } });
    expect((await edit(biz.client, jake5.discount_code_id, { discountValue: 7.5, code: 'JAKE7OFF' })).status).toBe(200);
    expect(squareData()).toEqual([
      { name: 'JAKE10', discount_type: 'FIXED_PERCENTAGE', percentage: '15.0' },
      { name: 'JAKE7OFF', discount_type: 'FIXED_AMOUNT', amount_money: { amount: 750, currency: 'USD' } },
    ]);
    expect(fake.catalog.size).toBe(2);
    // A change that is not the discount (the description) does not call Square.
    const calls = fake.calls.length;
    expect((await edit(biz.client, jake10.discount_code_id, { description: 'Spring' })).status).toBe(200);
    expect(fake.calls.length).toBe(calls);
  });

  it('Square down: 503 and the code unchanged in HuntStaff and in Square; a repeat succeeds', async () => {
    const { biz, jake10 } = await withDiscounts();
    fake.failNext(1, 503);
    const down = await edit(biz.client, jake10.discount_code_id, { discountValue: 20 });
    expect(down.status).toBe(503);
    expect(down.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { platform: 'square' } });
    expect((await t.database.query<{ v: number }>(`select discount_value_hundredths as v from discount_codes where id = ${jake10.discount_code_id}`))[0].v).toBe(1000);
    expect(squareData()[0]).toMatchObject({ percentage: '10.0' });
    expect((await edit(biz.client, jake10.discount_code_id, { discountValue: 20 })).status).toBe(200);
    expect(squareData()[0]).toMatchObject({ percentage: '20.0' });
  });

  it('a percentage discount cannot become a fixed amount in Square: 409, nothing changed', async () => {
    const { biz, jake10 } = await withDiscounts();
    const res = await edit(biz.client, jake10.discount_code_id, { discountType: 'fixed', discountValue: 5 });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain('Square refused the new terms');
    expect(squareData()[0]).toMatchObject({ discount_type: 'FIXED_PERCENTAGE', percentage: '10.0' });
    expect((await t.database.query<{ t: string }>(`select discount_type as t from discount_codes where id = ${jake10.discount_code_id}`))[0].t).toBe('percentage');
  });

  it('parallel edits of one code each update Square once, in turn (the version never conflicts)', async () => {
    const { biz, jake10 } = await withDiscounts();
    const answers = await Promise.all([11, 12, 13].map((discountValue) => edit(biz.client, jake10.discount_code_id, { discountValue })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const [row] = await t.database.query<{ v: number }>(`select discount_value_hundredths as v from discount_codes where id = ${jake10.discount_code_id}`);
    expect(squareData()[0]).toMatchObject({ percentage: `${row.v / 100}.0` });
  });

  it('an object deleted in Square meanwhile: the edit is kept here', async () => {
    const { biz, jake10 } = await withDiscounts();
    fake.catalog.delete(jake10.catalog_object_id);
    expect((await edit(biz.client, jake10.discount_code_id, { discountValue: 25 })).status).toBe(200);
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
  it('an update needs the object’s current version (VERSION_MISMATCH otherwise) and an id Square knows', async () => {
    const object = { type: 'DISCOUNT', id: '#A', discount_data: { name: 'A', discount_type: 'FIXED_PERCENTAGE', percentage: '5.0' } };
    const made = (await post({ idempotency_key: 'made', object })).body.catalog_object as { id: string; version: number };
    const update = (key: string, extra: Record<string, unknown>) => post({ idempotency_key: key, object: { ...object, id: made.id, ...extra } });
    expect(await update('u1', {})).toMatchObject({ status: 400, body: { errors: [{ code: 'VERSION_MISMATCH' }] } });
    expect(await update('u2', { version: made.version - 1 })).toMatchObject({ status: 400, body: { errors: [{ code: 'VERSION_MISMATCH' }] } });
    expect(await update('u3', { version: made.version })).toMatchObject({ status: 200, body: { catalog_object: { id: made.id, version: made.version + 1 } } });
    expect(await post({ idempotency_key: 'u4', object: { ...object, id: 'NOPE' } })).toMatchObject({ status: 400, body: { errors: [{ code: 'NOT_FOUND' }] } });
  });
});
