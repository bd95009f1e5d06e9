import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { SessionUser } from '@shared/contracts/auth';
import type { AdminCoachingSession, bookCoachingBody, CoachingSession, confirmCoachingBody, MyCoaching, rescheduleCoachingBody } from '@shared/contracts/coaching';
import { UPGRADE_URL } from '@shared/plan-limits';
import type { AppContext } from '@server/lib/context';
import { planFeatureRefusal, planOf } from '@server/lib/entitlements';
import { AppError, conflict, notFound } from '@server/lib/errors';
import type { Mail } from '@server/lib/mailer';
import { transactionLock } from '@server/db/locks';
import { queueMails } from '@server/modules/tasks/service';
import { inviteAttachment, type InviteInput } from './invite';
import * as repo from './repository';
import { formatInZone, zonedToInstant } from './time-zone';

/** Requests waiting for an admin at once, per staffer: enough to ask about several things, not to flood the queue. */
export const MAX_WAITING_REQUESTS = 3;
const lockCoachingRequests = transactionLock('coachingRequests');

/** Coaching is in the Elite pro staff plan (src/shared/plans.ts); a running Elite trial counts, as for every feature. */
export function includesCoaching(user: SessionUser): boolean {
  return user.userType === 'pro_staff' && planOf(user).id === 'elite';
}

function assertCoaching(user: SessionUser): void {
  if (includesCoaching(user)) return;
  throw planFeatureRefusal(user, 'coaching', (plan) => `One-on-one coaching is part of the Elite plan; your plan is ${plan}. Upgrade to Elite to book a session.`);
}

