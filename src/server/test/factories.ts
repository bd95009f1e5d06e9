import { eq } from 'drizzle-orm';
import type { SessionUser } from '@shared/contracts/auth';
import { users } from '../db/schema/users';
import { businessProfiles, proStaffProfiles } from '../db/schema/profiles';
import { TestClient, type TestApp } from './test-app';

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${process.pid}.${++counter}@example.com`;

export type SignedIn = { client: TestClient; user: SessionUser };

/** Registers through the API and returns a client holding the new session. */
export async function signUp(t: TestApp, userType: 'business' | 'pro_staff', email = uniqueEmail(userType)): Promise<SignedIn> {
  const client = new TestClient(t.app);
  const res = await client.post('/api/auth/register', { email, password: 'trail-cam-2026', userType });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, user: res.body };
}

async function refresh(signedIn: SignedIn): Promise<SignedIn> {
  const me = await signedIn.client.get('/api/auth/me');
  return { client: signedIn.client, user: me.body };
}

/** A business user with a business profile on the given tier. */
export async function createBusiness(t: TestApp, options: { tier?: string; companyName?: string; location?: string } = {}): Promise<SignedIn & { businessId: number }> {
  const signedIn = await signUp(t, 'business');
  await t.database.db.insert(businessProfiles).values({
    userId: signedIn.user.id,
    companyName: options.companyName ?? 'Test Outfitters',
    location: options.location ?? 'Bozeman, MT',
  });
  if (options.tier) await t.database.db.update(users).set({ subscriptionTier: options.tier }).where(eq(users.id, signedIn.user.id));
  const fresh = await refresh(signedIn);
  return { ...fresh, businessId: fresh.user.businessId! };
}

/** A pro staff user with a profile on the given tier. */
export async function createProStaff(
  t: TestApp,
  options: { tier?: string; firstName?: string; lastName?: string; specialties?: string[]; location?: string; experience?: number } = {},
): Promise<SignedIn & { proStaffId: number }> {
  const signedIn = await signUp(t, 'pro_staff');
  await t.database.db.insert(proStaffProfiles).values({
    userId: signedIn.user.id,
    firstName: options.firstName ?? 'Pat',
    lastName: options.lastName ?? 'Hunter',
    specialties: options.specialties ?? ['Bow Hunting'],
    location: options.location ?? 'Missoula, MT',
    experience: options.experience ?? 5,
  });
  if (options.tier) await t.database.db.update(users).set({ subscriptionTier: options.tier }).where(eq(users.id, signedIn.user.id));
  const fresh = await refresh(signedIn);
  return { ...fresh, proStaffId: fresh.user.proStaffId! };
}

export async function makeAdmin(t: TestApp, signedIn: SignedIn): Promise<SignedIn> {
  await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, signedIn.user.id));
  return refresh(signedIn);
}
