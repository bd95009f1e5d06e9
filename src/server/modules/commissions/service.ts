import { gearValueByPayee, tierTermsOf } from '@server/modules/gear/read-service';
import type { SessionUser } from '@shared/contracts/auth';
import type { Commission, CommissionPayee, RankingCurrencies, RankingEntry } from '@shared/contracts/commissions';
import type { z } from 'zod';
import {
  DEFAULT_HOLD_DAYS,
  DEFAULT_REPORTING_THRESHOLD_CENTS,
  statementColumns,
  type CommissionSettings,
  type CommissionSettingsBody,
  type createCommissionBody,
  type StatementQuery,
  type YearlyTotals,
} from '@shared/contracts/commissions';
import { decimal, toCsv } from '@server/lib/csv';
import { announceNotifications, notify as notifyUsers, recordNotifications } from '@server/modules/notifications/service';
import type { Database } from '@server/db/client';
import { parseMoneyToCents, saleChannelLabel } from '@shared/format';
import { DEFAULT_CURRENCY, formatMinorUnits } from '@shared/currency';
import type { AppContext } from '@server/lib/context';
import type { ServerEvent } from '@shared/contracts/events';
import { publishBestEffort } from '@server/lib/publish';
import { AppError, forbidden, notFound } from '@server/lib/errors';
import { startOfMonthUtc } from '@server/lib/entitlements';
import * as repo from './repository';
import { toCommission } from './mappers';
import { payableAtFor } from './lifecycle';
import * as ledger from '@server/modules/ledger/service';
import { announceCreated } from '@server/modules/ledger/announce';
// Manual commissions are payable at once (payable_at defaults to the row's creation time): the hold is for store
// orders that may be returned (decision record 024).

type BusinessUser = SessionUser & { businessId: number };
type ProStaffUser = SessionUser & { proStaffId: number };

export async function createCommission(ctx: AppContext, user: BusinessUser, body: z.output<typeof createCommissionBody>): Promise<Commission> {
  // createCommissionBody admits only positive amounts with at most two decimals (its refinements are tested there).
  const amountCents = parseMoneyToCents(body.amount)!;
  if (!(await repo.proStaffExists(ctx.db, body.proStaffId))) {
    throw new AppError('VALIDATION', 'proStaffId: No pro staff member with that id', [{ path: 'proStaffId', message: 'No pro staff member with that id' }]);
  }
  const values = { businessId: user.businessId, proStaffId: body.proStaffId, amountCents, description: body.description, dueDate: body.dueDate };
  // The outgoing webhook's event is written with the commission (decision record 044).
  const id = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertCommission(tx, values);
    await announceCreated(tx, { ...values, ...inserted, source: 'manual' });
    return inserted.id;
  });
  const row = (await repo.findById(ctx.db, id))!;
  await notify(ctx, row.proStaffUserId, { type: 'commission.created', data: { commissionId: id, status: row.status } });
  await tellProStaff(ctx, row, `${row.businessCompanyName} recorded a ${money(row)} commission for you`);
  return toCommission(row);
}

export async function listBusinessCommissions(ctx: AppContext, user: BusinessUser): Promise<Commission[]> {
  return (await repo.listForBusiness(ctx.db, user.businessId)).map((row) => toCommission(row));
}

export async function listProStaffCommissions(ctx: AppContext, user: ProStaffUser): Promise<Commission[]> {
  return (await repo.listForProStaff(ctx.db, user.proStaffId)).map((row) => toCommission(row));
}