function toWire(row: repo.CoachingRow): CoachingSession {
  return {
    id: row.id,
    topic: row.topic,
    timeZone: row.timeZone,
    preferredTimes: row.preferredTimes,
    status: row.status as CoachingSession['status'],
    startsAt: row.startsAt?.toISOString() ?? null,
    durationMinutes: row.durationMinutes,
    sequence: row.sequence,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const windowsText = (row: Pick<repo.CoachingRow, 'preferredTimes' | 'timeZone'>) =>
  row.preferredTimes.map((window) => `- ${window.date} ${window.from}–${window.to} (${row.timeZone})`).join('\n');

export async function mine(ctx: AppContext, user: SessionUser): Promise<MyCoaching> {
  return { included: includesCoaching(user), upgradeUrl: UPGRADE_URL, sessions: (await repo.listByUser(ctx.db, user.id)).map(toWire) };
}

/** A new request: stored, and every admin told by mail in the same transaction (sent only if it is committed). */
export async function book(ctx: AppContext, user: SessionUser, body: z.output<typeof bookCoachingBody>): Promise<CoachingSession> {
  assertCoaching(user);
  const row = await ctx.db.transaction(async (tx) => {
    // Parallel requests cannot all pass the count (record 018's pattern).
    await lockCoachingRequests(tx, user.id);
    if ((await repo.countWaiting(tx, user.id)) >= MAX_WAITING_REQUESTS) {
      throw conflict(`You already have ${MAX_WAITING_REQUESTS} requests waiting for a time. We will answer those first.`);
    }
    const created = await repo.insertSession(tx, { userId: user.id, topic: body.topic, timeZone: body.timeZone, preferredTimes: body.preferredTimes, uid: `coaching-${randomUUID()}@huntstaff` });
    const text = [`${user.email} asked for a coaching session.`, `Topic: ${created.topic}`, 'Preferred times:', windowsText(created), 'Confirm a time on the admin page.'].join('\n');
    await queueMails(ctx, (await repo.adminEmails(tx)).map((to) => ({ to, subject: 'New coaching request', text })), tx);
    return created;
  });
  ctx.log.info({ coachingSessionId: row.id }, 'coaching session requested');
  return toWire(row);
}

/** The staffer's own session, locked; another account's is a 404 (ids reveal nothing). */
async function ownSession(tx: Parameters<typeof repo.lockSession>[0], user: SessionUser, id: number) {
  const row = await repo.lockSession(tx, id);
  if (!row || row.userId !== user.id) throw notFound('Coaching session');
  return row;
}

/** The staffer asks for another time: new windows, back in the queue; the agreed time (if any) stands until an admin moves it. */
export async function requestNewTime(ctx: AppContext, user: SessionUser, id: number, body: z.output<typeof rescheduleCoachingBody>): Promise<CoachingSession> {
  assertCoaching(user);
  const row = await ctx.db.transaction(async (tx) => {
    const session = await ownSession(tx, user, id);
    if (session.status === 'cancelled') throw conflict('This session was cancelled; book a new one.');
    const updated = await repo.updateSession(tx, id, { status: 'requested', timeZone: body.timeZone, preferredTimes: body.preferredTimes });
    const text = [`${user.email} asked to move a coaching session.`, `Topic: ${updated.topic}`, 'Preferred times:', windowsText(updated)].join('\n');
    await queueMails(ctx, (await repo.adminEmails(tx)).map((to) => ({ to, subject: 'Coaching session: new time asked for', text })), tx);
    return updated;
  });
  return toWire(row);
}

function invite(session: repo.CoachingRow, method: InviteInput['method'], coach: { name: string; email: string }, attendee: { name: string; email: string }): InviteInput {
  return {
    method, uid: session.uid, sequence: session.sequence, startsAt: session.startsAt!, durationMinutes: session.durationMinutes, topic: session.topic,
    coach, attendee, createdAt: session.createdAt, updatedAt: session.updatedAt,
  };
}

/** The coach as the invite names them: the admin who set the time, "HuntStaff Coaching" by name. */
async function coachOf(tx: Parameters<typeof repo.personOf>[0], coachId: number | null) {
  const email = coachId ? (await repo.personOf(tx, coachId)).email : '';
  return { name: 'HuntStaff Coaching', email };
}

/**
 * An admin sets the time (first confirmation) or moves it (reschedule): the start is a wall-clock time in the
 * staffer's time zone. The staffer and the admin each get the invite; a move raises SEQUENCE so calendars replace
 * the event with the same UID instead of adding one.
 */
export async function confirm(ctx: AppContext, admin: SessionUser, id: number, body: z.output<typeof confirmCoachingBody>): Promise<CoachingSession> {
  const row = await ctx.db.transaction(async (tx) => {
    const session = await repo.lockSession(tx, id);
    if (!session) throw notFound('Coaching session');
    if (session.status === 'cancelled') throw conflict('This session was cancelled.');
    const startsAt = zonedToInstant(body.date, body.time, session.timeZone);
    if (startsAt.getTime() <= Date.now()) throw new AppError('VALIDATION', 'Choose a time in the future', [{ path: 'date', message: 'Choose a time in the future' }]);
    const moved = session.startsAt !== null;
    const updated = await repo.updateSession(tx, id, {
      status: 'confirmed', startsAt, durationMinutes: body.durationMinutes, coachId: admin.id, sequence: moved ? session.sequence + 1 : session.sequence,
    });
    const staffer = await repo.personOf(tx, session.userId);
    const coach = { name: 'HuntStaff Coaching', email: admin.email };
    const attachment = inviteAttachment(invite(updated, 'REQUEST', coach, staffer));
    const when = `${formatInZone(startsAt, session.timeZone)} (${body.durationMinutes} minutes)`;
    const subject = moved ? 'Coaching session moved' : 'Coaching session confirmed';
    const mails: Mail[] = [
      { to: staffer.email, subject, text: `Your coaching session is ${moved ? 'now' : 'set for'} ${when}.\nTopic: ${session.topic}\nThe calendar invite is attached.`, attachments: [attachment] },
      { to: admin.email, subject, text: `Coaching with ${staffer.name} <${staffer.email}>: ${when}.\nTopic: ${session.topic}\nThe calendar invite is attached.`, attachments: [attachment] },
    ];
    await queueMails(ctx, mails, tx);
    return updated;
  });
  ctx.log.info({ coachingSessionId: row.id, sequence: row.sequence }, 'coaching session confirmed');
  return toWire(row);
}

/** Cancelled by the staffer (their own) or an admin; a session that had a time gets METHOD:CANCEL with SEQUENCE+1. */
export async function cancel(ctx: AppContext, user: SessionUser, id: number, byAdmin: boolean): Promise<CoachingSession> {
  const row = await ctx.db.transaction(async (tx) => {
    const session = byAdmin ? await repo.lockSession(tx, id) : await ownSession(tx, user, id);
    if (!session) throw notFound('Coaching session');
    if (session.status === 'cancelled') throw conflict('This session is already cancelled.');
    const hadTime = session.startsAt !== null;
    const updated = await repo.updateSession(tx, id, { status: 'cancelled', cancelledAt: new Date(), sequence: hadTime ? session.sequence + 1 : session.sequence });
    const staffer = await repo.personOf(tx, session.userId);
    const coach = await coachOf(tx, session.coachId);
    const who = byAdmin ? 'HuntStaff' : staffer.name;
    const text = `${who} cancelled the coaching session${hadTime ? ` of ${formatInZone(session.startsAt!, session.timeZone)}` : ''}.\nTopic: ${session.topic}`;
    const attachments = hadTime ? [inviteAttachment(invite(updated, 'CANCEL', coach, staffer))] : undefined;
    const recipients = [staffer.email, ...(coach.email ? [coach.email] : byAdmin ? [user.email] : [])];
    await queueMails(ctx, [...new Set(recipients)].map((to) => ({ to, subject: 'Coaching session cancelled', text, ...(attachments ? { attachments } : {}) })), tx);
    return updated;
  });
  return toWire(row);
}

export async function queue(ctx: AppContext): Promise<AdminCoachingSession[]> {
  return (await repo.listQueue(ctx.db)).map(({ session, email, name }) => ({ ...toWire(session), userId: session.userId, email, name }));
}
