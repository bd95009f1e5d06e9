import type { SessionUser } from '@shared/contracts/auth';
import {
  EXCLUSIVITY_CONFLICT,
  exclusivityCategoryLabels,
  type Agreement,
  type AgreementEvent,
  type AgreementStatus,
  type AgreementTerms,
  type ExclusivityCategory,
} from '@shared/contracts/agreements';
import { formatMinorUnits } from '@shared/currency';
import { appOrigin } from '@server/config';
import type { Database } from '@server/db/client';
import type { AppContext } from '@server/lib/context';
import { toCsv } from '@server/lib/csv';
import { assertWithinLimit } from '@server/lib/entitlements';
import { AppError, conflict, notFound } from '@server/lib/errors';
import { publishBestEffort } from '@server/lib/publish';
import { tellLateJoiner } from '@server/modules/campaigns/late-joiners';
import { announceNotifications, recordNotifications } from '@server/modules/notifications/service';
import * as repo from './repository';
import { brandedMail } from '../branding/mail';
import { utcDay } from '@server/lib/utc-day';
import { recordOutgoingEvent } from '@server/modules/webhooks-out/outbox';

// Pro staff agreements: offer, accept or decline, change (a new version), end; expiry is computed (decision record 028).

type BusinessUser = SessionUser & { businessId: number };
type ProStaffUser = SessionUser & { proStaffId: number };

const todayOf = utcDay;
const categoryLabel = (category: ExclusivityCategory) => exclusivityCategoryLabels[category];

const publicAgreement = ({ businessUserId: _b, proStaffUserId: _p, ...agreement }: repo.AgreementRow): Agreement => agreement;

/** An agreement only its two parties may see; anyone else gets 404, so ids reveal nothing. */
async function partyAgreement(ctx: AppContext, user: SessionUser, id: number, now: Date): Promise<repo.AgreementRow & { side: 'business' | 'proStaff' }> {
  const agreement = await repo.findAgreement(ctx.db, id, todayOf(now));
  if (agreement && user.businessId === agreement.businessId && user.userType === 'business') return { ...agreement, side: 'business' };
  if (agreement && user.proStaffId === agreement.proStaffId && user.userType === 'pro_staff') return { ...agreement, side: 'proStaff' };
  throw notFound('Agreement');
}

function assertEndsInFuture(endDate: string, now: Date): void {
  if (endDate < todayOf(now)) {
    throw new AppError('VALIDATION', 'endDate: The end date has passed', [{ path: 'endDate', message: 'The end date has passed' }]);
  }
}

/**
 * The business-side conflict check (issue 22, item 3): an exclusive offer to a staffer who holds a live exclusive
 * agreement in the same category with another business is refused with 409 `exclusivity_conflict` unless the
 * business acknowledges it. The answer names neither the other brand nor its terms. Returns whether a conflict
 * was acknowledged, which makes the staffer confirm they ended the other agreement before accepting.
 */
async function checkOfferConflict(db: Database, businessId: number, proStaffId: number, terms: AgreementTerms, today: string): Promise<boolean> {
  if (!terms.exclusivityCategory) return false;
  const other = await repo.liveExclusiveElsewhere(db, proStaffId, terms.exclusivityCategory, businessId, today);
  if (!other) return false;
  if (terms.acknowledgeConflict) return true;
  const label = categoryLabel(terms.exclusivityCategory);
  throw new AppError(
    'CONFLICT',
    `This pro staffer already has an active exclusive ${label} agreement with another business. You can send the offer anyway; they must end the other agreement before they can accept.`,
    { reason: EXCLUSIVITY_CONFLICT, category: terms.exclusivityCategory },
  );
}

const termsOf = ({ acknowledgeConflict: _ack, ...terms }: AgreementTerms) => terms;

function describeTerms(a: Pick<Agreement, 'startDate' | 'endDate' | 'commissionRateBps' | 'gearAllowanceMinor' | 'currency' | 'exclusivityCategory'>): string {
  const parts = [`${a.startDate} to ${a.endDate}`, `commission ${(a.commissionRateBps / 100).toFixed(2)}%`];
  if (a.gearAllowanceMinor > 0) parts.push(`gear allowance ${a.currency} ${formatMinorUnits(a.gearAllowanceMinor, a.currency)}`);
  if (a.exclusivityCategory) parts.push(`exclusive in ${categoryLabel(a.exclusivityCategory)}`);
  return parts.join(', ');
}

