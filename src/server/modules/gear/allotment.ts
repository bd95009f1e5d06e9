/**
 * The yearly allotment (decision record 038): a tier renews on a month and day (MM-DD) each year; a request counts
 * against the allotment year it was made in. Pure functions, so the rules are tested without a database.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The renewal day in `year`: 02-29 renews on 02-28 in other years. */
export function renewalIn(year: number, renewsOn: string): string {
  const [month, day] = renewsOn.split('-').map(Number);
  const lastDay = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return `${year}-${pad(month)}-${pad(Math.min(day, lastDay))}`;
}

/** The allotment year `today` (YYYY-MM-DD, UTC) falls in: its first day and the first day of the next one. */
export function allotmentYear(renewsOn: string, today: string): { start: string; next: string } {
  const year = Number(today.slice(0, 4));
  const thisYear = renewalIn(year, renewsOn);
  return thisYear <= today ? { start: thisYear, next: renewalIn(year + 1, renewsOn) } : { start: renewalIn(year - 1, renewsOn), next: thisYear };
}

export type AllotmentLimit = {
  /** Value per year in minor units; 0 = no value limit (the tier limits items only). */
  limitMinor: number;
  /** Items per year; null = no count limit. */
  itemsLimit: number | null;
};
export type AllotmentUse = { usedMinor: number; itemsUsed: number };

/** Why a request of `add` does not fit, or null when it does. Waiting and approved requests both count as used. */
export function overrun(limit: AllotmentLimit, used: AllotmentUse, add: AllotmentUse): string | null {
  if (limit.limitMinor > 0 && used.usedMinor + add.usedMinor > limit.limitMinor) return 'value';
  if (limit.itemsLimit !== null && used.itemsUsed + add.itemsUsed > limit.itemsLimit) return 'items';
  return null;
}

/** What is left, never negative (a tier moved down mid-year can leave a staffer over the new limit). */
export function remaining(limit: AllotmentLimit, used: AllotmentUse): { remainingMinor: number; itemsLeft: number | null } {
  return {
    remainingMinor: limit.limitMinor > 0 ? Math.max(0, limit.limitMinor - used.usedMinor) : 0,
    itemsLeft: limit.itemsLimit === null ? null : Math.max(0, limit.itemsLimit - used.itemsUsed),
  };
}

/** Whether a product is seedable: active and carrying one of the business's seedable tags or collections (case-insensitive). */
export function isSeedable(product: { active: boolean; tags: string[]; collections: string[] }, settings: { seedableTags: string[]; seedableCollections: string[] }): boolean {
  if (!product.active) return false;
  const lower = (values: string[]) => new Set(values.map((value) => value.trim().toLowerCase()));
  const tags = lower(settings.seedableTags);
  const collections = lower(settings.seedableCollections);
  return product.tags.some((tag) => tags.has(tag.trim().toLowerCase())) || product.collections.some((c) => collections.has(c.trim().toLowerCase()));
}

/** A pro-pricing code for a staffer: readable, unique per business by the staffer id, never guessable from a name alone. */
export function proPricingCode(lastName: string, proStaffId: number, random: string): string {
  const name = lastName.normalize('NFKD').replace(/[^A-Za-z]/g, '').toUpperCase().slice(0, 8) || 'PRO';
  return `PRO-${name}-${proStaffId}${random.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 4)}`;
}
