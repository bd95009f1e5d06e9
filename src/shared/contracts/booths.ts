import { z } from 'zod';
import { dbId, FIRST_FILTER_DAY, LAST_FILTER_DAY } from './common';

// Event booths (issue 44 item 5, decision record 040): a business's stand at a show. Its counter sales (matched by the
// store location and the opening windows) are credited to the rostered staffers by the split rule. Not to be confused
// with ./events.ts, the server-sent events.

export const splitRules = ['equal', 'by_hours', 'code_holder'] as const;
export type SplitRule = (typeof splitRules)[number];
export const splitRuleLabels: Record<SplitRule, string> = {
  equal: 'Equal shares',
  by_hours: 'By hours worked',
  code_holder: 'Code holder only',
};

export const MAX_EVENT_DAYS = 31;
export const MAX_WINDOWS_PER_DAY = 6;
export const MAX_BOOTH_STAFF = 50;

/** Whether the runtime knows the IANA zone (e.g. America/Denver). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone);
  } catch {
    return false;
  }
}

const clock = (what: string) => z.string().regex(/^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/, `Enter the ${what} as HH:MM (24-hour)`);
/** No NUL or other control characters (PostgreSQL refuses NUL in text; the rest has no business in a name). */
const printable = (text: string) => ![...text].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);
const storeId = z.string().trim().min(1, 'Enter an id').max(100, 'At most 100 characters').refine(printable, 'No control characters');

export const boothWindow = z.object({ from: clock('opening time'), to: clock('closing time') });
export const boothDay = z.object({
  date: z.iso.date('Enter the day as YYYY-MM-DD').refine((d) => d >= FIRST_FILTER_DAY && d <= LAST_FILTER_DAY, `Enter a day between ${FIRST_FILTER_DAY} and ${LAST_FILTER_DAY}`),
  windows: z.array(boothWindow).min(1, 'Give the day at least one opening window').max(MAX_WINDOWS_PER_DAY, `At most ${MAX_WINDOWS_PER_DAY} windows a day`),
});

export const boothStaffInput = z.object({
  proStaffId: dbId,
  /** Hours the staffer worked the booth (quarter hours), the weight of the by-hours split. */
  hoursWorked: z.number().min(0, 'Hours cannot be negative').max(MAX_EVENT_DAYS * 24, 'Too many hours').multipleOf(0.25, 'Use quarter hours').default(0),
});

/** The event form (create and edit). */
export const boothEventFields = z
  .object({
    name: z.string('Enter a name').trim().min(3, 'Enter a name of at least 3 characters').max(80, 'At most 80 characters').refine(printable, 'No control characters'),
    place: z.string().trim().max(120, 'At most 120 characters').refine(printable, 'No control characters').default(''),
    timeZone: z.string().refine(isTimeZone, 'Choose a time zone such as America/Denver'),
    /** The store whose sales count; null for any of the business's stores. */
    platformId: dbId.nullable().default(null),
    /** Store locations of the booth's counter, or (and) the POS devices / register staff ids it rings sales up on. */
    locationIds: z.array(storeId).max(20, 'At most 20 locations'),
    deviceIds: z.array(storeId).max(20, 'At most 20 devices').default([]),
    splitRule: z.enum(splitRules),
    /** The booth's commission rate in basis points (1000 = 10%). */
    commissionRateBps: z.number().int('Whole basis points').min(0).max(10_000, 'At most 100%'),
    days: z.array(boothDay).min(1, 'Add at least one day').max(MAX_EVENT_DAYS, `At most ${MAX_EVENT_DAYS} days`),
    staff: z.array(boothStaffInput).max(MAX_BOOTH_STAFF, `At most ${MAX_BOOTH_STAFF} staffers`).default([]),
  })
  .superRefine((value, issue) => {
    if (value.locationIds.length === 0 && value.deviceIds.length === 0) {
      issue.addIssue({ code: 'custom', path: ['locationIds'], message: 'Enter the store location id of the booth’s counter, or its POS device ids' });
    }
    const dates = new Set<string>();
    value.days.forEach((day, i) => {
      if (dates.has(day.date)) issue.addIssue({ code: 'custom', path: ['days', i, 'date'], message: 'This day is listed twice' });
      dates.add(day.date);
      const sorted = [...day.windows].sort((a, b) => a.from.localeCompare(b.from));
      day.windows.forEach((w, j) => {
        if (w.to <= w.from) issue.addIssue({ code: 'custom', path: ['days', i, 'windows', j, 'to'], message: 'A window must close after it opens' });
      });
      sorted.slice(1).forEach((w, j) => {
        if (w.from < sorted[j].to) issue.addIssue({ code: 'custom', path: ['days', i, 'windows'], message: 'Windows of one day must not overlap' });
      });
    });
    const staffers = new Set<number>();
    value.staff.forEach((s, i) => {
      if (staffers.has(s.proStaffId)) issue.addIssue({ code: 'custom', path: ['staff', i, 'proStaffId'], message: 'This staffer is listed twice' });
      staffers.add(s.proStaffId);
    });
    if (value.splitRule === 'by_hours' && value.staff.length > 0 && value.staff.every((s) => s.hoursWorked === 0)) {
      issue.addIssue({ code: 'custom', path: ['staff'], message: 'Enter the hours worked to split by hours' });
    }
  });
export type BoothEventFields = z.input<typeof boothEventFields>;

export const boothEvent = z.object({
  id: dbId,
  name: z.string(),
  place: z.string(),
  timeZone: z.string(),
  platformId: dbId.nullable(),
  locationIds: z.array(z.string()),
  deviceIds: z.array(z.string()),
  splitRule: z.enum(splitRules),
  commissionRateBps: z.number().int(),
  /** The days and windows in the event's zone, as entered. */
  days: z.array(boothDay),
  /** The same windows in UTC. */
  windows: z.array(z.object({ startsAt: z.iso.datetime(), endsAt: z.iso.datetime() })),
  staff: z.array(z.object({ proStaffId: dbId, name: z.string(), hoursWorked: z.number() })),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type BoothEvent = z.infer<typeof boothEvent>;

/** One day of the booth (in the event's zone) in one currency: amounts are never added across currencies. */
export const boothReportDay = z.object({
  date: z.string(),
  currency: z.string(),
  sales: z.number().int(),
  /** Sales a staffer's code earned (code commission, no booth commission). */
  codeSales: z.number().int(),
  units: z.number().int(),
  /** Merchandise after discounts and refunds, minor units. */
  revenueMinor: z.number().int(),
  /** Booth and code commissions on the day's sales, after refunds, minor units. */
  commissionMinor: z.number().int(),
  codes: z.array(z.string()),
  staffers: z.array(z.object({ proStaffId: dbId, name: z.string(), commissionMinor: z.number().int() })),
});
export type BoothReportDay = z.infer<typeof boothReportDay>;

export const boothReport = z.object({ eventId: dbId, name: z.string(), timeZone: z.string(), days: z.array(boothReportDay) });
export type BoothReport = z.infer<typeof boothReport>;