/**
 * Tells the other party in their notification centre and, unless they turned agreement emails off, by email; in the
 * transaction of the change, so neither goes out for a change that was rolled back (decision record 030).
 */
async function tellParty(
  ctx: AppContext, db: Database, userId: number, title: string, text: string, agreementId: number,
  /** The business, when it is the one writing to its pro staffer: the mail carries its brand (decision record 045). */
  from?: Pick<Agreement, 'businessName' | 'brand'>,
): Promise<void> {
  const mail = { subject: title, text: `${text}\n\nSee the agreement: ${appOrigin(ctx.config)}/agreements/${agreementId}\n` };
  await recordNotifications(ctx, db, [{
    userId, kind: 'agreement', title, body: text, link: `/agreements/${agreementId}`,
    mail: from ? brandedMail(from, mail) : mail,
  }]);
}

async function announce(ctx: AppContext, userId: number, agreementId: number, status: AgreementStatus): Promise<void> {
  await publishBestEffort(ctx, { userId, event: { type: 'agreement.updated', data: { agreementId, status } } });
  await announceNotifications(ctx, [userId]);
}

async function reread(ctx: AppContext, id: number, now: Date): Promise<Agreement> {
  return publicAgreement((await repo.findAgreement(ctx.db, id, todayOf(now)))!);
}

/**
 * A business offers a pro staffer an agreement. One open offer or live agreement per pair (a change is a revision);
 * the plan's `activeAgreements` limit counts live agreements and open first offers, under a per-business lock so
 * two offers cannot both pass it; the exclusivity conflict check runs as above.
 */
export async function offer(ctx: AppContext, user: BusinessUser, input: AgreementTerms & { proStaffId: number }, now = new Date()): Promise<Agreement> {
  assertEndsInFuture(input.endDate, now);
  await ctx.rateLimits.agreementOffersByUser.consume(String(user.id), (seconds) => `You are sending offers too quickly. Try again in ${seconds} seconds.`);
  if (!(await repo.proStaffExists(ctx.db, input.proStaffId))) throw notFound('Pro staff profile');
  const today = todayOf(now);
  const { id, proStaffUserId } = await ctx.db.transaction(async (tx) => {
    await repo.lockBusinessAgreements(tx, user.businessId);
    if (await repo.openBetween(tx, user.businessId, input.proStaffId, today)) {
      throw new AppError('CONFLICT', 'You already have an open offer or an active agreement with this pro staffer. Change its terms instead.', { reason: 'already_open' });
    }
    assertWithinLimit(user, 'activeAgreements', await repo.countOpenForBusiness(tx, user.businessId, today));
    const conflictAcknowledged = await checkOfferConflict(tx, user.businessId, input.proStaffId, input, today);
    const { proStaffId, ...terms } = input;
    const newId = await repo.insertAgreement(tx, {
      ...termsOf(terms), businessId: user.businessId, proStaffId, seriesId: null, version: 1, conflictAcknowledged, offeredByUserId: user.id,
    });
    await repo.insertEvent(tx, { agreementId: newId, seriesId: newId, actorUserId: user.id, action: 'offered', at: now });
    const created = (await repo.findAgreement(tx, newId, today))!;
    await tellParty(ctx, tx, created.proStaffUserId, `${created.businessName} offered you a pro staff agreement`,
      `${created.businessName} offered you a pro staff agreement: ${describeTerms(created)}. Accept or decline it on HuntStaff.`, newId, created);
    return { id: newId, proStaffUserId: created.proStaffUserId };
  });
  const agreement = await reread(ctx, id, now);
  await announce(ctx, proStaffUserId, id, 'offered');
  ctx.log.info({ agreementId: id, businessId: user.businessId }, 'agreement offered');
  return agreement;
}

