import { eq } from 'drizzle-orm';
import type { SessionUser } from '@shared/contracts/auth';
import { users } from '../db/schema/users';
import { businessProfiles, proStaffProfiles } from '../db/schema/profiles';
import { TestClient, type TestApp } from './test-app';

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${process.pid}.${++counter}@example.com`;

export type SignedIn = { client: TestClient; user: SessionUser };

/**
 * Registers through the API and returns a client holding the new session. The account's email is confirmed, as
 * most tests need; `{ verified: false }` leaves it as a fresh sign-up is (decision record 027).
 */
export async function signUp(
  t: TestApp,
  userType: 'business' | 'pro_staff',
  email = uniqueEmail(userType),
  options: { verified?: boolean } = {},
): Promise<SignedIn> {
  const client = new TestClient(t.app);
  const res = await client.post('/api/auth/register', { email, password: 'trail-cam-2026', userType, ageConfirmed: true, termsAccepted: true });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (options.verified === false) return { client, user: res.body };
  await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, res.body.id));
  // As if confirmed from its link: the verification mail is taken out, so tests counting mail see only their own.
  const sent = t.mailer.sent;
  sent.splice(0, sent.length, ...sent.filter((mail) => !(mail.to === email && mail.subject === 'Confirm your HuntStaff email address')));
  return refresh({ client, user: res.body });
}

/**
 * The account as the app now shows it. A test's direct SQL write reaches an app that keeps sessions (a production-like
 * app on PostgreSQL, decision record 035) only once its invalidation notice arrives: `until` waits for that.
 */
async function refresh(signedIn: SignedIn, until: (user: SignedIn['user']) => boolean = () => true): Promise<SignedIn> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const me = await signedIn.client.get('/api/auth/me');
    if (until(me.body) || Date.now() > deadline) return { client: signedIn.client, user: me.body };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A business user with a business profile on the given tier. */
export async function createBusiness(
  t: TestApp,
  options: { tier?: string; companyName?: string; location?: string; verified?: boolean } = {},
): Promise<SignedIn & { businessId: number }> {
  const signedIn = await signUp(t, 'business', undefined, { verified: options.verified });
  await t.database.db.insert(businessProfiles).values({
    userId: signedIn.user.id,
    companyName: options.companyName ?? 'Test Outfitters',
    location: options.location ?? 'Bozeman, MT',
  });
  if (options.tier) await t.database.db.update(users).set({ subscriptionTier: options.tier }).where(eq(users.id, signedIn.user.id));
  const fresh = await refresh(signedIn, (user) => user.businessId != null && (!options.tier || user.subscriptionTier === options.tier));
  return { ...fresh, businessId: fresh.user.businessId! };
}

/** A pro staff user with a profile on the given tier. */
export async function createProStaff(
  t: TestApp,
  options: { tier?: string; firstName?: string; lastName?: string; specialties?: string[]; location?: string; experience?: number; verified?: boolean } = {},
): Promise<SignedIn & { proStaffId: number }> {
  const signedIn = await signUp(t, 'pro_staff', undefined, { verified: options.verified });
  await t.database.db.insert(proStaffProfiles).values({
    userId: signedIn.user.id,
    firstName: options.firstName ?? 'Pat',
    lastName: options.lastName ?? 'Hunter',
    specialties: options.specialties ?? ['Bow Hunting'],
    location: options.location ?? 'Missoula, MT',
    experience: options.experience ?? 5,
  });
  if (options.tier) await t.database.db.update(users).set({ subscriptionTier: options.tier }).where(eq(users.id, signedIn.user.id));
  const fresh = await refresh(signedIn, (user) => user.proStaffId != null && (!options.tier || user.subscriptionTier === options.tier));
  return { ...fresh, proStaffId: fresh.user.proStaffId! };
}

/** A new pro staffer accepted onto the business's roster (a live agreement for a year from today, record 028). */
export async function createRosteredProStaff(
  t: TestApp,
  business: SignedIn,
  options: Parameters<typeof createProStaff>[1] = {},
): Promise<SignedIn & { proStaffId: number }> {
  const pro = await createProStaff(t, options);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const offer = await business.client.post('/api/agreements', { proStaffId: pro.proStaffId, startDate: day(0), endDate: day(365), commissionRateBps: 1000 });
  if (offer.status !== 201) throw new Error(`offer: ${offer.status} ${JSON.stringify(offer.body)}`);
  const accepted = await pro.client.post(`/api/agreements/${offer.body.id}/accept`, {});
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return pro;
}

export async function makeAdmin(t: TestApp, signedIn: SignedIn): Promise<SignedIn> {
  await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, signedIn.user.id));
  return refresh(signedIn, (user) => user.isAdmin === true);
}