export async function updateStatus(ctx: AppContext, user: BusinessUser, id: number, status: 'paid' | 'cancelled'): Promise<Commission> {
  const existing = await repo.findById(ctx.db, id);
  if (!existing) throw notFound('Commission');
  if (existing.businessId !== user.businessId) throw forbidden('Only the business that created this commission can change it');
  // The ledger decides (decision record 036): a paid or cancelled commission, or one in a processing payout, is refused.
  await ctx.db.transaction((tx) => ledger.apply(tx, id, { type: status === 'paid' ? 'paid_outside' : 'cancelled_by_business' }, new Date()));
  const row = (await repo.findById(ctx.db, id))!;
  await notify(ctx, row.proStaffUserId, { type: 'commission.status_changed', data: { commissionId: id, status: row.status } });
  await tellProStaff(ctx, row, status === 'paid'
    ? `${row.businessCompanyName} marked your ${money(row)} commission paid`
    : `${row.businessCompanyName} cancelled your ${money(row)} commission`);
  return toCommission(row);
}

const money = (row: { amountCents: number; currency: string }) => `${row.currency} ${formatMinorUnits(row.amountCents, row.currency)}`;

/** The pro staffer's notification (and email unless they turned commission emails off; decision record 030). */
async function tellProStaff(ctx: AppContext, row: repo.CommissionRow, title: string): Promise<void> {
  const body = `Commission #${row.id}${row.description ? `: ${row.description}` : ''}`;
  await notifyUsers(ctx, [{
    userId: row.proStaffUserId, kind: 'commission', title, body, link: '/pro-staff-dashboard',
    mail: { subject: title, text: `${title}.\n${body}\n\nSee your commissions: ${ctx.config.publicUrl ?? ''}/pro-staff-dashboard\n` },
  }]);
}

/** Tells the pro staffer's open tabs; a failed push never fails the change itself. */
async function notify(ctx: AppContext, userId: number, event: ServerEvent) {
  await publishBestEffort(ctx, { userId, event });
}

const PAYEE_SEARCH_LIMIT = 25;

/** Whom the business can pay: pro staff linked to its jobs first, then search matches across all pro staff. */
export async function listPayees(ctx: AppContext, user: BusinessUser, search: string): Promise<CommissionPayee[]> {
  const [linked, matches] = await Promise.all([
    repo.listApplicantPayees(ctx.db, user.businessId),
    repo.searchPayees(ctx.db, search, PAYEE_SEARCH_LIMIT),
  ]);
  const needle = search.toLowerCase();
  const linkedShown = needle
    ? linked.filter((p) => `${p.firstName} ${p.lastName} ${p.location ?? ''}`.toLowerCase().includes(needle))
    : linked;
  const seen = new Set(linkedShown.map((p) => p.id));
  return [...linkedShown, ...matches.filter((p) => !seen.has(p.id))];
}

function assertOwnBusiness(user: BusinessUser, businessId: number) {
  if (user.businessId !== businessId) throw forbidden('You can only view rankings for your own business');
}

/** The current UTC calendar month as [from, to). */
function monthOf(now: Date): { from: Date; to: Date } {
  const from = startOfMonthUtc(now);
  return { from, to: new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1)) };
}

async function currenciesOf(ctx: AppContext, businessId: number, now: Date): Promise<RankingCurrencies> {
  const { from, to } = monthOf(now);
  const currencies = await repo.currencyActivity(ctx.db, businessId, from, to);
  return { defaultCurrency: currencies[0]?.currency ?? DEFAULT_CURRENCY, currencies };
}

/**
 * The currencies this business can be ranked in and its main one (docs/decisions/025, rankings): the currency with
 * the most paid commissions this month, else the one it has most commissions in, USD when it has none.
 */
export async function rankingCurrencies(ctx: AppContext, user: BusinessUser, businessId: number, now = new Date()): Promise<RankingCurrencies> {
  assertOwnBusiness(user, businessId);
  return currenciesOf(ctx, businessId, now);
}

/**
 * Pro staff ranked by paid commissions of this business in the current UTC calendar month, computed now,
 * in one currency (the business's main one when none is asked): amounts of different currencies are never added
 * (docs/decisions/013-commission-currencies.md).
 */
