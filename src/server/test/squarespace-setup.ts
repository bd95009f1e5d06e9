import { expect } from 'vitest';
import { squarespaceSubscriptionPath } from '@shared/contracts/squarespace';
import type { TestApp } from './test-app';
import { businessWithStore } from './store-setup';
import { FAKE_SQUARESPACE_OAUTH_TOKEN, type FakeSquarespace } from './fake-squarespace';
import { fixture } from '../../../tests/fixtures/sign';

/** The app settings a Squarespace test runs with: its API at the fake, and a public HTTPS address to subscribe. */
export const squarespaceEnv = (fake: FakeSquarespace) => ({ SQUARESPACE_API_URL: fake.url, PUBLIC_URL: 'https://huntstaff.example' });

/** A business with a Squarespace platform and its key saved (`key`: the fake's OAuth token unless given), not subscribed. */
export async function squarespaceStoreWithKey(t: TestApp, options: { code?: string; key?: string } = {}) {
  const store = await businessWithStore(t, 'squarespace', options.code ?? 'JAKE10');
  const saved = await store.biz.client.put(`/api/gear/stores/${store.platform.id}/credentials`, { platform: 'squarespace', apiKey: options.key ?? FAKE_SQUARESPACE_OAUTH_TOKEN });
  expect(saved.status).toBe(204);
  return store;
}

/** The same, subscribed at the fake: with the subscription's id and the secret Squarespace signs with. */
export async function squarespaceStore(t: TestApp, fake: FakeSquarespace, options: { code?: string } = {}) {
  const store = await squarespaceStoreWithKey(t, options);
  const subscribed = await store.biz.client.post(squarespaceSubscriptionPath(store.platform.id));
  expect(subscribed.status).toBe(200);
  const subscriptionId = subscribed.body.subscriptionId as string;
  return { ...store, subscriptionId, secret: fake.subscriptions.get(subscriptionId)!.secret };
}

/** The docs' order, as a live one (not test mode) that used `code`, with any field changed. */
export function squarespaceOrderFixture(code: string | null, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const order = fixture<Record<string, unknown>>('squarespace/order.json');
  const discountLines = code ? [{ description: '10% off', name: 'Pro staff', amount: { value: '10.00', currency: 'USD' }, promoCode: code }] : [];
  return { ...order, testmode: false, discountLines, ...extra };
}