/**
 * A change of a live agreement's terms is a new version the staffer must accept; the live version stays in force
 * until then. An earlier open change is withdrawn (only the newest is open).
 */
export async function revise(ctx: AppContext, user: BusinessUser, id: number, terms: AgreementTerms, now = new Date()): Promise<Agreement> {
  const current = await partyAgreement(ctx, user, id, now);
  if (current.side !== 'business') throw new AppError('FORBIDDEN', 'Only the business can change the terms');
  if (current.status !== 'active') throw conflict(`This agreement is ${current.status}; only an active agreement can be changed`);
  assertEndsInFuture(terms.endDate, now);
  const today = todayOf(now);
  const newId = await ctx.db.transaction(async (tx) => {
    await repo.lockBusinessAgreements(tx, user.businessId);
    const conflictAcknowledged = await checkOfferConflict(tx, user.businessId, current.proStaffId, terms, today);
    for (const open of await repo.openRevisionIds(tx, current.seriesId, -1)) {
      if (await repo.transition(tx, open, ['offered'], 'withdrawn', {}, now)) {
        await repo.insertEvent(tx, { agreementId: open, seriesId: current.seriesId, actorUserId: user.id, action: 'withdrawn', reason: 'Replaced by a newer change', at: now });
      }
    }
    const inserted = await repo.insertAgreement(tx, {
      ...termsOf(terms), businessId: user.businessId, proStaffId: current.proStaffId, seriesId: current.seriesId,
      version: (await repo.maxVersion(tx, current.seriesId)) + 1, conflictAcknowledged, offeredByUserId: user.id,
    });
    await repo.insertEvent(tx, { agreementId: inserted, seriesId: current.seriesId, actorUserId: user.id, action: 'revised', at: now });
    await tellParty(ctx, tx, current.proStaffUserId, `${current.businessName} proposed new terms for your agreement`,
      `${current.businessName} proposed new terms: ${describeTerms({ ...terms })}. Your current terms stay in force until you accept.`, inserted, current);
    return inserted;
  });
  await announce(ctx, current.proStaffUserId, newId, 'offered');
  return reread(ctx, newId, now);
}

/**
 * The staffer accepts an offer (or a change): it records who, when and from which address, and freezes the terms.
 * Under a per-staffer lock, an exclusive acceptance is refused while the staffer holds a live exclusive agreement in
 * the same category with another business, so two exclusive agreements in one category can never both be active,
 * however the requests race (decision record 028). An offer sent over a warned conflict also needs the staffer's
 * confirmation that they ended the other agreement.
 */
