import { TRIAL_DAYS, type TrialStatus } from '@shared/contracts/billing';
import type { SessionUser } from '@shared/contracts/auth';
import { isTierValidFor, planFor, type UserType } from '@shared/plans';
import type { AppContext } from '@server/lib/context';
import { publishBestEffort } from '@server/lib/publish';
import { AppError } from '@server/lib/errors';
import * as repo from './repository';
import * as trials from './repository-trials';

const DAY_MS = 86_400_000;
/** The reminder goes out once the trial has this long left (3 days before the end, decision record 010 §9). */
export const REMINDER_BEFORE_MS = 3 * DAY_MS;

export function trialStatusOf(trial: trials.TrialRecord, subscribedTier: string, now = new Date()): TrialStatus {
  const msLeft = trial.endsAt.getTime() - now.getTime();
  return {
    tier: trial.tier,
    startedAt: Math.floor(trial.startedAt.getTime() / 1000),
    endsAt: Math.floor(trial.endsAt.getTime() / 1000),
    daysLeft: msLeft > 0 ? Math.ceil(msLeft / DAY_MS) : 0,
    active: msLeft > 0 && subscribedTier === 'free',
  };
}

/** One trial per account, and only for an account that has never had a (trialing or paid) subscription. */
export async function isTrialAvailable(ctx: AppContext, userId: number): Promise<boolean> {
  if ((await repo.findUserBilling(ctx.db, userId))?.subscriptionTier !== 'free') return false;
  if (await trials.findTrial(ctx.db, userId)) return false;
  return (await repo.countSubscriptions(ctx.db, userId, { startedOnly: true })) === 0;
}

/**
 * Starts a 14-day trial of a paid plan, no card and no payment keys needed (decision record 014): the
 * plan's limits apply at once through `effectiveTier`.
 */
export async function startTrial(ctx: AppContext, user: SessionUser, tier: string): Promise<TrialStatus> {
  if (!isTierValidFor(user.userType, tier) || planFor(user.userType, tier).priceCents === 0) {
    throw new AppError('VALIDATION', `'${tier}' is not a paid plan for ${user.userType === 'business' ? 'business' : 'pro staff'} accounts`, [
      { path: 'tier', message: 'Choose a paid plan for this account type' },
    ]);
  }
  const plan = planFor(user.userType, tier);
  const now = new Date();
  const started = await ctx.db.transaction(async (tx) => {
    if ((await repo.findLiveSubscription(tx, user.id)) || (await repo.findUserBilling(tx, user.id))?.subscriptionTier !== 'free') {
      throw new AppError('CONFLICT', 'You already have a subscription, so there is no free trial to start.');
    }
    if ((await repo.countSubscriptions(tx, user.id, { startedOnly: true })) > 0) {
      throw new AppError('CONFLICT', 'The free trial is for accounts that have not subscribed before.');
    }
    const inserted = await trials.insertTrial(tx, { userId: user.id, tier: plan.id, startedAt: now, endsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS) });
    if (!inserted) throw new AppError('CONFLICT', 'You have already used your free trial. Each account gets one.');
    return trials.findTrial(tx, user.id);
  });
  ctx.log.info({ userId: user.id, tier: plan.id }, 'free trial started');
  await publishBestEffort(ctx, { userId: user.id, event: { type: 'subscription.updated', data: {} } });
  return trialStatusOf(started!, 'free', now);
}

const planName = (userType: UserType, tier: string) => planFor(userType, tier).name;
const formatDay = (date: Date) => date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The background task kind that runs runTrialJobs every 10 minutes (decision record 023). */
export const TRIAL_TASK = 'billing.trial-jobs';

/**
 * The scheduled work, safe to run any number of times and on several servers at once: each row is
 * claimed by one UPDATE ... RETURNING before its mail is sent. Sends the reminder 3 days before the
 * end and records the end (the plan itself already stopped applying at `ends_at`).
 */
export async function runTrialJobs(ctx: AppContext, now = new Date()): Promise<{ reminded: number; ended: number }> {
  const base = ctx.config.publicUrl ?? '';
  let reminded = 0;
  for (const trial of await trials.claimReminders(ctx.db, now, REMINDER_BEFORE_MS)) {
    if (trial.subscribedTier !== 'free') continue; // already subscribed: nothing to remind
    const name = planName(trial.userType, trial.tier);
    const days = Math.max(1, Math.ceil((trial.endsAt.getTime() - now.getTime()) / DAY_MS));
    try {
      await ctx.mailer.send({
        to: trial.email,
        subject: `Your HuntStaff ${name} trial ends in ${days} day${days === 1 ? '' : 's'}`,
        text:
          `Your free ${name} trial ends on ${formatDay(trial.endsAt)}. After that your account returns to the Free plan and its limits.\n\n` +
          `To keep ${name}, choose it on your subscription page: ${base}/subscription\n`,
      });
      reminded += 1;
    } catch (error) {
      ctx.log.error({ err: error, userId: trial.userId }, 'trial reminder could not be sent; will retry');
      await trials.releaseReminder(ctx.db, trial.userId);
    }
  }
  let ended = 0;
  for (const trial of await trials.claimEnded(ctx.db, now)) {
    ended += 1;
    await publishBestEffort(ctx, { userId: trial.userId, event: { type: 'subscription.updated', data: {} } });
    if (trial.subscribedTier !== 'free') continue;
    const name = planName(trial.userType, trial.tier);
    await ctx.mailer
      .send({
        to: trial.email,
        subject: `Your HuntStaff ${name} trial has ended`,
        text: `Your free ${name} trial ended and your account is back on the Free plan. You can subscribe to ${name} at any time: ${base}/subscription\n`,
      })
      .catch((error: unknown) => ctx.log.error({ err: error, userId: trial.userId }, 'trial-ended mail could not be sent'));
  }
  if (reminded || ended) ctx.log.info({ reminded, ended }, 'trial jobs ran');
  return { reminded, ended };
}
