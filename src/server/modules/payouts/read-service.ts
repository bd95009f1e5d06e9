import type { SessionUser } from '@shared/contracts/auth';
import {
  payoutStatementColumns,
  type Balance,
  type BusinessPayouts,
  type Payout,
  type PayoutStatementQuery,
  type ProStaffPayouts,
  type ReceivedPayout,
} from '@shared/contracts/payouts';
import { formatMinorUnits } from '@shared/currency';
import { decimal, toCsv } from '@server/lib/csv';
import type { AppContext } from '@server/lib/context';
import { forbidden, notFound } from '@server/lib/errors';
import { isStripeConfigured } from '@server/modules/billing/stripe-client';
import { accountStateOf } from './accounts-service';
import * as repo from './repository';

type BusinessUser = SessionUser & { businessId: number };
type ProStaffUser = SessionUser & { proStaffId: number };

async function toPayouts(ctx: AppContext, rows: repo.PayoutRow[]): Promise<Payout[]> {
  const ids = rows.map((row) => row.id);
  const [items, covered] = await Promise.all([repo.itemsOf(ctx.db, ids), repo.commissionIdsOf(ctx.db, ids)]);
  return rows.map((row) => ({
    id: row.id,
    currency: row.currency,
    amount: formatMinorUnits(row.amountCents, row.currency),
    amountCents: row.amountCents,
    status: row.status,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    items: items
      .filter((item) => item.payoutId === row.id)
      .map((item) => ({
        proStaffId: item.proStaffId,
        name: `${item.firstName} ${item.lastName}`,
        amount: formatMinorUnits(item.amountCents, row.currency),
        amountCents: item.amountCents,
        status: item.status,
        failureReason: item.failureReason,
        commissionIds: covered.get(`${row.id}:${item.proStaffId}`) ?? [],
      })),
  }));
}

export async function payoutOf(ctx: AppContext, id: number): Promise<Payout | null> {
  const row = await repo.findPayout(ctx.db, id);
  return row ? (await toPayouts(ctx, [row]))[0] : null;
}

/** One payout of the caller's business (another business's is refused, an unknown id is 404). */
export async function businessPayout(ctx: AppContext, user: BusinessUser, id: number): Promise<Payout> {
  const row = await repo.findPayout(ctx.db, id);
  if (!row) throw notFound('Payout');
  if (row.businessId !== user.businessId) throw forbidden('Only the business that made this payout can see it');
  return (await toPayouts(ctx, [row]))[0];
}

async function balancesOf(ctx: AppContext, party: { businessId: number } | { proStaffId: number }): Promise<Balance[]> {
  const rows = await repo.balances(ctx.db, party, new Date());
  const accounts = new Map((await repo.accountsOf(ctx.db, [...new Set(rows.map((r) => r.proStaffId))])).map((a) => [a.proStaffId, a]));
  return rows.map((row) => {
    const netCents = row.payableCents + row.negativeCents;
    return {
      proStaffId: row.proStaffId,
      name: `${row.firstName} ${row.lastName}`,
      businessId: row.businessId,
      companyName: row.companyName,
      currency: row.currency,
      payableCents: row.payableCents,
      negativeCents: row.negativeCents,
      netCents,
      net: formatMinorUnits(netCents, row.currency),
      accountState: accountStateOf(accounts.get(row.proStaffId) ?? null),
    };
  });
}

export async function listBusinessPayouts(ctx: AppContext, user: BusinessUser): Promise<BusinessPayouts> {
  const [payouts, balances] = await Promise.all([repo.listForBusiness(ctx.db, user.businessId).then((rows) => toPayouts(ctx, rows)), balancesOf(ctx, { businessId: user.businessId })]);
  return { configured: isStripeConfigured(ctx.config), payouts, balances };
}

function toReceived(row: repo.ReceivedRow, covered: Map<string, number[]>, proStaffId: number): ReceivedPayout {
  return {
    payoutId: row.id,
    companyName: row.companyName,
    currency: row.currency,
    amount: formatMinorUnits(row.itemAmountCents, row.currency),
    amountCents: row.itemAmountCents,
    status: row.status === 'processing' ? 'processing' : row.itemStatus === 'paid' ? 'paid' : 'failed',
    failureReason: row.itemFailureReason,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    commissionIds: covered.get(`${row.id}:${proStaffId}`) ?? [],
  };
}

export async function listProStaffPayouts(ctx: AppContext, user: ProStaffUser): Promise<ProStaffPayouts> {
  const rows = await repo.listForProStaff(ctx.db, user.proStaffId);
  const covered = await repo.commissionIdsOf(ctx.db, rows.map((row) => row.id));
  return { payouts: rows.map((row) => toReceived(row, covered, user.proStaffId)), balances: await balancesOf(ctx, { proStaffId: user.proStaffId }) };
}

type StatementRow = { payout: number; created: Date; completed: Date | null; status: string; business: string; proStaff: string; currency: string; amountCents: number; commissionIds: number[]; failure: string | null };

function statementCsv(rows: StatementRow[], status: PayoutStatementQuery['status']): string {
  return toCsv(
    payoutStatementColumns,
    rows
      .filter((row) => status === 'all' || row.status === status)
      .map((row) => [
        row.payout,
        row.created.toISOString(),
        row.completed?.toISOString() ?? null,
        row.status,
        row.business,
        row.proStaff,
        row.currency,
        decimal(formatMinorUnits(row.amountCents, row.currency)),
        row.commissionIds.map((id) => `#${id}`).join(' '),
        row.failure,
      ]),
  );
}

/** The business's payouts as CSV: one row per transfer (a payout to one pro staffer), oldest first. */
export async function businessStatementCsv(ctx: AppContext, user: BusinessUser, query: PayoutStatementQuery): Promise<string> {
  const payouts = await toPayouts(ctx, await repo.listForBusiness(ctx.db, user.businessId, query, 'oldest'));
  const business = (await repo.businessOwner(ctx.db, user.businessId))!;
  return statementCsv(
    payouts.flatMap((payout) =>
      payout.items.map((item) => ({
        payout: payout.id, created: new Date(payout.createdAt), completed: payout.completedAt ? new Date(payout.completedAt) : null,
        status: payout.status === 'processing' ? 'processing' : item.status, business: business.companyName, proStaff: item.name,
        currency: payout.currency, amountCents: item.amountCents, commissionIds: item.commissionIds, failure: item.failureReason,
      })),
    ),
    query.status,
  );
}

/** The pro staffer's payouts from every business as CSV, oldest first. */
export async function proStaffStatementCsv(ctx: AppContext, user: ProStaffUser, query: PayoutStatementQuery): Promise<string> {
  const rows = await repo.listForProStaff(ctx.db, user.proStaffId, query, 'oldest');
  const covered = await repo.commissionIdsOf(ctx.db, rows.map((row) => row.id));
  const name = (await repo.proStaffName(ctx.db, user.proStaffId))!;
  return statementCsv(
    rows.map((row) => {
      const received = toReceived(row, covered, user.proStaffId);
      return {
        payout: row.id, created: row.createdAt, completed: row.completedAt, status: received.status, business: row.companyName, proStaff: name,
        currency: row.currency, amountCents: row.itemAmountCents, commissionIds: received.commissionIds, failure: row.itemFailureReason,
      };
    }),
    query.status,
  );
}

export function statementFileName(kind: 'business' | 'pro-staff', query: PayoutStatementQuery): string {
  return `huntstaff-payouts-${kind}-${query.from ?? 'start'}-to-${query.to ?? 'today'}${query.status === 'all' ? '' : `-${query.status}`}.csv`;
}
