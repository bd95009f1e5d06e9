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

