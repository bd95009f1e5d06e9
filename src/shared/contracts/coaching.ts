import { z } from 'zod';
import { timestamps } from './common';

// Elite coaching (decision record 046): a pro staffer asks with a topic and a few time windows in their own time zone;
// an admin confirms a start inside one of them (in that same zone), reschedules, or either side cancels.

export const COACHING_MAX_WINDOWS = 3;
export const coachingStatuses = ['requested', 'confirmed', 'cancelled'] as const;
export const coachingDurations = [30, 45, 60, 90] as const;

const wallTime = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Use a time like 09:30');
const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-03')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'Use a real calendar date');

/** An IANA time zone the runtime knows (America/Denver, Europe/Berlin, UTC). */
export const timeZoneName = z
  .string()
  .min(1, 'Choose your time zone')
  .max(64)
  .refine((value) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, 'Choose a time zone from the list');

export const preferredWindow = z
  .object({ date: calendarDay, from: wallTime, to: wallTime })
  .refine((window) => window.from < window.to, { message: 'The window must end after it starts', path: ['to'] });
export type PreferredWindowInput = z.input<typeof preferredWindow>;

export const bookCoachingBody = z.object({
  topic: z.string({ error: 'Say what you would like to work on' }).trim().min(3, 'Say what you would like to work on').max(500, 'Keep the topic under 500 characters'),
  timeZone: timeZoneName,
  preferredTimes: z.array(preferredWindow).min(1, 'Offer at least one time window').max(COACHING_MAX_WINDOWS, `Offer at most ${COACHING_MAX_WINDOWS} windows`),
});
export type BookCoachingBody = z.input<typeof bookCoachingBody>;

/** The staffer asks for another time: new windows; the session goes back to the queue. */
export const rescheduleCoachingBody = bookCoachingBody.pick({ timeZone: true, preferredTimes: true });

/** An admin sets (or moves) the time: a wall-clock start in the staffer's time zone. */
export const confirmCoachingBody = z.object({
  date: calendarDay,
  time: wallTime,
  durationMinutes: z
    .number({ error: 'Choose 30, 45, 60 or 90 minutes' })
    .int()
    .refine((minutes) => (coachingDurations as readonly number[]).includes(minutes), 'Choose 30, 45, 60 or 90 minutes'),
});
export type ConfirmCoachingBody = z.input<typeof confirmCoachingBody>;

export const coachingSession = z.object({
  id: z.number(),
  topic: z.string(),
  timeZone: z.string(),
  preferredTimes: z.array(z.object({ date: z.string(), from: z.string(), to: z.string() })),
  status: z.enum(coachingStatuses),
  startsAt: z.string().nullable().meta({ format: 'date-time' }),
  durationMinutes: z.number(),
  /** The invite's sequence: 0 for the first, raised by each reschedule and by a cancellation. */
  sequence: z.number(),
  ...timestamps,
});
export type CoachingSession = z.infer<typeof coachingSession>;

/** What the staffer's page shows: whether their plan includes coaching, and their sessions. */
export const myCoaching = z.object({
  included: z.boolean(),
  upgradeUrl: z.string(),
  sessions: z.array(coachingSession),
});
export type MyCoaching = z.infer<typeof myCoaching>;

/** The admin queue: each session with who asked. */
export const adminCoachingSession = coachingSession.extend({ userId: z.number(), email: z.string(), name: z.string() });
export type AdminCoachingSession = z.infer<typeof adminCoachingSession>;
