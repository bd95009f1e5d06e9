import type { SessionUser } from '@shared/contracts/auth';
import {
  goalMetricLabels,
  type Goal,
  type GoalMetric,
  type GoalTargets,
  type MetricProgress,
  type Season,
  type SeasonDetail,
  type SeasonFields,
  type SeasonStatus,
} from '@shared/contracts/goals';
import { formatMoney } from '@shared/currency';
import { appOrigin } from '@server/config';
import type { AppContext } from '@server/lib/context';
import { AppError, conflict, notFound } from '@server/lib/errors';
import { logSafeError } from '@server/lib/log-safe-error';
import { announceNotifications, recordNotifications, type NotificationInput } from '@server/modules/notifications/service';
import { utcDay } from '@server/lib/utc-day';
import * as repo from './repository';

// Goals by season (issue 23 item 3, docs/decisions/033-goals-by-season.md).

type BusinessUser = SessionUser & { businessId: number };

export const GOALS_REACHED_TASK = 'goals.reached';
/** A goal met on a season's last days is still told this many days after the season ended. */
export const REACHED_GRACE_DAYS = 7;

const todayOf = utcDay;
const fieldError = (path: string, message: string) => new AppError('VALIDATION', `${path}: ${message}`, [{ path, message }]);

/** Upcoming before `startsOn`, current from `startsOn` to `endsOn` (both included), ended after. */
export function seasonStatusOf(row: { startsOn: string; endsOn: string }, today: string): SeasonStatus {
  if (today < row.startsOn) return 'upcoming';
  return today <= row.endsOn ? 'current' : 'ended';
}

function toSeason(row: repo.SeasonRow, today: string): Season {
  return { id: row.id, businessId: row.businessId, name: row.name, startsOn: row.startsOn, endsOn: row.endsOn, status: seasonStatusOf(row, today), goalCount: row.goalCount, createdAt: row.createdAt.toISOString() };
}

function metric(metricName: GoalMetric, actual: number, target: number, currency: string | null = null): MetricProgress {
  const percent = target <= 0 ? 100 : Math.min(100, Math.floor((actual * 100) / target));
  return { metric: metricName, actual, target, currency, percent, reached: actual >= target };
}

/** Progress per target that is set; the goal is reached when every one of them is met. */
export function toGoal(row: repo.GoalProgressRow, today: string): Goal {
  const progress: MetricProgress[] = [];
  if (row.salesTargetMinor !== null && row.salesCurrency) progress.push(metric('sales', Number(row.salesActual), row.salesTargetMinor, row.salesCurrency));
  if (row.postsTarget !== null) progress.push(metric('posts', Number(row.postsActual), row.postsTarget));
  if (row.eventsTarget !== null) progress.push(metric('events', Number(row.eventsActual), row.eventsTarget));
  if (row.reportsTarget !== null) progress.push(metric('reports', Number(row.reportsActual), row.reportsTarget));
  const overall = progress.length ? Math.floor(progress.reduce((sum, item) => sum + item.percent, 0) / progress.length) : 0;
  return {
    id: row.id,
    seasonId: row.seasonId,
    seasonName: row.seasonName,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    seasonStatus: seasonStatusOf(row, today),
    businessId: row.businessId,
    businessName: row.businessName,
    proStaffId: row.proStaffId,
    proStaffName: row.proStaffName,
    targets: { salesTargetMinor: row.salesTargetMinor, salesCurrency: row.salesCurrency, postsTarget: row.postsTarget, eventsTarget: row.eventsTarget, reportsTarget: row.reportsTarget },
    progress,
    reached: progress.length > 0 && progress.every((item) => item.reached),
    overallPercent: overall,
    reachedNotifiedAt: row.reachedNotifiedAt === null ? null : new Date(row.reachedNotifiedAt).toISOString(),
  };
}

/** The owning business's season; anyone else's id answers 404, so ids reveal nothing. */
async function ownSeason(ctx: AppContext, user: BusinessUser, id: number): Promise<repo.SeasonRow> {
  const row = await repo.findSeason(ctx.db, id);
  if (!row || row.businessId !== user.businessId) throw notFound('Season');
  return row;
}

async function ownGoal(ctx: AppContext, user: BusinessUser, id: number, today: string): Promise<Goal> {
  const [row] = await repo.goalsWithProgress(ctx.db, repo.goalFilters.goal(id), 1);
  if (!row || row.businessId !== user.businessId) throw notFound('Goal');
  return toGoal(row, today);
}

