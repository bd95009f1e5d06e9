import type { Allotment } from '@shared/contracts/gear';
import { formatMoney, totalsByCurrency } from '@shared/currency';

/** "USD 120.00 of USD 300.00 left · 3 of 5 items left": what a staffer may still request this allotment year. */
export function describeAllotment(allotment: Allotment): string {
  const value = allotment.limitMinor > 0 ? `${formatMoney(allotment.remainingMinor, allotment.currency)} of ${formatMoney(allotment.limitMinor, allotment.currency)} left` : null;
  const items = allotment.itemsLimit !== null ? `${Math.max(0, allotment.itemsLimit - allotment.itemsUsed)} of ${allotment.itemsLimit} items left` : null;
  return [value, items].filter(Boolean).join(' · ');
}

/** Lines in one or more currencies as "USD 120.00" or "USD 120.00 · CAD 40.00" (never added across currencies). */
export function formatTotals(lines: { amountMinor: number; currency: string }[]): string {
  const totals = totalsByCurrency(lines);
  return totals.length ? totals.map((t) => formatMoney(t.minor, t.currency)).join(' · ') : '';
}
