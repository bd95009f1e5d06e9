import type Stripe from 'stripe';
import {
  DEFAULT_RECONCILIATION_DAYS,
  MAX_RECONCILIATION_DAYS,
  mismatchKinds,
  type MismatchKind,
  type ReconciliationGroup,
  type ReconciliationMismatch,
  type ReconciliationQuery,
  type ReconciliationReport,
} from '@shared/contracts/reconciliation';
import { formatMinorUnits } from '@shared/currency';
import type { AppContext } from '@server/lib/context';
import { AppError } from '@server/lib/errors';
import { isStripeConfigured, paymentProviderError, stripeFor } from '@server/modules/billing/stripe-client';
import { notify } from '@server/modules/notifications/service';
import { appOrigin } from '@server/config';
import * as repo from './repository';

/**
 * Payout reconciliation (decision record 037): what HuntStaff recorded as paid out (`repo.recordedTransfers`, the one
 * reader of our side) against the transfers Stripe lists, per business and currency. Mismatches are shown to a person
 * (the admin page, and a notification from the daily task); nothing is corrected here.
 */
export const RECONCILE_TASK = 'payouts.reconcile';

const DAY_MS = 86_400_000;
/**
 * Both sides are read this much wider than the range asked for, so a transfer made just before midnight and recorded
 * as paid just after (or the other way round) is still matched; only mismatches inside the range are reported.
 */
const MARGIN_MS = DAY_MS;
/** Stripe's page size for `transfers.list` (1–100); tests lower it to exercise paging. */
export const reconciliationTuning = { pageSize: 100 };

/** A Stripe transfer as the comparison needs it. */
export type StripeTransferView = {
  id: string;
  /** ISO 4217, upper case. */
  currency: string;
  amountCents: number;
  amountReversedCents: number;
  reversed: boolean;
  createdAt: Date;
  /** From the transfer's metadata, as Pay now writes it; null for transfers HuntStaff did not make. */
  payoutId: number | null;
  proStaffId: number | null;
};

export type PayoutOwner = { businessId: number; companyName: string };

const money = (cents: number, currency: string) => `${currency} ${formatMinorUnits(cents, currency)}`;
const inRange = (at: Date, range: { from: Date; to: Date }) => at.getTime() >= range.from.getTime() && at.getTime() < range.to.getTime();
const kindOrder = (kind: MismatchKind) => mismatchKinds.indexOf(kind);

function recordedSide(item: repo.RecordedTransfer): NonNullable<ReconciliationMismatch['recorded']> {
  return { currency: item.currency, amountCents: item.amountCents, amount: formatMinorUnits(item.amountCents, item.currency), paidAt: item.paidAt.toISOString() };
}

function stripeSide(transfer: StripeTransferView): NonNullable<ReconciliationMismatch['atStripe']> {
  return {
    currency: transfer.currency,
    amountCents: transfer.amountCents,
    amount: formatMinorUnits(transfer.amountCents, transfer.currency),
    amountReversedCents: transfer.amountReversedCents,
    amountReversed: formatMinorUnits(transfer.amountReversedCents, transfer.currency),
    reversed: transfer.reversed,
    createdAt: transfer.createdAt.toISOString(),
  };
}

/**
 * The comparison rules, on plain lists (no I/O):
 * - A transfer recorded as paid in `range` is matched to Stripe's by transfer id. None: `missing_at_stripe`. Found
 *   in another currency: `currency_differs`; in the same currency with another amount: `amount_differs`; with any
 *   amount reversed (`amount_reversed > 0`, or `reversed`): `reversed`. One transfer can have several mismatches.
 * - A Stripe transfer created in `range` whose metadata names a HuntStaff payout, and that no recorded transfer
 *   claims: `not_recorded` (the business is the payout's owner: from `owners`, else from another recorded transfer of
 *   the same payout, else unknown). Transfers without our metadata are not
 *   HuntStaff payouts and are left alone.
 * - Both lists may reach past `range` (they are read with a margin): only the matching uses what lies outside it.
 * Groups are per business and currency (the recorded currency; Stripe's for `not_recorded`), never summed across
 * currencies; groups by company name then currency, mismatches by kind then transfer id.
 */