async function assertNameFree(ctx: AppContext, businessId: number, name: string, exceptId: number | null): Promise<void> {
  if (await repo.seasonNameTaken(ctx.db, businessId, name, exceptId)) throw new AppError('CONFLICT', 'name: You already have a season with this name', [{ path: 'name', message: 'You already have a season with this name' }]);
}

export async function listSeasons(ctx: AppContext, user: BusinessUser, now = new Date()): Promise<Season[]> {
  return (await repo.listSeasons(ctx.db, user.businessId)).map((row) => toSeason(row, todayOf(now)));
}

export async function getSeason(ctx: AppContext, user: BusinessUser, id: number, now = new Date()): Promise<SeasonDetail> {
  const today = todayOf(now);
  const season = await ownSeason(ctx, user, id);
  const [rows, roster] = await Promise.all([repo.goalsWithProgress(ctx.db, repo.goalFilters.season(id)), repo.roster(ctx.db, user.businessId, today)]);
  const withGoal = new Set(rows.map((row) => row.proStaffId));
  return { ...toSeason(season, today), goals: rows.map((row) => toGoal(row, today)), roster: roster.map((r) => ({ ...r, hasGoal: withGoal.has(r.proStaffId) })) };
}

export async function createSeason(ctx: AppContext, user: BusinessUser, input: SeasonFields, now = new Date()): Promise<SeasonDetail> {
  await assertNameFree(ctx, user.businessId, input.name, null);
  const id = await repo.insertSeason(ctx.db, { ...input, businessId: user.businessId, now });
  return getSeason(ctx, user, id, now);
}

export async function updateSeason(ctx: AppContext, user: BusinessUser, id: number, input: SeasonFields, now = new Date()): Promise<SeasonDetail> {
  await ownSeason(ctx, user, id);
  await assertNameFree(ctx, user.businessId, input.name, id);
  await repo.updateSeason(ctx.db, id, input, now);
  return getSeason(ctx, user, id, now);
}

/** Deletes the season with its goals (progress is computed, so no data is lost). */
export async function deleteSeason(ctx: AppContext, user: BusinessUser, id: number): Promise<void> {
  await ownSeason(ctx, user, id);
  await repo.deleteSeason(ctx.db, id);
}

/** A goal for one staffer on the business's roster today; one per staffer and season (409 for a second). */
export async function createGoal(ctx: AppContext, user: BusinessUser, seasonId: number, input: GoalTargets & { proStaffId: number }, now = new Date()): Promise<Goal> {
  const today = todayOf(now);
  await ownSeason(ctx, user, seasonId);
  if (!(await repo.isRostered(ctx.db, user.businessId, input.proStaffId, today))) {
    throw fieldError('proStaffId', 'Only pro staff on your roster (with an active agreement) can be given a goal');
  }
  const { proStaffId, ...targets } = input;
  // A second goal in a race still fails on the unique index (409 as well).
  if (await repo.hasGoal(ctx.db, seasonId, proStaffId)) throw conflict('This pro staffer already has a goal for this season; edit it instead');
  const id = await repo.insertGoal(ctx.db, { ...targets, seasonId, proStaffId, now });
  ctx.log.info({ goalId: id, seasonId, businessId: user.businessId }, 'goal set');
  return ownGoal(ctx, user, id, today);
}

export async function updateGoal(ctx: AppContext, user: BusinessUser, id: number, targets: GoalTargets, now = new Date()): Promise<Goal> {
  const today = todayOf(now);
  await ownGoal(ctx, user, id, today);
  await repo.updateGoal(ctx.db, id, targets, now);
  return ownGoal(ctx, user, id, today);
}

export async function deleteGoal(ctx: AppContext, user: BusinessUser, id: number, now = new Date()): Promise<void> {
  await ownGoal(ctx, user, id, todayOf(now));
  await repo.deleteGoal(ctx.db, id);
}

/** One goal: to its business and to its staffer; 404 to anyone else. */
export async function getGoal(ctx: AppContext, user: SessionUser, id: number, now = new Date()): Promise<Goal> {
  const [row] = await repo.goalsWithProgress(ctx.db, repo.goalFilters.goal(id), 1);
  const mine = row && ((user.userType === 'business' && user.businessId === row.businessId) || (user.userType === 'pro_staff' && user.proStaffId === row.proStaffId));
  if (!mine) throw notFound('Goal');
  return toGoal(row, todayOf(now));
}

/**
 * Goals with progress: a business's (all its staffers'), or a staffer's own with every business; `current` keeps the
 * seasons that include today. Anyone else has none.
 */
