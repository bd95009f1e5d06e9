import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { accountExports, emailVerificationTokens, loginChallenges, totpRecoveryCodes, users } from '@server/db/schema/users';

export async function insertVerificationToken(db: Database, values: { userId: number; email: string; tokenHash: string; expiresAt: Date }) {
  await db.insert(emailVerificationTokens).values(values);
}

/**
 * Uses an unused, unexpired link once: marks it used and, when it confirms the account's current address, the
 * account verified, in one statement each inside the caller's transaction. Returns the user id, or null.
 */
export async function consumeVerificationToken(db: Database, tokenHash: string, now: Date): Promise<{ userId: number; email: string } | null> {
  const [row] = await db
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(and(eq(emailVerificationTokens.tokenHash, tokenHash), isNull(emailVerificationTokens.usedAt), gt(emailVerificationTokens.expiresAt, now)))
    .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
  return row ?? null;
}

/** Marks the account verified if `email` is still its address; false when it changed since the link was sent. */
export async function markEmailVerified(db: Database, userId: number, email: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function deleteVerificationTokens(db: Database, userId: number) {
  await db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
}

export async function findAccount(db: Database, userId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Sets a new, unconfirmed address (a unique-email race ends as the app's 409 through databaseInputError). */
export async function changeEmail(db: Database, userId: number, email: string): Promise<void> {
  await db.update(users).set({ email, emailVerifiedAt: null }).where(eq(users.id, userId));
}

export async function emailTaken(db: Database, email: string, exceptUserId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return Boolean(row && row.id !== exceptUserId);
}

// ---- terms ----

/** Records that the account accepted `version` now, unless that is already the version on record (its time stays). */
export async function recordTermsAcceptance(db: Database, userId: number, version: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ termsVersion: version, termsAcceptedAt: now })
    .where(and(eq(users.id, userId), sql`${users.termsVersion} is distinct from ${version}`));
}

/** Test server only: makes the account look as if it had accepted no version (as before sign-up asked). */
export async function forgetTermsAcceptance(db: Database, userId: number): Promise<void> {
  await db.update(users).set({ termsVersion: null, termsAcceptedAt: null }).where(eq(users.id, userId));
}

// ---- two-factor sign-in ----

export async function findTwoFactor(db: Database, userId: number) {
  const [row] = await db
    .select({
      passwordHash: users.passwordHash,
      email: users.email,
      secret: users.totpSecret,
      pendingSecret: users.totpPendingSecret,
      enabledAt: users.totpEnabledAt,
      lastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Swaps a stored key for its sealed form, unless it changed meanwhile (turned off, or set up again). */
export async function replaceSecret(db: Database, userId: number, stored: string, sealed: string) {
  await db.update(users).set({ totpSecret: sealed }).where(and(eq(users.id, userId), eq(users.totpSecret, stored)));
}

export async function setPendingSecret(db: Database, userId: number, secret: string) {
  await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, userId));
}

export async function enableTwoFactor(db: Database, userId: number, secret: string, step: number, now: Date, recoveryCodeHashes: string[]) {
  await db.update(users).set({ totpSecret: secret, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step }).where(eq(users.id, userId));
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db.insert(totpRecoveryCodes).values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function disableTwoFactor(db: Database, userId: number) {
  await db.update(users).set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}

/** Records the step of an accepted code, unless that step (or a later one) was used already: a code works once. */
export async function claimStep(db: Database, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Uses an unused recovery code once; false when there is none with that hash. */
export async function useRecoveryCode(db: Database, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(totpRecoveryCodes.userId, userId), eq(totpRecoveryCodes.codeHash, codeHash), isNull(totpRecoveryCodes.usedAt)))
    .returning({ id: totpRecoveryCodes.id });
  return rows.length > 0;
}

export async function dismissTwoFactorPrompt(db: Database, userId: number, now: Date) {
  await db.update(users).set({ twoFactorPromptDismissedAt: now }).where(eq(users.id, userId));
}

export async function insertLoginChallenge(db: Database, values: { userId: number; tokenHash: string; expiresAt: Date }) {
  await db.insert(loginChallenges).values(values);
}

export async function findLoginChallenge(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: loginChallenges.id, userId: loginChallenges.userId })
    .from(loginChallenges)
    .where(and(eq(loginChallenges.tokenHash, tokenHash), gt(loginChallenges.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/**
 * Counts one code attempt on a live challenge that has fewer than `limit`, in one statement (so parallel attempts
 * cannot all read "attempts left" first); false when it has none left or has expired. A right code then deletes the
 * challenge, so what is counted on a live one is its wrong codes.
 */
export async function claimChallengeAttempt(db: Database, id: number, limit: number, now: Date): Promise<boolean> {
  const claimed = await db
    .update(loginChallenges)
    .set({ failedAttempts: sql`${loginChallenges.failedAttempts} + 1` })
    .where(and(eq(loginChallenges.id, id), lt(loginChallenges.failedAttempts, limit), gt(loginChallenges.expiresAt, now)))
    .returning({ id: loginChallenges.id });
  return claimed.length > 0;
}

export async function deleteLoginChallenge(db: Database, id: number) {
  await db.delete(loginChallenges).where(eq(loginChallenges.id, id));
}

// ---- exports by email link ----

export async function insertExportRequest(db: Database, userId: number): Promise<number> {
  const [row] = await db.insert(accountExports).values({ userId }).returning({ id: accountExports.id });
  return row.id;
}

export async function findExport(db: Database, id: number) {
  const [row] = await db.select().from(accountExports).where(eq(accountExports.id, id)).limit(1);
  return row ?? null;
}

/** Answers false when the export was ready already (another run of the task got there first). */
export async function markExportReady(db: Database, id: number, values: { tokenHash: string; storageKey: string; expiresAt: Date }): Promise<boolean> {
  const rows = await db
    .update(accountExports)
    .set({ status: 'ready', ...values })
    .where(and(eq(accountExports.id, id), eq(accountExports.status, 'queued')))
    .returning({ id: accountExports.id });
  return rows.length > 0;
}

/** A ready export of `userId` by its link's token hash, expired or not (an expired one has no file left). */
export async function findExportByToken(db: Database, userId: number, tokenHash: string) {
  const [row] = await db
    .select({ storageKey: accountExports.storageKey, expiresAt: accountExports.expiresAt })
    .from(accountExports)
    .where(and(eq(accountExports.userId, userId), eq(accountExports.tokenHash, tokenHash), eq(accountExports.status, 'ready')))
    .limit(1);
  return row ?? null;
}

/**
 * Expired exports lose their file (the row keeps answering 410 for its link), and rows expired before
 * `forgetBefore` go; answers the storage keys whose files must go too.
 */
export async function expireExports(db: Database, now: Date, forgetBefore: Date): Promise<string[]> {
  const expired = db.$with('expired').as(
    db.select({ id: accountExports.id, storageKey: accountExports.storageKey }).from(accountExports).where(and(lt(accountExports.expiresAt, now), isNotNull(accountExports.storageKey))),
  );
  const rows = await db
    .with(expired)
    .update(accountExports)
    .set({ storageKey: null })
    .from(expired)
    .where(eq(accountExports.id, expired.id))
    .returning({ storageKey: expired.storageKey });
  await db.delete(accountExports).where(lt(accountExports.expiresAt, forgetBefore));
  return rows.flatMap((row) => (row.storageKey ? [row.storageKey] : []));
}
