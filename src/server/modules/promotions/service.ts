import type { SessionUser } from '@shared/contracts/auth';
import {
  normaliseTargeting,
  promotionIssues,
  type CreatePromotionInput,
  type DeliveryStatus,
  type Promotion,
  type PromotionAnalytics,
  type PromotionDay,
  type PromotionForViewer,
  type PromotionTrackResult,
  type UpdatePromotionInput,
} from '@shared/contracts/promotions';
import { centsToDecimalString, clickThroughRate } from '@shared/format';
import type { AppContext } from '@server/lib/context';
import { AppError, forbidden, notFound } from '@server/lib/errors';
import { audienceMatches } from './audience';
import * as repo from './repository';
import { utcDay } from '@server/lib/utc-day';

type BusinessUser = SessionUser & { businessId: number };
type ProStaffUser = SessionUser & { proStaffId: number };
type Stored = repo.PromotionRecord & { spentTodayCents: number };

/** Promotions run on UTC calendar days. */
export { utcDay };

const SLOT_SIZE = { dashboard: 3, jobs: 2 } as const;
const MAX_ANALYTICS_DAYS = 366;

export function deliveryStatus(row: Stored, today: string): DeliveryStatus {
  if (!row.isActive) return 'paused';
  if (today < row.startDate) return 'scheduled';
  if (today > row.endDate) return 'ended';
  if (row.totalSpentCents + row.costPerClickCents > row.budgetCents) return 'budget_spent';
  if (row.dailyBudgetCents !== null && row.spentTodayCents + row.costPerClickCents > row.dailyBudgetCents) return 'daily_budget_spent';
  return 'delivering';
}