export async function listGoals(ctx: AppContext, user: SessionUser, when: 'current' | 'all', now = new Date()): Promise<Goal[]> {
  const today = todayOf(now);
  const day = when === 'current' ? today : null;
  let filter;
  if (user.userType === 'business' && user.businessId) filter = repo.goalFilters.business(user.businessId, day);
  else if (user.userType === 'pro_staff' && user.proStaffId) filter = repo.goalFilters.proStaff(user.proStaffId, day);
  else return [];
  return (await repo.goalsWithProgress(ctx.db, filter)).map((row) => toGoal(row, today));
}

function describeTargets(goal: Goal): string {
  return goal.progress
    .map((item) => (item.metric === 'sales' ? `${goalMetricLabels.sales}: ${formatMoney(item.actual, item.currency ?? '')} of ${formatMoney(item.target, item.currency ?? '')}` : `${goalMetricLabels[item.metric]}: ${item.actual} of ${item.target}`))
    .join('; ');
}

/**
 * Tells the staffer and the business that a goal was reached, once: the claim on `reached_notified_at` and the
 * notifications are one transaction under the goal's lock. Answers whom to announce to after the commit.
 */
async function tellReached(ctx: AppContext, row: repo.GoalProgressRow, now: Date): Promise<number[] | null> {
  const goal = toGoal(row, todayOf(now));
  return ctx.db.transaction(async (tx) => {
    await repo.lockGoalReached(tx, row.id);
    if (!(await repo.claimReached(tx, row.id, now))) return null;
    const detail = describeTargets(goal);
    const origin = appOrigin(ctx.config);
    const items: NotificationInput[] = [];
    if (!row.proStaffErased) {
      const title = `Goal reached: ${row.seasonName} with ${row.businessName}`;
      items.push({ userId: row.proStaffUserId, kind: 'goal', title, body: detail, link: '/goals', mail: { subject: title, text: `You met every target of your ${row.seasonName} goal with ${row.businessName}.\n\n${detail}\n\nSee your goals: ${origin}/goals\n` } });
    }
    const title = `${row.proStaffName} reached their ${row.seasonName} goal`;
    items.push({ userId: row.businessUserId, kind: 'goal', title, body: detail, link: `/goals/${row.seasonId}`, mail: { subject: title, text: `${row.proStaffName} met every target of their ${row.seasonName} goal.\n\n${detail}\n\nSee the season: ${origin}/goals/${row.seasonId}\n` } });
    return recordNotifications(ctx, tx, items);
  });
}

async function tellAllReached(ctx: AppContext, rows: repo.GoalProgressRow[], now: Date): Promise<number> {
  const today = todayOf(now);
  let told = 0;
  for (const row of rows) {
    if (!toGoal(row, today).reached) continue;
    const userIds = await tellReached(ctx, row, now);
    if (!userIds) continue;
    told++;
    await announceNotifications(ctx, userIds);
  }
  return told;
}

/**
 * The hourly task `goals.reached` (decision record 033): every goal of a season that has started (or ended at most
 * `REACHED_GRACE_DAYS` ago) whose targets are all met and that was not told yet is told to both sides, once.
 */
export async function notifyReachedGoals(ctx: AppContext, now = new Date()): Promise<{ told: number }> {
  const rows = await repo.goalsWithProgress(ctx.db, repo.goalFilters.unnotified(todayOf(now), REACHED_GRACE_DAYS), 5000);
  return { told: await tellAllReached(ctx, rows, now) };
}

/**
 * For other modules, after something that moves a staffer's progress with a business (an attributed order, an
 * approved task proof), after their commit: tells the parties of any of that staffer's goals with the business that
 * is now reached. Safe to call any number of times and at the same time as the task.
 */
export async function checkGoalsReached(ctx: AppContext, proStaffId: number, businessId: number, now = new Date()): Promise<{ told: number }> {
  const rows = await repo.goalsWithProgress(ctx.db, repo.goalFilters.unnotifiedOf(proStaffId, businessId, todayOf(now), REACHED_GRACE_DAYS), 100);
  return { told: await tellAllReached(ctx, rows, now) };
}

/**
 * `checkGoalsReached` for a caller whose own change has already committed (a task approval, an attributed order):
 * a failure is logged and never fails that change; the hourly `goals.reached` task tells them within the hour.
 */
export async function checkGoalsReachedAfterCommit(ctx: AppContext, proStaffId: number, businessId: number, now = new Date()): Promise<void> {
  try {
    await checkGoalsReached(ctx, proStaffId, businessId, now);
  } catch (error) {
    ctx.log.warn({ error: logSafeError(error), proStaffId, businessId }, 'goal check failed; the hourly task will tell');
  }
}
