import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { firstRow } from '@server/db/rows';
import { users } from '@server/db/schema/users';
import { planTrials } from '@server/db/schema/billing';
import { effectiveTier } from '@server/lib/entitlements';

export type TrialRecord = { userId: number; tier: string; startedAt: Date; endsAt: Date; reminderSentAt: Date | null; endedAt: Date | null };

const trialColumns = {
  userId: planTrials.userId,
  tier: planTrials.tier,
  startedAt: planTrials.startedAt,
  endsAt: planTrials.endsAt,
  reminderSentAt: planTrials.reminderSentAt,
  endedAt: planTrials.endedAt,
};

export async function findTrial(db: Database, userId: number): Promise<TrialRecord | null> {
  return firstRow(db.select(trialColumns).from(planTrials).where(eq(planTrials.userId, userId)));
}

/** Starts the account's one trial; false when it already had one (the user id is the key). */
export async function insertTrial(db: Database, values: { userId: number; tier: string; startedAt: Date; endsAt: Date }): Promise<boolean> {
  const rows = await db.insert(planTrials).values(values).onConflictDoNothing().returning({ userId: planTrials.userId });
  return rows.length > 0;
}

/** The tier that applies to the user now (see `effectiveTier`). */
export async function findEffectiveTier(db: Database, userId: number): Promise<string | null> {
  const [row] = await db.select({ tier: effectiveTier }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.tier ?? null;
}

type ClaimedTrial = { userId: number; tier: string; endsAt: Date; email: string; userType: 'business' | 'pro_staff'; subscribedTier: string };

/**
 * Claims the trials ending within `window` whose reminder has not gone out, marking them in the same
 * statement: two runs (or two servers) never remind twice.
 */
export async function claimReminders(db: Database, now: Date, windowMs: number): Promise<ClaimedTrial[]> {
  const claimed = await db
    .update(planTrials)
    .set({ reminderSentAt: now })
    .where(and(isNull(planTrials.reminderSentAt), isNull(planTrials.endedAt), gt(planTrials.endsAt, now), lte(planTrials.endsAt, new Date(now.getTime() + windowMs))))
    .returning({ userId: planTrials.userId, tier: planTrials.tier, endsAt: planTrials.endsAt });
  return withAccounts(db, claimed);
}

/** Puts a claimed reminder back when its mail could not be sent, so the next run tries again. */
export async function releaseReminder(db: Database, userId: number): Promise<void> {
  await db.update(planTrials).set({ reminderSentAt: null }).where(eq(planTrials.userId, userId));
}

/** Claims the trials that have run out and records their end (once). */
export async function claimEnded(db: Database, now: Date): Promise<ClaimedTrial[]> {
  const claimed = await db
    .update(planTrials)
    .set({ endedAt: now })
    .where(and(isNull(planTrials.endedAt), lte(planTrials.endsAt, now)))
    .returning({ userId: planTrials.userId, tier: planTrials.tier, endsAt: planTrials.endsAt });
  return withAccounts(db, claimed);
}

async function withAccounts(db: Database, claimed: { userId: number; tier: string; endsAt: Date }[]): Promise<ClaimedTrial[]> {
  const out: ClaimedTrial[] = [];
  for (const trial of claimed) {
    const [account] = await db
      .select({ email: users.email, userType: users.userType, subscribedTier: users.subscriptionTier })
      .from(users)
      .where(eq(users.id, trial.userId))
      .limit(1);
    if (account) out.push({ ...trial, ...account });
  }
  return out;
}

/** Test hook (NODE_ENV=test only, see trial-test-routes.ts): moves a trial's end, as if time had passed. */
export async function moveTrialEnd(db: Database, userId: number, endsAt: Date): Promise<boolean> {
  const rows = await db
    .update(planTrials)
    .set({ endsAt })
    .where(eq(planTrials.userId, userId))
    .returning({ userId: planTrials.userId });
  return rows.length > 0;
}
