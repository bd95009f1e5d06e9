import { formatUsd } from '@shared/format';

/** "2026-11-22" -> "Nov 22, 2026" (the date is a UTC calendar day, so it is shown as such). */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** "12.50" -> "$12.50". */
export function formatMoney(decimal: string): string {
  return formatUsd(Number(decimal));
}

/** Today as YYYY-MM-DD in UTC, the calendar promotions run on. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}