export async function accept(ctx: AppContext, user: ProStaffUser, id: number, input: { confirmConflictEnded: boolean }, ip: string, now = new Date()): Promise<Agreement> {
  const found = await partyAgreement(ctx, user, id, now);
  if (found.side !== 'proStaff') throw new AppError('FORBIDDEN', 'Only the pro staffer can accept an offer');
  if (found.status !== 'offered') throw conflict(`This agreement is ${found.status} and can no longer be accepted`);
  assertEndsInFuture(found.endDate, now);
  const today = todayOf(now);
  const toldOfCampaigns = await ctx.db.transaction(async (tx) => {
    await repo.lockProStaffAgreements(tx, user.proStaffId);
    if (found.exclusivityCategory) {
      const other = await repo.liveExclusiveElsewhere(tx, user.proStaffId, found.exclusivityCategory, found.businessId, today);
      if (other) {
        throw new AppError(
          'CONFLICT',
          `You have an active exclusive ${categoryLabel(found.exclusivityCategory)} agreement with ${other.businessName}. End it before accepting this one.`,
          { reason: EXCLUSIVITY_CONFLICT, category: found.exclusivityCategory, agreementId: other.id },
        );
      }
      if (found.conflictAcknowledged && !input.confirmConflictEnded) {
        const message = `Confirm that you have ended your other exclusive ${categoryLabel(found.exclusivityCategory)} agreement`;
        throw new AppError('VALIDATION', `confirmConflictEnded: ${message}`, [{ path: 'confirmConflictEnded', message }]);
      }
    }
    if (found.version > 1) {
      const live = await repo.liveVersionOf(tx, found.seriesId, today);
      if (live === null) throw conflict('The agreement this change was for is no longer active');
      await repo.transition(tx, live, ['active'], 'superseded', {}, now);
      await repo.insertEvent(tx, { agreementId: live, seriesId: found.seriesId, actorUserId: user.id, action: 'superseded', at: now });
    }
    const accepted = await repo.transition(tx, id, ['offered'], 'active', { acceptedByUserId: user.id, acceptedAt: now, acceptedIp: ip }, now);
    if (!accepted) throw conflict('This agreement can no longer be accepted');
    await repo.insertEvent(tx, { agreementId: id, seriesId: found.seriesId, actorUserId: user.id, action: 'accepted', at: now });
    await recordOutgoingEvent(tx, found.businessId, 'agreement.accepted', {
      agreementId: id, seriesId: found.seriesId, version: found.version, proStaffId: found.proStaffId, startDate: found.startDate, endDate: found.endDate, acceptedAt: now.toISOString(),
    });
    await tellParty(ctx, tx, found.businessUserId, `${found.proStaffName} accepted your pro staff agreement`,
      `${found.proStaffName} accepted your pro staff agreement (version ${found.version}): ${describeTerms(found)}.`, id);
    return tellLateJoiner(ctx, tx, { businessId: found.businessId, businessName: found.businessName, proStaffId: found.proStaffId, userId: user.id }, now);
  });
  await announce(ctx, found.businessUserId, id, 'active');
  if (toldOfCampaigns) await announceNotifications(ctx, [user.id]);
  return reread(ctx, id, now);
}

/** The staffer declines an open offer (or change); a declined change leaves the live version in force. */
export async function decline(ctx: AppContext, user: ProStaffUser, id: number, reason: string, now = new Date()): Promise<Agreement> {
  const found = await partyAgreement(ctx, user, id, now);
  if (found.side !== 'proStaff') throw new AppError('FORBIDDEN', 'Only the pro staffer can decline an offer');
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.transition(tx, id, ['offered'], 'declined', { endReason: reason || null, endedAt: now, endedByUserId: user.id }, now))) {
      throw conflict(`This agreement is ${found.status} and can no longer be declined`);
    }
    await repo.insertEvent(tx, { agreementId: id, seriesId: found.seriesId, actorUserId: user.id, action: 'declined', reason, at: now });
    const title = `${found.proStaffName} declined your pro staff agreement${found.version > 1 ? ' change' : ''}`;
    await tellParty(ctx, tx, found.businessUserId, title, reason ? `${title}. Reason: ${reason}` : `${title}.`, id);
  });
  await announce(ctx, found.businessUserId, id, 'declined');
  return reread(ctx, id, now);
}

/**
 * Either party ends a live agreement with a reason (an open change of it is withdrawn with it); the business may
 * withdraw an open offer, and a staffer "ending" an offer declines it. The other party is told.
 */
export async function end(ctx: AppContext, user: SessionUser, id: number, reason: string, now = new Date()): Promise<Agreement> {
  const found = await partyAgreement(ctx, user, id, now);
  if (found.status === 'offered' && found.side === 'proStaff') return decline(ctx, user as ProStaffUser, id, reason, now);
  const status = found.status === 'offered' ? 'withdrawn' : 'ended';
  if (found.status !== 'offered' && found.status !== 'active') throw conflict(`This agreement is ${found.status} and cannot be ended`);
  const otherUserId = found.side === 'business' ? found.proStaffUserId : found.businessUserId;
  const who = found.side === 'business' ? found.businessName : found.proStaffName;
  await ctx.db.transaction(async (tx) => {
    const from = found.status === 'offered' ? (['offered'] as const) : (['active'] as const);
    if (!(await repo.transition(tx, id, from, status, { endReason: reason, endedAt: now, endedByUserId: user.id }, now))) {
      throw conflict('This agreement changed meanwhile; reload it');
    }
    await repo.insertEvent(tx, { agreementId: id, seriesId: found.seriesId, actorUserId: user.id, action: status, reason, at: now });
    if (status === 'ended') {
      await recordOutgoingEvent(tx, found.businessId, 'agreement.ended', {
        agreementId: id, seriesId: found.seriesId, proStaffId: found.proStaffId, endedBy: found.side === 'business' ? 'business' : 'pro_staff', reason, endedAt: now.toISOString(),
      });
      for (const open of await repo.openRevisionIds(tx, found.seriesId, id)) {
        if (await repo.transition(tx, open, ['offered'], 'withdrawn', {}, now)) {
          await repo.insertEvent(tx, { agreementId: open, seriesId: found.seriesId, actorUserId: user.id, action: 'withdrawn', reason: 'The agreement ended', at: now });
        }
      }
    }
    const subject = status === 'ended' ? `${who} ended your pro staff agreement` : `${who} withdrew a pro staff agreement offer`;
    await tellParty(ctx, tx, otherUserId, subject, `${subject}. Reason: ${reason}`, id, found.side === 'business' ? found : undefined);
  });
  await announce(ctx, otherUserId, id, status);
  return reread(ctx, id, now);
}