export async function rankings(ctx: AppContext, user: BusinessUser, businessId: number, now = new Date(), asked?: string): Promise<RankingEntry[]> {
  assertOwnBusiness(user, businessId);
  const currency = asked ?? (await currenciesOf(ctx, businessId, now)).defaultCurrency;
  const { from, to } = monthOf(now);
  const rows = await repo.paidTotalsByProStaff(ctx.db, businessId, from, to, currency);
  const lastUpdated = now.toISOString();
  return rows.map((row, index) => {
    const averageCents = Math.round(row.totalCents / row.paidCount);
    return {
      id: row.proStaffId,
      proStaffId: row.proStaffId,
      rank: index + 1,
      profile: {
        firstName: row.firstName,
        lastName: row.lastName,
        isVerified: row.isVerified,
        location: row.location,
        specialties: row.specialties,
        experience: row.experience,
      },
      currency,
      totalCommissions: formatMinorUnits(row.totalCents, currency),
      averageCommission: formatMinorUnits(averageCents, currency),
      totalCommissionsCents: row.totalCents,
      averageCommissionCents: averageCents,
      totalJobs: row.paidCount,
      lastUpdated,
      lastPaidAt: row.lastPaidAt.toISOString(),
    };
  });
}

export async function getSettings(ctx: AppContext, user: BusinessUser): Promise<CommissionSettings> {
  const row = await repo.settingsRow(ctx.db, user.businessId);
  return { holdDays: row?.holdDays ?? DEFAULT_HOLD_DAYS, reportingThresholdCents: row?.reportingThresholdCents ?? DEFAULT_REPORTING_THRESHOLD_CENTS };
}

/** A new hold applies to order commissions created from now on; existing ones keep the date they were given. */
export async function saveSettings(ctx: AppContext, user: BusinessUser, body: CommissionSettingsBody): Promise<CommissionSettings> {
  const changes = {
    ...(body.holdDays === undefined ? {} : { holdDays: body.holdDays }),
    ...(body.reportingThresholdCents === undefined ? {} : { reportingThresholdCents: body.reportingThresholdCents }),
  };
  await repo.saveSettings(ctx.db, user.businessId, changes);
  return getSettings(ctx, user);
}

/**
 * What the business paid each payee in a calendar year (UTC, by paid date), per currency, for its tax filing: USD
 * totals at or over its reporting threshold are flagged. Amounts of different currencies are never added.
 */
export async function yearlyTotals(ctx: AppContext, user: BusinessUser, year = new Date().getUTCFullYear()): Promise<YearlyTotals> {
  const { reportingThresholdCents } = await getSettings(ctx, user);
  const from = new Date(Date.UTC(year, 0, 1));
  const to = new Date(Date.UTC(year + 1, 0, 1));
  const [rows, gear] = await Promise.all([repo.paidByPayee(ctx.db, user.businessId, from, to), gearValueByPayee(ctx, user.businessId, from, to)]);
  const gearOf = (proStaffId: number, currency: string) => gear.find((row) => row.proStaffId === proStaffId && row.currency === currency)?.totalMinor ?? 0;
  const totals = rows.map((row) => ({
    proStaffId: row.proStaffId,
    name: `${row.firstName} ${row.lastName}`,
    currency: row.currency,
    paidCents: row.paidCents,
    paid: formatMinorUnits(row.paidCents, row.currency),
    count: row.count,
    overThreshold: row.currency === 'USD' && row.paidCents >= reportingThresholdCents,
    gearValueCents: gearOf(row.proStaffId, row.currency),
    gearValue: formatMinorUnits(gearOf(row.proStaffId, row.currency), row.currency),
  }));
  // Payees who received only gear in a currency still have a line (cash 0 beside their gear value).
  const names = gear.length > 0 ? await repo.proStaffNames(ctx.db, gear.map((row) => row.proStaffId)) : new Map<number, string>();
  for (const row of gear) {
    if (totals.some((total) => total.proStaffId === row.proStaffId && total.currency === row.currency)) continue;
    totals.push({
      proStaffId: row.proStaffId, name: names.get(row.proStaffId) ?? 'Pro staff', currency: row.currency, paidCents: 0, paid: formatMinorUnits(0, row.currency), count: 0,
      overThreshold: false, gearValueCents: row.totalMinor, gearValue: formatMinorUnits(row.totalMinor, row.currency),
    });
  }
  return { year, reportingThresholdCents, totals };
}

