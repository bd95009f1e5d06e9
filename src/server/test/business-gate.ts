import { expect } from 'vitest';
import { TestClient, type Response, type TestApp } from './test-app';
import { createProStaff, signUp, type SignedIn } from './factories';

/**
 * The gate of a route for businesses with a profile: signed out 401, a pro staffer 403, and a business account
 * that has no profile yet 403 asking to complete it. `send` makes the route's request with the caller's client;
 * `proStaff` is the pro staffer to try (a new one when not given).
 */
export async function expectBusinessProfileGate(
  t: TestApp,
  send: (client: TestClient) => Promise<Response>,
  proStaff?: SignedIn,
): Promise<void> {
  expect((await send(new TestClient(t.app))).status).toBe(401);
  const pro = proStaff ?? (await createProStaff(t));
  expect((await send(pro.client)).status).toBe(403);
  const noProfile = await signUp(t, 'business');
  const res = await send(noProfile.client);
  expect(res.status).toBe(403);
  expect(res.body.error.message).toBe('Please complete your business profile first.');
}
