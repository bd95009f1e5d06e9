import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { firstRow } from '@server/db/rows';
import { passwordResetTokens, sessions, users } from '@server/db/schema/users';
import { businessProfiles, proStaffProfiles } from '@server/db/schema/profiles';
import type { SessionUser } from '@shared/contracts/auth';
import { effectiveTier } from '@server/lib/entitlements';
import { TERMS_VERSION } from '@shared/legal';

// What a session look-up answers. Kept sessions (decision record 035) are dropped by the triggers of migration 0024
// on every table read here: a column or table added to this look-up needs its trigger too.
const sessionUserColumns = {
  id: users.id,
  email: users.email,
  userType: users.userType,
  // The plan that applies now (a running free trial included), not only the subscribed one.
  subscriptionTier: effectiveTier,
  isAdmin: users.isAdmin,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
  twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
  twoFactorPrompt: sql<boolean>`(${users.userType} = 'business' or ${users.isAdmin}) and ${users.totpEnabledAt} is null and ${users.twoFactorPromptDismissedAt} is null`,
  mustAcceptTerms: sql<boolean>`${users.termsVersion} is distinct from ${TERMS_VERSION}`,
  businessId: businessProfiles.id,
  proStaffId: proStaffProfiles.id,
};

function sessionUserQuery(db: Database) {
  return db
    .select(sessionUserColumns)
    .from(users)
    .leftJoin(businessProfiles, eq(businessProfiles.userId, users.id))
    .leftJoin(proStaffProfiles, eq(proStaffProfiles.userId, users.id));
}

export async function findSessionUserById(db: Database, userId: number): Promise<SessionUser | null> {
  return firstRow(sessionUserQuery(db).where(eq(users.id, userId)));
}

function prepareSessionLookup(db: Database) {
  return db
    .select({ user: sessionUserColumns, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(businessProfiles, eq(businessProfiles.userId, users.id))
    .leftJoin(proStaffProfiles, eq(proStaffProfiles.userId, users.id))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare('session_by_token_hash');
}

// Every signed-in request starts with this look-up, so it is prepared once per database: Drizzle builds its SQL
// once, and PostgreSQL plans the four-table join once per connection (a named statement) instead of on every
// request, about 0.5 ms saved on each (decision record 017, issue 24).
const sessionLookups = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();

/** The user of a live session: not past its absolute expiry and used since `idleSince`. */
export async function findSessionByTokenHash(
  db: Database,
  tokenHash: string,
  now: Date,
  idleSince: Date,
): Promise<{ user: SessionUser; sessionId: number; lastSeenAt: Date; expiresAt: Date } | null> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  // Placeholders skip the column's own encoding, so the instants go as ISO strings (what Drizzle would send).
  const [row] = await lookup.execute({ tokenHash, now: now.toISOString(), idleSince: idleSince.toISOString() });
  return row ?? null;
}

export async function touchSession(db: Database, sessionId: number, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

export async function findCredentialsByEmail(db: Database, email: string) {
  return firstRow(
    db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email)),
  );
}

export async function insertUser(
  db: Database,
  values: {
    email: string;
    passwordHash: string;
    userType: 'business' | 'pro_staff';
    subscriptionTier?: string;
    isAdmin?: boolean;
    termsVersion?: string;
    termsAcceptedAt?: Date;
    ageConfirmedAt?: Date;
  },
): Promise<number | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning({ id: users.id });
  return row?.id ?? null;
}

export async function insertSession(db: Database, values: { tokenHash: string; userId: number; expiresAt: Date }) {
  await db.insert(sessions).values(values);
}

export async function deleteSessionByTokenHash(db: Database, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteOtherSessions(db: Database, userId: number, keepTokenHash: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
}

export async function deleteExpiredSessions(db: Database, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export async function touchUser(db: Database, userId: number, now: Date) {
  await db.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
}

export async function setAdmin(db: Database, email: string): Promise<boolean> {
  const rows = await db.update(users).set({ isAdmin: true }).where(eq(users.email, email)).returning({ id: users.id });
  return rows.length > 0;
}

export async function insertResetToken(db: Database, values: { userId: number; tokenHash: string; expiresAt: Date }) {
  await db.insert(passwordResetTokens).values(values);
}

/** The user id of an unused, unexpired token; marks it used in the same statement so it works once. */
export async function consumeResetToken(db: Database, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

export async function deleteResetTokensForUser(db: Database, userId: number) {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

export async function findPasswordHash(db: Database, userId: number): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.passwordHash ?? null;
}

export async function updatePasswordHash(db: Database, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function deleteAllSessions(db: Database, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Password hashes of every admin account, for the production start-up check on demo credentials. */
export async function findAdminPasswordHashes(db: Database): Promise<{ email: string; passwordHash: string }[]> {
  return db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.isAdmin, true));
}
