import { z } from 'zod';
import { MAX_MINOR_UNITS, normaliseCurrency, parseMinorUnits } from '../currency';
import { dbId } from './common';

// Goals by season (issue 23 item 3, decision record 033): a business names a season (a range of UTC days, both
// inclusive) and sets each rostered staffer's targets for it; progress is computed from attributed sales and
// approved task proofs.

/** A season is at most this many days long (a leap year). */
export const MAX_SEASON_DAYS = 366;
/** Largest count target (posts, events, reports). */
export const MAX_COUNT_TARGET = 10_000;

export const seasonStatuses = ['upcoming', 'current', 'ended'] as const;
export type SeasonStatus = (typeof seasonStatuses)[number];
export const seasonStatusLabels: Record<SeasonStatus, string> = { upcoming: 'Upcoming', current: 'Current', ended: 'Ended' };

export const goalMetrics = ['sales', 'posts', 'events', 'reports'] as const;
export type GoalMetric = (typeof goalMetrics)[number];
export const goalMetricLabels: Record<GoalMetric, string> = {
  sales: 'Attributed sales',
  posts: 'Approved posts',
  events: 'Events',
  reports: 'Field-test reports',
};

const day = (what: string) => z.iso.date(`Enter the ${what} as YYYY-MM-DD`);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The season form (create and edit): it ends on or after the day it starts, and lasts at most a year. */
export const seasonFields = z
  .object({
    name: z.string('Enter a name').trim().min(3, 'Enter a name of at least 3 characters').max(80, 'At most 80 characters'),
    startsOn: day('first day'),
    endsOn: day('last day'),
  })
  .superRefine((value, issue) => {
    if (value.endsOn < value.startsOn) issue.addIssue({ code: 'custom', path: ['endsOn'], message: 'The season must end on or after the day it starts' });
    else if (daysBetween(value.startsOn, value.endsOn) + 1 > MAX_SEASON_DAYS) {
      issue.addIssue({ code: 'custom', path: ['endsOn'], message: `A season lasts at most ${MAX_SEASON_DAYS} days` });
    }
  });
export type SeasonFieldsInput = z.input<typeof seasonFields>;
export type SeasonFields = z.output<typeof seasonFields>;

const countTarget = z.number('Enter a whole number').int('Enter a whole number').min(0, 'Enter 0 or more').max(MAX_COUNT_TARGET, `At most ${MAX_COUNT_TARGET}`).nullable().default(null);

const targetsShape = {
  salesTargetMinor: z.number('Enter an amount').int('Enter an amount in minor units').min(0, 'Enter 0 or more').max(MAX_MINOR_UNITS, 'Too large').nullable().default(null),
  salesCurrency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'Choose a currency (ISO 4217, e.g. USD)').nullable().default(null),
  postsTarget: countTarget,
  eventsTarget: countTarget,
  reportsTarget: countTarget,
};
type TargetValues = { salesTargetMinor: number | null; salesCurrency: string | null; postsTarget: number | null; eventsTarget: number | null; reportsTarget: number | null };

function checkTargets(value: TargetValues, issue: z.RefinementCtx) {
  if (value.salesTargetMinor !== null && value.salesCurrency === null) issue.addIssue({ code: 'custom', path: ['salesCurrency'], message: 'Choose the currency of the sales target' });
  if (value.salesTargetMinor === null && value.salesCurrency !== null) issue.addIssue({ code: 'custom', path: ['salesTargetMinor'], message: 'Enter the sales target or clear its currency' });
  if ([value.salesTargetMinor, value.postsTarget, value.eventsTarget, value.reportsTarget].every((target) => target === null)) {
    issue.addIssue({ code: 'custom', path: ['postsTarget'], message: 'Set at least one target' });
  }
}

/**
 * A goal's targets as the API takes them: each target is optional (null = none) but at least one is set; the sales
 * target is an amount in minor units of `salesCurrency` (both set or both null).
 */
export const goalTargets = z.object(targetsShape).superRefine(checkTargets);
export type GoalTargetsInput = z.input<typeof goalTargets>;
export type GoalTargets = z.output<typeof goalTargets>;

