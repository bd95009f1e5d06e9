/**
 * A UTC calendar day as its `YYYY-MM-DD` string: the app's days (agreement and campaign dates, promotion and ad
 * budgets, usage months, credential expiry) all run on UTC, so one server never disagrees with another.
 */
export function utcDay(at: Date | number = new Date()): string {
  return new Date(at).toISOString().slice(0, 10);
}
