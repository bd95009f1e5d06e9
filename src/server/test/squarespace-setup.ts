import { expect } from 'vitest';
import { squarespaceSubscriptionPath } from '@shared/contracts/squarespace';
import type { TestApp } from './test-app';
import { businessWithStore } from './store-setup';
import { FAKE_SQUARESPACE_OAUTH_TOKEN, type FakeSquarespace } from './fake-squarespace';
import { fixture } from '../../../tests/fixtures/sign';

/** The app settings a Squarespace test runs with: its API at the fake, and a public HTTPS address to subscribe. */
export const squarespaceEnv = (fake: FakeSquarespace) => ({ SQUARESPACE_API_URL: fake.url, PUBLIC_URL: 'https://huntstaff.example' });

/** A business with a Squarespace platform, its key saved and, unless `subscribe` is false, subscribed at the fake. */
export async function squarespaceStore(t: TestApp, fake: FakeSquarespace, options: { code?: string; key?: string; subscribe?: boolean } = {}) {
  const store = await businessWithStore(t, 'squarespace', options.code ?? 'JAKE10');
  const saved = await store.biz.client.put(`/api/gear/stores/${store.platform.id}/credentials`, { platform: 'squarespace', apiKey: options.key ?? FAKE_SQUARESPACE_OAUTH_TOKEN });
  expect(saved.status).toBe(204);
  if (options.subscribe === false) return { ...store, secret: null };
  const subscribed = await store.biz.client.post(squarespaceSubscriptionPath(store.platform.id));
  expect(subscribed.status).toBe(200);
  return { ...store, subscriptionId: subscribed.body.subscriptionId as string, secret: fake.subscriptions.get(subscribed.body.subscriptionId)!.secret };
}

/** The docs' order, as a live one (not test mode) that used `code`, with any field changed. */
export function squarespaceOrderFixture(code: string | null, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const order = fixture<Record<string, unknown>>('squarespace/order.json');
  const discountLines = code ? [{ description: '10% off', name: 'Pro staff', amount: { value: '10.00', currency: 'USD' }, promoCode: code }] : [];
  return { ...order, testmode: false, discountLines, ...extra };
}
