import { afterAll, beforeAll } from 'vitest';
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
