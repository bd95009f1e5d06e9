import { createEvent } from 'ics';
import type { MailAttachment } from '@server/lib/mailer';

/**
 * The calendar invite of a coaching session (RFC 5545/5546, made by the `ics` package; decision record 046).
 * One UID for the session's whole life so calendars update the same event: a first invite and each reschedule are
 * METHOD:REQUEST with a higher SEQUENCE, a cancellation METHOD:CANCEL with STATUS:CANCELLED and a higher one again.
 * `ics` escapes text (`\,` `\;` `\\` `\n`), folds lines at 75 octets and ends every line with CRLF.
 */
export type InviteInput = {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  startsAt: Date;
  durationMinutes: number;
  topic: string;
  coach: { name: string; email: string };
  attendee: { name: string; email: string };
  /** When the session was asked for and last changed (CREATED, LAST-MODIFIED). */
  createdAt: Date;
  updatedAt: Date;
};

export function coachingInvite(input: InviteInput): string {
  const { error, value } = createEvent({
    productId: 'huntstaff/coaching',
    method: input.method,
    uid: input.uid,
    sequence: input.sequence,
    start: input.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: input.durationMinutes },
    title: 'HuntStaff coaching session',
    description: `Topic: ${input.topic}`,
    status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: input.coach.name, email: input.coach.email },
    attendees: [
      { name: input.attendee.name, email: input.attendee.email, rsvp: true, partstat: 'NEEDS-ACTION', role: 'REQ-PARTICIPANT' },
      { name: input.coach.name, email: input.coach.email, partstat: 'ACCEPTED', role: 'CHAIR' },
    ],
    created: input.createdAt.getTime(),
    lastModified: input.updatedAt.getTime(),
  });
  if (error || !value) throw error ?? new Error('the calendar invite could not be made');
  return value;
}

/** The invite as a mail attachment; the method in the content type is what mail clients act on. */
export function inviteAttachment(input: InviteInput): MailAttachment {
  return {
    filename: input.method === 'CANCEL' ? 'coaching-cancelled.ics' : 'coaching-session.ics',
    contentType: `text/calendar; charset=utf-8; method=${input.method}`,
    content: coachingInvite(input),
  };
}
