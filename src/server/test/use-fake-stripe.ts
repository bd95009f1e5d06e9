import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { useTestApp } from './use-test-app';
import { FakeStripeServer } from './fake-stripe-server';

/** A fake Stripe for the whole test file: started before its first test, stopped after its last. */
export function useFakeStripe(): FakeStripeServer {
  const fake = new FakeStripeServer();
  beforeAll(async () => {
    await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
  });
  return fake;
}

/** A fake Stripe for the file and, for each test, a fresh app pointed at it with the fake's request log emptied. */
export function useFakeStripeApp() {
  const fake = useFakeStripe();
  beforeEach(() => {
    fake.requests.length = 0;
  });
  return { fake, t: useTestApp(() => fake.env()) };
}


/**
 * A fake Stripe for the file and the real SDK pointed at it, without retries so each refusal is seen once. The client
 * is made once the fake has its port; until then `stripe` must not be used (it is only read inside tests).
 */
export function useFakeStripeSdk(): { fake: FakeStripeServer; stripe: Stripe } {
  const fake = useFakeStripe();
  let client: Stripe | undefined;
  beforeAll(() => {
    client = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  const stripe = new Proxy({} as Stripe, { get: (_target, property) => Reflect.get(client!, property) });
  return { fake, stripe };
}