export function compareTransfers(input: {
  recorded: repo.RecordedTransfer[];
  atStripe: StripeTransferView[];
  range: { from: Date; to: Date };
  owners?: Map<number, PayoutOwner>;
}): ReconciliationGroup[] {
  const { recorded, atStripe, range } = input;
  const stripeById = new Map(atStripe.map((transfer) => [transfer.id, transfer]));
  const claimed = new Set(recorded.map((item) => item.stripeTransferId));
  const groups = new Map<string, ReconciliationGroup>();
  const add = (owner: { businessId: number | null; companyName: string | null }, currency: string, mismatch: ReconciliationMismatch) => {
    const key = `${owner.businessId ?? ''}:${currency}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { businessId: owner.businessId, companyName: owner.companyName, currency, mismatches: [] }));
    group.mismatches.push(mismatch);
  };

  for (const item of recorded) {
    if (!inRange(item.paidAt, range)) continue;
    const transfer = stripeById.get(item.stripeTransferId);
    const base = { stripeTransferId: item.stripeTransferId, payoutId: item.payoutId, proStaffId: item.proStaffId, recorded: recordedSide(item) };
    const recordedMoney = money(item.amountCents, item.currency);
    if (!transfer) {
      add(item, item.currency, {
        ...base,
        kind: 'missing_at_stripe',
        atStripe: null,
        message: `Recorded as paid (${recordedMoney}, payout #${item.payoutId}) but Stripe has no transfer ${item.stripeTransferId}.`,
      });
      continue;
    }
    const withStripe = { ...base, atStripe: stripeSide(transfer) };
    const stripeMoney = money(transfer.amountCents, transfer.currency);
    if (transfer.currency !== item.currency) {
      add(item, item.currency, { ...withStripe, kind: 'currency_differs', message: `Recorded as ${recordedMoney}; Stripe transferred ${stripeMoney}.` });
    } else if (transfer.amountCents !== item.amountCents) {
      const diff = transfer.amountCents - item.amountCents;
      add(item, item.currency, {
        ...withStripe,
        kind: 'amount_differs',
        message: `Recorded as ${recordedMoney}; Stripe transferred ${stripeMoney} (${diff > 0 ? 'more' : 'less'} by ${money(Math.abs(diff), item.currency)}).`,
      });
    }
    if (transfer.amountReversedCents > 0 || transfer.reversed) {
      const whole = transfer.reversed || transfer.amountReversedCents >= transfer.amountCents;
      add(item, item.currency, {
        ...withStripe,
        kind: 'reversed',
        message: whole
          ? `Stripe reversed the whole transfer (${money(transfer.amountReversedCents, transfer.currency)}); HuntStaff still shows it as paid.`
          : `Stripe reversed ${money(transfer.amountReversedCents, transfer.currency)} of ${stripeMoney}; HuntStaff still shows the full amount as paid.`,
      });
    }
  }

  for (const transfer of atStripe) {
    if (transfer.payoutId === null || claimed.has(transfer.id) || !inRange(transfer.createdAt, range)) continue;
    const sibling = recorded.find((item) => item.payoutId === transfer.payoutId);
    const owner = input.owners?.get(transfer.payoutId) ?? sibling;
    add(owner ?? { businessId: null, companyName: null }, transfer.currency, {
      kind: 'not_recorded',
      stripeTransferId: transfer.id,
      payoutId: transfer.payoutId,
      proStaffId: transfer.proStaffId,
      recorded: null,
      atStripe: stripeSide(transfer),
      message: `Stripe transferred ${money(transfer.amountCents, transfer.currency)} for payout #${transfer.payoutId}${
        transfer.proStaffId === null ? '' : ` (pro staff #${transfer.proStaffId})`
      }, but HuntStaff has not recorded it as paid.`,
    });
  }

  return [...groups.values()]
    .map((group) => ({
      ...group,
      mismatches: group.mismatches.sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind) || a.stripeTransferId.localeCompare(b.stripeTransferId)),
    }))
    .sort(
      (a, b) =>
        Number(a.companyName === null) - Number(b.companyName === null) ||
        (a.companyName ?? '').localeCompare(b.companyName ?? '') ||
        (a.businessId ?? 0) - (b.businessId ?? 0) ||
        a.currency.localeCompare(b.currency),
    );
}

/** A metadata id as Pay now writes it (`String(id)`); anything else is not ours. */
function metadataId(value: string | undefined): number | null {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

export function transferView(transfer: Stripe.Transfer): StripeTransferView {
  return {
    id: transfer.id,
    currency: transfer.currency.toUpperCase(),
    amountCents: transfer.amount,
    amountReversedCents: transfer.amount_reversed ?? 0,
    reversed: Boolean(transfer.reversed),
    createdAt: new Date(transfer.created * 1000),
    payoutId: metadataId(transfer.metadata?.payoutId),
    proStaffId: metadataId(transfer.metadata?.proStaffId),
  };
}

/** Every transfer Stripe created in [from, to), page by page (`starting_after` until `has_more` is false). */
export async function stripeTransfers(ctx: Pick<AppContext, 'config' | 'log'>, range: { from: Date; to: Date }): Promise<StripeTransferView[]> {
  const stripe = stripeFor(ctx.config);
  const out: StripeTransferView[] = [];
  try {
    const created = { gte: Math.floor(range.from.getTime() / 1000), lt: Math.ceil(range.to.getTime() / 1000) };
    for await (const transfer of stripe.transfers.list({ created, limit: reconciliationTuning.pageSize })) out.push(transferView(transfer));
  } catch (error) {
    ctx.log.error({ err: error }, 'stripe transfers list failed');
    throw paymentProviderError(error);
  }
  return out;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The UTC days asked for, both included; without them, the last 7 days up to `now`'s day. */
export function rangeOf(query: ReconciliationQuery, now: Date): { from: string; to: string; start: Date; end: Date } {
  const to = query.to ?? (query.from && query.from > dayOf(now) ? query.from : dayOf(now));
  const from = query.from ?? dayOf(new Date(new Date(`${to}T00:00:00Z`).getTime() - (DEFAULT_RECONCILIATION_DAYS - 1) * DAY_MS));
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS);
  // The query schema checks a range given whole; a lone `from` long ago reaches up to today.
  if ((end.getTime() - start.getTime()) / DAY_MS > MAX_RECONCILIATION_DAYS) {
    throw new AppError('VALIDATION', `Compare at most ${MAX_RECONCILIATION_DAYS} days at once`, [{ path: 'from', message: `Compare at most ${MAX_RECONCILIATION_DAYS} days at once` }]);
  }
  return { from, to, start, end };
}

/**
 * The report for the UTC days asked for: both sides read with a margin of a day around them, compared, grouped.
 * A 503 without Stripe keys (before anything is read) or when Stripe cannot be reached.
 */
export async function reconcile(ctx: AppContext, query: ReconciliationQuery, now = new Date()): Promise<ReconciliationReport> {
  stripeFor(ctx.config);
  const { from, to, start, end } = rangeOf(query, now);
  const wide = { from: new Date(start.getTime() - MARGIN_MS), to: new Date(end.getTime() + MARGIN_MS) };
  const range = { from: start, to: end };
  const [recorded, atStripe] = await Promise.all([repo.recordedTransfers(ctx.db, wide), stripeTransfers(ctx, wide)]);
  const claimed = new Set(recorded.map((item) => item.stripeTransferId));
  const unknownPayouts = [...new Set(atStripe.filter((t) => t.payoutId !== null && !claimed.has(t.id)).map((t) => t.payoutId!))];
  const owners = new Map((await repo.payoutOwners(ctx.db, unknownPayouts)).map((row) => [row.payoutId, { businessId: row.businessId, companyName: row.companyName }]));
  const groups = compareTransfers({ recorded, atStripe, range, owners });
  return {
    from,
    to,
    checkedAt: now.toISOString(),
    recordedCount: recorded.filter((item) => inRange(item.paidAt, range)).length,
    stripeCount: atStripe.filter((t) => t.payoutId !== null && inRange(t.createdAt, range)).length,
    mismatchCount: groups.reduce((sum, group) => sum + group.mismatches.length, 0),
    groups,
  };
}

/** How many days the daily task looks back: the 7 full UTC days before today (today's payouts may still be processing). */
export const TASK_DAYS = 7;

/**
 * The daily task: reconciles the last `TASK_DAYS` full UTC days and, when anything differs, tells every admin in the
 * notification centre (and by email, unless they turned payout emails off). Logs the counts only. Without Stripe
 * keys there is nothing to compare: it says so and succeeds (no retries, no dead task every day).
 */
export async function reconcileRecent(ctx: AppContext, now = new Date()): Promise<Record<string, unknown>> {
  if (!isStripeConfigured(ctx.config)) {
    ctx.log.info('payout reconciliation skipped: Stripe is not configured');
    return { skipped: 'stripe-not-configured' };
  }
  const today = new Date(`${dayOf(now)}T00:00:00Z`).getTime();
  const query = { from: dayOf(new Date(today - TASK_DAYS * DAY_MS)), to: dayOf(new Date(today - DAY_MS)) };
  const report = await reconcile(ctx, query, now);
  const byKind = Object.fromEntries(mismatchKinds.map((kind) => [kind, 0])) as Record<MismatchKind, number>;
  for (const group of report.groups) for (const mismatch of group.mismatches) byKind[mismatch.kind]++;
  const summary = { from: report.from, to: report.to, recorded: report.recordedCount, atStripe: report.stripeCount, mismatches: report.mismatchCount, groups: report.groups.length, byKind };
  if (report.mismatchCount === 0) {
    ctx.log.info(summary, 'payout reconciliation: no mismatches');
    return { ...summary, notified: 0 };
  }
  ctx.log.warn(summary, 'payout reconciliation: mismatches with Stripe');
  const admins = await repo.adminUserIds(ctx.db);
  const link = `/admin?reconcileFrom=${report.from}&reconcileTo=${report.to}#payout-reconciliation`;
  const counts = mismatchKinds.filter((kind) => byKind[kind] > 0).map((kind) => `${byKind[kind]} ${kindWords[kind]}`).join(', ');
  const title = `Payout reconciliation: ${report.mismatchCount} ${report.mismatchCount === 1 ? 'mismatch' : 'mismatches'} with Stripe`;
  const body = `${report.from} to ${report.to}, ${report.groups.length} ${report.groups.length === 1 ? 'business and currency' : 'business-currency pairs'}: ${counts}.`;
  await notify(
    ctx,
    admins.map((userId) => ({
      userId,
      kind: 'payout' as const,
      title,
      body,
      link,
      mail: {
        subject: title,
        text: `${body}\n\nHuntStaff's record of payouts and Stripe's transfers disagree. Nothing was changed; look at each one:\n${appOrigin(ctx.config)}${link}\n`,
      },
    })),
  );
  return { ...summary, notified: admins.length };
}

const kindWords: Record<MismatchKind, string> = {
  missing_at_stripe: 'missing at Stripe',
  amount_differs: 'with another amount',
  currency_differs: 'in another currency',
  reversed: 'reversed at Stripe',
  not_recorded: 'not recorded as paid',
};
