import { describe, expect, it } from 'vitest';
import { coachingInvite, inviteAttachment, type InviteInput } from './invite';
import { formatInZone, zonedToInstant } from './time-zone';

const base: InviteInput = {
  method: 'REQUEST',
  uid: 'coaching-1234@huntstaff',
  sequence: 0,
  startsAt: new Date('2026-12-03T16:00:00Z'),
  durationMinutes: 45,
  topic: 'Filming; calls, and "scouting"\nfor elk \\ mule deer',
  coach: { name: 'HuntStaff Coaching', email: 'coach@example.com' },
  attendee: { name: 'Pat Hunter', email: 'pat@example.com' },
  createdAt: new Date('2026-11-28T10:00:00Z'),
  updatedAt: new Date('2026-11-28T11:00:00Z'),
};

/** The content lines after unfolding (RFC 5545 §3.1: CRLF followed by one space or tab continues the line). */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');
const property = (ics: string, name: string) => unfold(ics).find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));

describe('the coaching invite (.ics)', () => {
  it('ends every line with CRLF and folds none longer than 75 octets', () => {
    const ics = coachingInvite({ ...base, topic: 'x'.repeat(300) });
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(unfold(ics).find((line) => line.startsWith('DESCRIPTION:'))).toBe(`DESCRIPTION:Topic: ${'x'.repeat(300)}`);
  });

  it('escapes commas, semicolons, backslashes and newlines in text', () => {
    const ics = coachingInvite(base);
    expect(property(ics, 'DESCRIPTION')).toBe('DESCRIPTION:Topic: Filming\\; calls\\, and "scouting"\\nfor elk \\\\ mule deer');
  });

  it('is a METHOD:REQUEST with the session UID, its SEQUENCE, a UTC start and the duration', () => {
    const ics = coachingInvite({ ...base, sequence: 2 });
    expect(property(ics, 'METHOD')).toBe('METHOD:REQUEST');
    expect(property(ics, 'UID')).toBe('UID:coaching-1234@huntstaff');
    expect(property(ics, 'SEQUENCE')).toBe('SEQUENCE:2');
    expect(property(ics, 'DTSTART')).toBe('DTSTART:20261203T160000Z');
    expect(property(ics, 'DURATION')).toBe('DURATION:PT45M');
    expect(property(ics, 'STATUS')).toBe('STATUS:CONFIRMED');
    expect(property(ics, 'ORGANIZER')).toContain('MAILTO:coach@example.com');
    expect(unfold(ics).filter((line) => line.startsWith('ATTENDEE')).join('\n')).toContain('mailto:pat@example.com');
  });

  it('keeps the UID across a reschedule and a cancellation; a cancellation is METHOD:CANCEL, STATUS:CANCELLED', () => {
    const moved = coachingInvite({ ...base, sequence: 1, startsAt: new Date('2026-12-04T16:00:00Z') });
    const cancelled = coachingInvite({ ...base, sequence: 2, method: 'CANCEL' });
    expect(property(moved, 'UID')).toBe(property(cancelled, 'UID'));
    expect(property(cancelled, 'METHOD')).toBe('METHOD:CANCEL');
    expect(property(cancelled, 'STATUS')).toBe('STATUS:CANCELLED');
    expect(property(cancelled, 'SEQUENCE')).toBe('SEQUENCE:2');
  });

  it('is attached as text/calendar with its method', () => {
    expect(inviteAttachment(base)).toMatchObject({ filename: 'coaching-session.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST' });
    expect(inviteAttachment({ ...base, method: 'CANCEL' }).contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
  });
});

describe('wall-clock times in a time zone', () => {
  it('reads a time in the staffer’s zone, across daylight saving', () => {
    expect(zonedToInstant('2026-12-03', '09:00', 'America/Denver').toISOString()).toBe('2026-12-03T16:00:00.000Z'); // MST, UTC-7
    expect(zonedToInstant('2026-07-03', '09:00', 'America/Denver').toISOString()).toBe('2026-07-03T15:00:00.000Z'); // MDT, UTC-6
    expect(zonedToInstant('2026-03-29', '10:00', 'Europe/Berlin').toISOString()).toBe('2026-03-29T08:00:00.000Z'); // the day CEST starts
    expect(zonedToInstant('2026-12-03', '09:00', 'UTC').toISOString()).toBe('2026-12-03T09:00:00.000Z');
  });

  it('names the time in that zone', () => {
    expect(formatInZone(new Date('2026-12-03T16:00:00Z'), 'America/Denver')).toBe('Thu, Dec 3, 2026, 9:00 AM MST');
  });
});