function toWire(row: Stored, today: string): Promotion {
  return {
    id: row.id,
    businessId: row.businessId,
    title: row.title,
    description: row.description,
    targetUrl: row.targetUrl,
    imageUrl: row.imageUrl,
    promotionType: row.promotionType,
    targetAudience: row.targetAudience,
    targetSpecialties: row.targetSpecialties,
    targetLocation: row.targetLocation,
    budget: centsToDecimalString(row.budgetCents),
    dailyBudget: row.dailyBudgetCents === null ? null : centsToDecimalString(row.dailyBudgetCents),
    costPerClick: centsToDecimalString(row.costPerClickCents),
    startDate: row.startDate,
    endDate: row.endDate,
    isActive: row.isActive,
    totalImpressions: row.totalImpressions,
    totalClicks: row.totalClicks,
    totalSpent: centsToDecimalString(row.totalSpentCents),
    spentToday: centsToDecimalString(row.spentTodayCents),
    clickThroughRate: clickThroughRate(row.totalClicks, row.totalImpressions),
    deliveryStatus: deliveryStatus(row, today),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function throwIssues(issues: { path: string; message: string }[]): void {
  if (issues.length === 0) return;
  throw new AppError('VALIDATION', `${issues[0].path}: ${issues[0].message}`, issues);
}

export async function create(ctx: AppContext, user: BusinessUser, body: CreatePromotionInput, now = new Date()): Promise<Promotion> {
  const row = await repo.insert(ctx.db, user.businessId, {
    title: body.title,
    description: body.description,
    targetUrl: body.targetUrl,
    imageUrl: body.imageUrl,
    promotionType: body.promotionType,
    targetAudience: body.targetAudience,
    targetSpecialties: body.targetSpecialties,
    targetLocation: body.targetLocation,
    budgetCents: body.budget,
    dailyBudgetCents: body.dailyBudget,
    costPerClickCents: body.costPerClick,
    startDate: body.startDate,
    endDate: body.endDate,
    isActive: true,
  });
  return toWire({ ...row, spentTodayCents: 0 }, utcDay(now));
}

export async function listForBusiness(ctx: AppContext, user: BusinessUser, businessId: number, now = new Date()): Promise<Promotion[]> {
  if (businessId !== user.businessId) throw forbidden('You can only view your own promotions');
  const today = utcDay(now);
  return (await repo.listByBusiness(ctx.db, businessId, today)).map((row) => toWire(row, today));
}

async function ownPromotion(ctx: AppContext, user: BusinessUser, id: number, today: string): Promise<Stored> {
  const row = await repo.findById(ctx.db, id, today);
  if (!row) throw notFound('Promotion');
  if (row.businessId !== user.businessId) throw forbidden('You can only change your own promotions');
  return row;
}

export async function update(ctx: AppContext, user: BusinessUser, id: number, body: UpdatePromotionInput, now = new Date()): Promise<Promotion> {
  const today = utcDay(now);
  const row = await ownPromotion(ctx, user, id, today);
  const merged = normaliseTargeting({
    title: body.title ?? row.title,
    description: body.description ?? row.description,
    targetUrl: body.targetUrl !== undefined ? body.targetUrl : row.targetUrl,
    imageUrl: body.imageUrl !== undefined ? body.imageUrl : row.imageUrl,
    promotionType: body.promotionType ?? row.promotionType,
    targetAudience: body.targetAudience ?? row.targetAudience,
    targetSpecialties: body.targetSpecialties ?? row.targetSpecialties,
    targetLocation: body.targetLocation !== undefined ? body.targetLocation : row.targetLocation,
    budgetCents: body.budget ?? row.budgetCents,
    dailyBudgetCents: body.dailyBudget !== undefined ? body.dailyBudget : row.dailyBudgetCents,
    costPerClickCents: body.costPerClick ?? row.costPerClickCents,
    startDate: body.startDate ?? row.startDate,
    endDate: body.endDate ?? row.endDate,
    isActive: body.isActive ?? row.isActive,
  });
  const issues = promotionIssues({
    ...merged,
    budget: merged.budgetCents,
    dailyBudget: merged.dailyBudgetCents,
    costPerClick: merged.costPerClickCents,
  });
  if (merged.budgetCents < row.totalSpentCents) {
    issues.push({ path: 'budget', message: `Total budget cannot be less than the ${centsToDecimalString(row.totalSpentCents)} already spent` });
  }
  throwIssues(issues);
  await repo.update(ctx.db, id, merged, now);
  return toWire((await repo.findById(ctx.db, id, today))!, today);
}

export async function remove(ctx: AppContext, user: BusinessUser, id: number, now = new Date()): Promise<void> {
  await ownPromotion(ctx, user, id, utcDay(now));
  await repo.remove(ctx.db, id);
}

/** Per-day impressions, clicks and spend from the start date to today (or the end date), zero-filled. */
export async function analytics(ctx: AppContext, user: BusinessUser, id: number, now = new Date()): Promise<PromotionAnalytics> {
  const today = utcDay(now);
  const row = await ownPromotion(ctx, user, id, today);
  const last = row.endDate < today ? row.endDate : today;
  const days: PromotionDay[] = [];
  if (row.startDate <= last) {
    const firstMs = Math.max(Date.parse(`${row.startDate}T00:00:00Z`), Date.parse(`${last}T00:00:00Z`) - (MAX_ANALYTICS_DAYS - 1) * 86_400_000);
    const first = utcDay(firstMs);
    const stats = new Map((await repo.dailyStats(ctx.db, id, first, last)).map((s) => [s.day, s]));
    for (let ms = firstMs; ms <= Date.parse(`${last}T00:00:00Z`); ms += 86_400_000) {
      const day = utcDay(ms);
      const s = stats.get(day);
      const spentCents = s?.spentCents ?? 0;
      days.push({ day, impressions: s?.impressions ?? 0, clicks: s?.clicks ?? 0, spentCents, spent: centsToDecimalString(spentCents) });
    }
  }
  return {
    promotionId: id,
    totals: {
      impressions: row.totalImpressions,
      clicks: row.totalClicks,
      spent: centsToDecimalString(row.totalSpentCents),
      clickThroughRate: clickThroughRate(row.totalClicks, row.totalImpressions),
    },
    days,
  };
}

async function viewerProfile(ctx: AppContext, user: ProStaffUser) {
  const profile = await repo.findViewerProfile(ctx.db, user.proStaffId);
  if (!profile) throw forbidden('Please complete your pro staff profile first.');
  return profile;
}

/** What this pro staffer should see now: running, paid for, aimed at them; best bid first. */
export async function eligibleFor(ctx: AppContext, user: ProStaffUser, placement: 'dashboard' | 'jobs', now = new Date()): Promise<PromotionForViewer[]> {
  const profile = await viewerProfile(ctx, user);
  const rows = await repo.listDeliverable(ctx.db, utcDay(now));
  return rows
    .filter((row) => audienceMatches(row, profile))
    .slice(0, SLOT_SIZE[placement])
    .map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      targetUrl: row.targetUrl,
      imageUrl: row.imageUrl,
      promotionType: row.promotionType,
      companyName: row.companyName,
    }));
}

/**
 * Records an impression or a click for a pro staffer the promotion is aimed at. Each counts once per
 * viewer, promotion and UTC day; a counted click charges the cost per click, never past the total or
 * today's budget (the row is locked, so concurrent clicks cannot overspend).
 */
export async function track(ctx: AppContext, user: ProStaffUser, id: number, kind: 'impression' | 'click', now = new Date()): Promise<PromotionTrackResult> {
  const profile = await viewerProfile(ctx, user);
  const today = utcDay(now);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findForUpdate(tx, id, today);
    if (!row || !audienceMatches(row, profile)) throw notFound('Promotion');
    const none = { recorded: false, charged: '0.00', targetUrl: row.targetUrl };
    if (deliveryStatus(row, today) !== 'delivering') return none;
    if (!(await repo.recordView(tx, id, user.id, today, kind))) return none;
    if (kind === 'impression') {
      await repo.addImpression(tx, id, today);
      return { recorded: true, charged: '0.00', targetUrl: row.targetUrl };
    }
    await repo.addClick(tx, id, today, row.costPerClickCents);
    return { recorded: true, charged: centsToDecimalString(row.costPerClickCents), targetUrl: row.targetUrl };
  });
}
