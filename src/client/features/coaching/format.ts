import type { CoachingSession } from '@shared/contracts/coaching';

/** "Thu, Jan 14, 2027, 9:30 AM MST": a confirmed time in the zone the session was asked in. */
export function sessionTime(session: Pick<CoachingSession, 'startsAt' | 'timeZone' | 'durationMinutes'>): string {
  if (!session.startsAt) return 'No time yet';
  const when = new Intl.DateTimeFormat('en-US', { timeZone: session.timeZone, weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(session.startsAt));
  return `${when} · ${session.durationMinutes} min`;
}

export const windowText = (window: { date: string; from: string; to: string }) => `${window.date} ${window.from}–${window.to}`;

/** The browser's time zone, the sensible default for "my time zone". */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Time zones to choose from: the runtime's list where it has one. */
export function timeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone');
  return supported && supported.length > 0 ? supported : ['UTC', 'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'Europe/London', 'Europe/Berlin'];
}
