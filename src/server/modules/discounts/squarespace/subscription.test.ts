import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { squarespaceSubscriptionPath } from '@shared/contracts/squarespace';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import { businessWithStore } from '@server/test/store-setup';
import { FAKE_SQUARESPACE_API_KEY, startFakeSquarespace, type FakeSquarespace } from '@server/test/fake-squarespace';
import { squarespaceEnv, squarespaceStore, squarespaceStoreWithKey } from '@server/test/squarespace-setup';
import { deliverAndProcess } from '@server/test/webhooks';
import { fixtureText, squarespaceHeaders } from '../../../../../tests/fixtures/sign';

// POST /api/integration-platforms/:platformId/squarespace/subscription (decision record 040): the business's saved key
// creates the Squarespace webhook subscription; its secret signs the notifications and is never answered.

let fake: FakeSquarespace;
beforeAll(async () => {
  fake = await startFakeSquarespace();
});
afterAll(() => fake.close());
beforeEach(() => fake.subscriptions.clear());
const t = useTestApp(() => squarespaceEnv(fake));

describe('Squarespace subscription', () => {
  it('subscribes the platform’s webhook URL to order.create and order.update, and never answers the secret', async () => {
    const { biz, platform, subscriptionId, secret } = await squarespaceStore(t, fake);
    const [made] = [...fake.subscriptions.values()];
    expect(made).toMatchObject({ id: subscriptionId, endpointUrl: `https://huntstaff.example/api/webhooks/squarespace/${platform.id}`, topics: ['order.create', 'order.update'] });
    const current = await biz.client.get(squarespaceSubscriptionPath(platform.id));
    expect(current.body).toEqual({ platformId: platform.id, subscriptionId, endpointUrl: made.endpointUrl, topics: ['order.create', 'order.update'], subscribedAt: expect.any(String) });
    expect(JSON.stringify(current.body)).not.toContain(secret);
    // The platform's list shows only the last four characters of the signing secret.
    const listed = JSON.stringify((await biz.client.get('/api/integration-platforms')).body);
    expect(listed).not.toContain(secret);
  });

  it('keeps the secret Squarespace issued: rotating it or setting another is refused, and the subscription still verifies', async () => {
    const { biz, platform, secret } = await squarespaceStore(t, fake);
    const rotated = await biz.client.post(`/api/integration-platforms/${platform.id}/rotate-key`, { key: 'webhookSecret' });
    expect(rotated.status).toBe(400);
    expect(rotated.body.error.message).toContain('press Subscribe again');
    const set = await biz.client.request('PATCH', `/api/integration-platforms/${platform.id}`, { webhookSecret: 'a-secret-chosen-by-hand-0123456789' });
    expect(set.status).toBe(400);
    const body = fixtureText('squarespace/notification-order-create.json');
    const answer = await deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/squarespace/${platform.id}`, payload: body, headers: squarespaceHeaders(secret, body) });
    expect(answer.statusCode).toBe(200);
  });

  it('replaces the subscription when subscribing again, and still accepts the replaced secret for the grace period', async () => {
    const { biz, platform, subscriptionId, secret } = await squarespaceStore(t, fake);
    const again = await biz.client.post(squarespaceSubscriptionPath(platform.id));
    expect(again.status).toBe(200);
    expect(again.body.subscriptionId).not.toBe(subscriptionId);
    expect([...fake.subscriptions.keys()]).toEqual([again.body.subscriptionId]);
    expect(fake.calls.filter((call) => call.startsWith('DELETE'))).toHaveLength(1);
    const body = fixtureText('squarespace/notification-extension-uninstall.json');
    const old = await deliverAndProcess(t.app, { method: 'POST', url: `/api/webhooks/squarespace/${platform.id}`, payload: body, headers: squarespaceHeaders(secret, body) });
    expect(old.statusCode).toBe(200);
  });

  it('leaves one subscription when Subscribe is pressed several times at once', async () => {
    const { biz, platform } = await squarespaceStoreWithKey(t);
    const answers = await Promise.all([1, 2, 3, 4].map(() => biz.client.post(squarespaceSubscriptionPath(platform.id))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(fake.subscriptions.size).toBe(1);
    const current = await biz.client.get(squarespaceSubscriptionPath(platform.id));
    expect(fake.subscriptions.has(current.body.subscriptionId)).toBe(true);
  });

  it('refuses what cannot be subscribed: no key, another platform type, a key Squarespace refuses, nasty ids', async () => {
    const { biz, platform } = await squarespaceStoreWithKey(t);
    const path = squarespaceSubscriptionPath(platform.id);
    await t.database.query(`delete from store_admin_credentials where platform_id = ${platform.id}`);
    expect(await biz.client.post(path)).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION', message: 'Save the Squarespace key first (Store credentials)' } } });
    // A plain API key reads orders, but Squarespace lets only OAuth tokens manage subscriptions.
    await biz.client.put(`/api/gear/stores/${platform.id}/credentials`, { platform: 'squarespace', apiKey: FAKE_SQUARESPACE_API_KEY });
    const refused = await biz.client.post(path);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('Squarespace refused the saved key (401)');
    expect(JSON.stringify(refused.body)).not.toContain(FAKE_SQUARESPACE_API_KEY);
    const shop = await biz.client.post('/api/integration-platforms', { name: 'Shopify shop', platformType: 'shopify' });
    expect((await biz.client.post(squarespaceSubscriptionPath(shop.body.id))).status).toBe(400);
    for (const id of ['abc', '1e400', 'true', '%00', '99999999999999999999']) expect((await biz.client.post(squarespaceSubscriptionPath(id))).status).toBe(400);
    expect((await biz.client.post(squarespaceSubscriptionPath(2_000_000_000))).status).toBe(404);
    expect(fake.subscriptions.size).toBe(0);
  });

  it('refuses an HTTP public address (Squarespace delivers to HTTPS only)', async () => {
    const { biz, platform } = await squarespaceStoreWithKey(t);
    t.config.publicUrl = 'http://huntstaff.example';
    const answer = await biz.client.post(squarespaceSubscriptionPath(platform.id));
    expect(answer).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('HTTPS addresses only') } } });
    expect(fake.subscriptions.size).toBe(0);
  });

  it('is for the platform’s own business only: signed out 401, pro staff 403, another business 403', async () => {
    const { platform } = await squarespaceStoreWithKey(t);
    const path = squarespaceSubscriptionPath(platform.id);
    expect((await t.anonymous().post(path)).status).toBe(401);
    const staffer = await createProStaff(t);
    expect((await staffer.client.post(path)).status).toBe(403);
    const other = await createBusiness(t, { tier: 'professional' });
    expect((await other.client.post(path)).status).toBe(403);
    expect((await other.client.get(path)).status).toBe(403);
    // Another business's own Squarespace platform does not make this one theirs.
    const { biz: third } = await businessWithStore(t, 'squarespace');
    expect((await third.client.post(path)).status).toBe(403);
    expect(fake.subscriptions.size).toBe(0);
  });
});