export const createGoalBody = z.object({ proStaffId: dbId, ...targetsShape }).superRefine(checkTargets);
export type CreateGoalBody = z.input<typeof createGoalBody>;
export const updateGoalBody = goalTargets;

/**
 * The Set Goal form: what a person types (the sales target in the currency's major units, "1500.00"; empty = no
 * target). `goalFormToTargets` turns it into the API's `goalTargets`.
 */
const countText = z.string().trim().regex(/^\d{0,5}$/, 'Enter a whole number (or leave it empty)').refine((value) => value === '' || Number(value) <= MAX_COUNT_TARGET, `At most ${MAX_COUNT_TARGET}`);
export const goalForm = z
  .object({
    salesTarget: z.string().trim(),
    salesCurrency: z.string().trim(),
    postsTarget: countText,
    eventsTarget: countText,
    reportsTarget: countText,
  })
  .superRefine((value, issue) => {
    if (value.salesTarget !== '') {
      const currency = normaliseCurrency(value.salesCurrency);
      if (!currency) issue.addIssue({ code: 'custom', path: ['salesCurrency'], message: 'Choose a currency (ISO 4217, e.g. USD)' });
      else if (parseMinorUnits(value.salesTarget, currency) === null) issue.addIssue({ code: 'custom', path: ['salesTarget'], message: `Enter an amount in ${currency}, like 1500.00` });
    }
    if ([value.salesTarget, value.postsTarget, value.eventsTarget, value.reportsTarget].every((target) => target === '')) {
      issue.addIssue({ code: 'custom', path: ['postsTarget'], message: 'Set at least one target' });
    }
  });
export type GoalForm = z.infer<typeof goalForm>;

export function goalFormToTargets(form: GoalForm): GoalTargets {
  const count = (text: string) => (text === '' ? null : Number(text));
  const currency = form.salesTarget === '' ? null : normaliseCurrency(form.salesCurrency);
  return {
    salesTargetMinor: currency ? parseMinorUnits(form.salesTarget, currency) : null,
    salesCurrency: currency,
    postsTarget: count(form.postsTarget),
    eventsTarget: count(form.eventsTarget),
    reportsTarget: count(form.reportsTarget),
  };
}

export const season = z.object({
  id: z.number(),
  businessId: z.number(),
  name: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  status: z.enum(seasonStatuses),
  goalCount: z.number(),
  createdAt: z.string(),
});
export type Season = z.infer<typeof season>;

export const metricProgress = z.object({
  metric: z.enum(goalMetrics),
  /** What counts so far (minor units of `currency` for sales). */
  actual: z.number(),
  target: z.number(),
  /** For sales: the target's currency (only sales in it count). */
  currency: z.string().nullable(),
  /** 0 to 100, for the progress bar. */
  percent: z.number(),
  reached: z.boolean(),
});
export type MetricProgress = z.infer<typeof metricProgress>;

export const goal = z.object({
  id: z.number(),
  seasonId: z.number(),
  seasonName: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  seasonStatus: z.enum(seasonStatuses),
  businessId: z.number(),
  businessName: z.string(),
  proStaffId: z.number(),
  proStaffName: z.string(),
  targets: z.object({
    salesTargetMinor: z.number().nullable(),
    salesCurrency: z.string().nullable(),
    postsTarget: z.number().nullable(),
    eventsTarget: z.number().nullable(),
    reportsTarget: z.number().nullable(),
  }),
  /** One entry per target that is set, in the order of `goalMetrics`. */
  progress: z.array(metricProgress),
  /** Every target met. */
  reached: z.boolean(),
  /** 0 to 100: the mean of the metrics' percentages. */
  overallPercent: z.number(),
  reachedNotifiedAt: z.string().nullable(),
});
export type Goal = z.infer<typeof goal>;

export const seasonDetail = season.extend({
  goals: z.array(goal),
  /** The business's roster today (live agreements), who can be given a goal. */
  roster: z.array(z.object({ proStaffId: z.number(), name: z.string(), hasGoal: z.boolean() })),
});
export type SeasonDetail = z.infer<typeof seasonDetail>;

export const goalsQuery = z.object({
  /** `current` (default): goals of seasons that include today; `all`: every season's. */
  when: z.enum(['current', 'all']).default('current'),
});
export type GoalsQuery = z.input<typeof goalsQuery>;
