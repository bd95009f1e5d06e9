import type { VelocityBaseline } from './types';

/**
 * A code's normal rate of use and the burst rule (decision record 039; constants chosen on the replay set of
 * `bench/fraud.ts`, figures in the record).
 *
 * The baseline is an exponentially weighted count of uses: every use adds 1, and the count halves every
 * HALF_LIFE_HOURS. `perHour` stores that count × λ (λ = ln 2 / half-life), which for a code used at a steady r uses an
 * hour tends to r. While a code is young the count has not filled up: the expected rate divides by the share of the
 * weight observed so far, 1 − e^(−λ·T), T its age in hours (at least MIN_OBSERVED_HOURS, so two uses a minute apart
 * are not read as a rate of 60 an hour).
 */
export const VELOCITY_WINDOW_HOURS = 6;
export const HALF_LIFE_HOURS = 7 * 24;
export const MIN_OBSERVED_HOURS = 72;
/** Uses in the window that always need explaining before they flag, and how far above the expected count they must be. */
export const MIN_BURST = 8;
export const BURST_FACTOR = 4;
/** When the buyer is a new customer who viewed no page before ordering (a code typed from a list), fewer uses suffice. */
export const MIN_BURST_COLD = 5;

const LAMBDA = Math.LN2 / HALF_LIFE_HOURS;
const HOUR_MS = 3_600_000;

function validBaseline(baseline: VelocityBaseline | null): baseline is VelocityBaseline {
  return (
    baseline !== null && Number.isFinite(baseline.perHour) && baseline.perHour >= 0 &&
    Number.isFinite(baseline.observedHours) && baseline.observedHours >= 0 && Number.isFinite(Date.parse(baseline.updatedAt))
  );
}

const hoursSince = (baseline: VelocityBaseline, now: Date) => Math.max(0, (now.getTime() - Date.parse(baseline.updatedAt)) / HOUR_MS);

/** The baseline after this order's use of the code (called once per attributed order; a late, out-of-order use counts at the baseline's time). */
export function observeUse(previous: VelocityBaseline | null, now: Date): VelocityBaseline {
  if (!validBaseline(previous)) return { perHour: LAMBDA, observedHours: 0, updatedAt: now.toISOString() };
  const elapsed = hoursSince(previous, now);
  const later = elapsed > 0 ? now.toISOString() : previous.updatedAt;
  return { perHour: previous.perHour * Math.exp(-LAMBDA * elapsed) + LAMBDA, observedHours: previous.observedHours + elapsed, updatedAt: later };
}

/** Uses expected in a window of VELOCITY_WINDOW_HOURS ending now, from the baseline (0 without one). */
export function expectedUses(baseline: VelocityBaseline | null, now: Date): number {
  if (!validBaseline(baseline)) return 0;
  const elapsed = hoursSince(baseline, now);
  const weightSeen = 1 - Math.exp(-LAMBDA * Math.max(MIN_OBSERVED_HOURS, baseline.observedHours + elapsed));
  return ((baseline.perHour * Math.exp(-LAMBDA * elapsed)) / weightSeen) * VELOCITY_WINDOW_HOURS;
}

export type BurstRule = { minBurst: number; factor: number; minBurstCold: number };
export const BURST_RULE: BurstRule = { minBurst: MIN_BURST, factor: BURST_FACTOR, minBurstCold: MIN_BURST_COLD };

/** How many uses in the window make a burst (the rule is a parameter only for the bench's sweep of the constants). */
export function burstThreshold(expected: number, coldBuyer: boolean, rule: BurstRule = BURST_RULE): number {
  return Math.max(coldBuyer ? rule.minBurstCold : rule.minBurst, Math.ceil(rule.factor * expected));
}