export async function get(ctx: AppContext, user: SessionUser, id: number, now = new Date()): Promise<Agreement> {
  return publicAgreement(await partyAgreement(ctx, user, id, now));
}

/** Every transition of every version of the agreement, oldest first, for both parties. */
export async function history(ctx: AppContext, user: SessionUser, id: number, now = new Date()): Promise<AgreementEvent[]> {
  const found = await partyAgreement(ctx, user, id, now);
  return repo.listEvents(ctx.db, found.seriesId);
}

function partyOf(user: SessionUser): { businessId: number } | { proStaffId: number } {
  if (user.userType === 'business' && user.businessId) return { businessId: user.businessId };
  if (user.userType === 'pro_staff' && user.proStaffId) return { proStaffId: user.proStaffId };
  throw new AppError('FORBIDDEN', 'Please complete your profile first.');
}

/** The caller's agreements: a business's roster (all statuses unless filtered) or a staffer's brands and offers. */
export async function list(ctx: AppContext, user: SessionUser, filters: repo.AgreementFilters, now = new Date()): Promise<Agreement[]> {
  return (await repo.listAgreements(ctx.db, partyOf(user), filters, todayOf(now))).map(publicAgreement);
}

export const rosterCsvColumns = [
  'agreement_id', 'version', 'pro_staff', 'status', 'start_date', 'end_date', 'commission_rate_percent', 'gear_allowance', 'currency',
  'pro_deal_discount_percent', 'posts_per_term', 'events_per_term', 'field_test_reports_per_term', 'exclusivity_category', 'accepted_at',
] as const;

/** The business's roster as CSV, with the same filters as the list. */
export async function rosterCsv(ctx: AppContext, user: BusinessUser, filters: repo.AgreementFilters, now = new Date()): Promise<string> {
  const rows = await repo.listAgreements(ctx.db, { businessId: user.businessId }, filters, todayOf(now));
  return toCsv(rosterCsvColumns, rows.map((a) => [
    a.id, a.version, a.proStaffName, a.status, a.startDate, a.endDate, (a.commissionRateBps / 100).toFixed(2), formatMinorUnits(a.gearAllowanceMinor, a.currency), a.currency,
    a.proDealDiscountPercent, a.postsPerTerm, a.eventsPerTerm, a.fieldTestReportsPerTerm, a.exclusivityCategory ? categoryLabel(a.exclusivityCategory) : null, a.acceptedAt,
  ]));
}

/** Codes created for a rostered staffer default to their live agreement's rate (basis points), if there is one. */
export function liveCommissionRateBps(ctx: AppContext, businessId: number, proStaffId: number, now = new Date()): Promise<number | null> {
  return repo.liveRateBps(ctx.db, businessId, proStaffId, todayOf(now));
}

export const EXPIRY_NOTICES_TASK = 'agreements.expiry-notices';
const EXPIRY_BATCH = 500;

/**
 * Expiry is computed, never stored (decision record 028), but its history and its notices are: once a day this writes
 * an `expired` event for each agreement past its end date and tells both parties (an unanswered offer: the business).
 * Idempotent: an agreement gets one `expired` event, however often or on however many instances this runs.
 */