/** When an order commission created now for this business becomes payable (used by order attribution). */
export async function orderPayableAt(db: Database, businessId: number, createdAt: Date, proStaffId?: number): Promise<Date> {
  // A rostered staffer's program tier sets their hold (decision record 038); else the business's.
  const tier = proStaffId === undefined ? null : await tierTermsOf(db, businessId, proStaffId, createdAt);
  return payableAtFor('order', createdAt, tier?.holdDays ?? (await repo.holdDays(db, businessId)) ?? DEFAULT_HOLD_DAYS);
}

export const RELEASE_HOLDS_TASK = 'commissions.release-holds';
const RELEASE_BATCH = 500;
const formatDay = (date: Date) => date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * Tells pro staff (in the app and by email) about commissions whose hold ended. Run by the scheduled background task
 * every 15 minutes (decision records 023, 024); each commission is claimed once, so overlapping runs never repeat a
 * notice. The mail is its own background task, retried while the mail server is away.
 */
export async function releaseHolds(ctx: AppContext, now = new Date()): Promise<{ released: number }> {
  const base = ctx.config.publicUrl ?? '';
  // The claim and the notices in one transaction: a crash between them can neither lose a notice nor send one twice.
  const released = await ctx.db.transaction(async (tx) => {
    const claimed = await repo.claimNewlyPayable(tx, now, RELEASE_BATCH);
    for (const commission of claimed) {
      const amount = `${commission.currency} ${formatMinorUnits(commission.amountCents, commission.currency)}`;
      const subject = `Your ${amount} commission from ${commission.companyName} is payable`;
      const text = `Commission #${commission.id} from ${commission.companyName} (${amount}) finished its hold on ${formatDay(now)} and can now be paid.`;
      await recordNotifications(ctx, tx, [{
        userId: commission.proStaffUserId, kind: 'commission', title: subject, body: text, link: '/pro-staff-dashboard',
        mail: { subject, text: `${text}\n\nSee your commissions: ${base}/pro-staff-dashboard\n` },
      }]);
    }
    return claimed;
  });
  for (const commission of released) await notify(ctx, commission.proStaffUserId, { type: 'commission.payable', data: { commissionId: commission.id } });
  await announceNotifications(ctx, released.map((commission) => commission.proStaffUserId));
  return { released: released.length };
}

/**
 * A statement: the party's commissions as CSV, one row per commission with what the lists show (decision record 024).
 * Amounts stay in their own currency, one column each; nothing is added across currencies.
 */
export async function statementCsv(ctx: AppContext, party: { businessId: number } | { proStaffId: number }, query: StatementQuery): Promise<string> {
  const rows = await repo.listForStatement(ctx.db, party, query);
  return toCsv(
    statementColumns,
    rows.map((row) => [
      row.id,
      row.createdAt.toISOString(),
      row.payableAt.toISOString(),
      row.status,
      row.source,
      row.orderId,
      row.businessCompanyName,
      `${row.proStaffFirstName} ${row.proStaffLastName}`,
      row.description,
      row.currency,
      decimal(formatMinorUnits(row.amountCents, row.currency)),
      row.paidAt?.toISOString() ?? null,
      row.channel && saleChannelLabel(row.channel, null),
      row.locationId,
    ]),
  );
}

/** The file name a statement downloads as: whose, which days. */
export function statementFileName(kind: 'business' | 'pro-staff', query: StatementQuery): string {
  return `huntstaff-commissions-${kind}-${query.from ?? 'start'}-to-${query.to ?? 'today'}${query.status === 'all' ? '' : `-${query.status}`}.csv`;
}
