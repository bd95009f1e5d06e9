// Wall-clock times of a place to UTC and back with the runtime's zone data (no library): booth windows are entered in
// the event's zone and stored in UTC (decision record 040).

const partsFormat = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = partsFormat.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    partsFormat.set(zone, format);
  }
  return format;
}

/** The zone's wall clock at `instant`, as if it were UTC (milliseconds). */
function wallClockMs(instant: number, zone: string): number {
  const parts = Object.fromEntries(formatIn(zone).formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/**
 * The instant the zone's clocks show `date` `time` (`HH:MM`, `24:00` is the next midnight). In a DST gap the clock
 * time does not exist and the instant after the jump is taken; in the repeated hour, the first one.
 */
export function zonedToUtc(date: string, time: string, zone: string): Date {
  const [hours, minutes] = time.split(':').map(Number);
  const wall = Date.parse(`${date}T00:00:00Z`) + (hours * 60 + minutes) * 60_000;
  let guess = wall - (wallClockMs(wall, zone) - wall);
  // One correction covers the offset changing between the first guess and the answer.
  const offset = wallClockMs(guess, zone) - guess;
  guess = wall - offset;
  return new Date(guess);
}

/** The `YYYY-MM-DD` day the zone's clocks show at `instant`. */
export function zonedDate(instant: Date, zone: string): string {
  return new Date(wallClockMs(instant.getTime(), zone)).toISOString().slice(0, 10);
}