export async function recordExpiries(ctx: AppContext, now = new Date()): Promise<{ expired: number }> {
  const today = todayOf(now);
  const { expired, told } = await ctx.db.transaction(async (tx) => {
    await repo.lockExpiryNotices(tx, 0);
    const rows = await repo.recordNewlyExpired(tx, today, now, EXPIRY_BATCH);
    const userIds: number[] = [];
    for (const row of rows) {
      if (row.status === 'active') {
        await recordOutgoingEvent(tx, row.businessId, 'agreement.ended', {
          agreementId: row.id, proStaffId: row.proStaffId, endedBy: 'expiry', reason: `The term ended on ${row.endDate}`, endedAt: now.toISOString(),
        });
        await tellParty(ctx, tx, row.businessUserId, `Your pro staff agreement with ${row.proStaffName} expired`, `The term ended on ${row.endDate}. Offer a new agreement to keep them on your roster.`, row.id);
        await tellParty(ctx, tx, row.proStaffUserId, `Your pro staff agreement with ${row.businessName} expired`, `The term ended on ${row.endDate}.`, row.id);
        userIds.push(row.businessUserId, row.proStaffUserId);
      } else {
        await tellParty(ctx, tx, row.businessUserId, `Your agreement offer to ${row.proStaffName} expired unanswered`, `The offered term ended on ${row.endDate} before it was accepted.`, row.id);
        userIds.push(row.businessUserId);
      }
    }
    return { expired: rows.length, told: userIds };
  });
  await announceNotifications(ctx, told);
  return { expired };
}

/** The end reason of everything an erased account was party to (decision record 027). */
export const ACCOUNT_CLOSED_REASON = 'Account closed';

export type ClosedAccountNotice = { userId: number; agreementId: number; status: AgreementStatus };

/**
 * Ends what an account being erased was part of (decision record 027), in the erasure's transaction and before its
 * profile is anonymised (so the notice can still name it): live agreements end, open offers and changes are
 * withdrawn or declined, each with an "Account closed" history event by the closing account, and the other party is
 * told in their notification centre and by email (as any ending is, record 030). Plan slots and exclusivity follow:
 * both count live agreements only (record 028). Answers whom to announce to once committed
 * (`announceClosedAccountEndings`).
 */
export async function endForClosedAccount(ctx: AppContext, db: Database, userId: number, now: Date): Promise<ClosedAccountNotice[]> {
  const endings = await repo.endLiveAgreementsOf(db, userId, ACCOUNT_CLOSED_REASON, todayOf(now), now);
  const notices: ClosedAccountNotice[] = [];
  for (const ending of endings) {
    await repo.insertEvent(db, { agreementId: ending.id, seriesId: ending.seriesId, actorUserId: userId, action: ending.status, reason: ACCOUNT_CLOSED_REASON, at: now });
    // An open change goes with the agreement it was for, whose ending is the one notice; an erased party hears nothing.
    if ((ending.version > 1 && ending.status !== 'ended') || !ending.otherOpen) continue;
    const title =
      ending.status === 'ended'
        ? `Your pro staff agreement with ${ending.closedName} ended`
        : ending.side === 'business'
          ? `${ending.closedName} withdrew a pro staff agreement offer`
          : `Your pro staff agreement offer to ${ending.closedName} was declined`;
    await tellParty(ctx, db, ending.otherUserId, title, `${title}: their HuntStaff account was closed.`, ending.id);
    notices.push({ userId: ending.otherUserId, agreementId: ending.id, status: ending.status });
  }
  return notices;
}

/** After the erasure commits: the other parties' open tabs hear of the ending and their new notification count. */
export async function announceClosedAccountEndings(ctx: AppContext, notices: ClosedAccountNotice[]): Promise<void> {
  await publishBestEffort(ctx, notices.map(({ userId, agreementId, status }) => ({ userId, event: { type: 'agreement.updated' as const, data: { agreementId, status } } })));
  await announceNotifications(ctx, notices.map(({ userId }) => userId));
}
