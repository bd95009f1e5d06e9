import type { LedgerEntryKind } from '@server/db/schema/ledger';

/**
 * The commission state machine as a table (decision record 036): from-state × event → the entries to append, or a
 * refusal. Nothing else in the code base decides how a commission's money changes; every module asks `decide`.
 *
 * States, as derived from a commission's entries:
 *   unpaid     pending and in no payout (in hold or payable: the hold only matters to Pay now)
 *   held       unpaid, and held for fraud review (decision record 039): not payable until released or rejected
 *   in_payout  its whole value was moved into a payout being processed: locked until the transfer lands or fails
 *   paid       final: a later change of the order becomes a new adjustment row (a clawback when negative)
 *   cancelled  its value was reversed (by the business, or by the order: only the latter may be restored)
 *
 * Creating a commission is not an event here: inserting the row makes the database post its opening entries
 * (`earned`, or `clawback`/`adjusted` for an adjustment row), so raw inserts can never bypass the ledger.
 */
export type LedgerState = 'unpaid' | 'held' | 'in_payout' | 'paid' | 'cancelled';

export type LedgerEvent =
  | { type: 'paid_outside' }
  | { type: 'cancelled_by_business' }
  /** What the order now owes on this commission and its adjustment rows together; `restored`: the store restored the order. */
  | { type: 'order_changed'; target: number; restored: boolean }
  | { type: 'moved_to_payout'; payoutId: number }
  | { type: 'transfer_landed'; payoutId: number }
  | { type: 'transfer_failed'; payoutId: number }
  /** A fraud flag in hold mode (decision record 039): not payable until the business decides or the flag expires. */
  | { type: 'held_for_review' }
  /** Approved (by the business or by expiry): payable again. */
  | { type: 'released_from_review' }
  /** Rejected (by the business, or automatically): reversed for good, `reason` told to the staffer. */
  | { type: 'rejected_as_fraud'; reason: string };

/** What the decision reads of a commission (all amounts in its own currency's minor units). */
export type CommissionFacts = {
  state: LedgerState;
  /** Net value: what the commission is worth now (0 once cancelled). */
  value: number;
  /** The payout it is in, while in_payout or once paid through one. */
  payoutId: number | null;
  /** Who reversed it, when cancelled: a business's own cancellation is never undone by the store. */
  reversedBy: 'business' | 'order' | null;
  /** Net value of its adjustment rows (refunds or restores after it was locked or paid). */
  adjustments: number;
};

export type PlannedEntry = { kind: LedgerEntryKind; amountMinor: number; payoutId?: number; reason: string };

export type Decision =
  | { ok: true; entries: PlannedEntry[]; /** A new adjustment row to open, linked to this commission (clawback when negative). */ adjustment?: number }
  | { ok: false; code: 'CONFLICT'; message: string };

const refuse = (message: string): Decision => ({ ok: false, code: 'CONFLICT', message });
const none: Decision = { ok: true, entries: [] };

type Rule = (facts: CommissionFacts, event: never) => Decision;
type Rules = { [E in LedgerEvent['type']]?: (facts: CommissionFacts, event: Extract<LedgerEvent, { type: E }>) => Decision };

/** A change of the order while the commission is locked in a payout or paid: never an edit, a new adjustment row. */
function adjustmentRow(facts: CommissionFacts, target: number): Decision {
  const delta = target - (facts.value + facts.adjustments);
  return delta === 0 ? none : { ok: true, entries: [], adjustment: delta };
}

/** The reason on a fraud reversal: `fraud: …`, which no change of the order undoes (see `reversedBy`). */
export const fraudReason = (reason: string) => `fraud: ${reason}`.slice(0, 500);

/** Rejected after the money left: what was paid (or is being paid) comes back as a clawback row, like a refund. */
const clawedBack = (facts: CommissionFacts) => adjustmentRow(facts, 0);

const lockedInPayout = (facts: CommissionFacts) =>
  refuse(`This commission is in payout #${facts.payoutId}, which is being processed; it is paid when the transfer lands, or payable again if it fails`);

export const transitions: Record<LedgerState, Rules> = {
  unpaid: {
    paid_outside: (facts) => ({ ok: true, entries: [{ kind: 'paid_outside', amountMinor: facts.value, reason: 'business' }] }),
    cancelled_by_business: (facts) => ({ ok: true, entries: [{ kind: 'reversed', amountMinor: -facts.value, reason: 'business' }] }),
    order_changed: (facts, event) => {
      // Adjustment rows still standing (one already netted into another payout, say) count towards the target.
      const own = event.target - facts.adjustments;
      if (own <= 0) {
        const entries: PlannedEntry[] = [{ kind: 'reversed', amountMinor: -facts.value, reason: 'order' }];
        return { ok: true, entries, ...(own < 0 ? { adjustment: own } : {}) };
      }
      if (own === facts.value) return none;
      return { ok: true, entries: [{ kind: 'adjusted', amountMinor: own - facts.value, reason: 'order' }] };
    },
    moved_to_payout: (facts, event) => ({ ok: true, entries: [{ kind: 'moved_to_payout', amountMinor: facts.value, payoutId: event.payoutId, reason: 'pay now' }] }),
    held_for_review: (facts) => ({ ok: true, entries: [{ kind: 'held', amountMinor: facts.value, reason: 'fraud review' }] }),
    released_from_review: () => none,
    rejected_as_fraud: (facts, event) => ({ ok: true, entries: [{ kind: 'reversed', amountMinor: -facts.value, reason: fraudReason(event.reason) }] }),
  },
  held: {
    // Every way out of a hold releases it first, so `held` on the row is only ever the newest hold entry.
    paid_outside: () => refuse('This commission is held for fraud review: approve its flag before paying it'),
    moved_to_payout: () => refuse('This commission is held for fraud review: approve its flag before paying it'),
    cancelled_by_business: (facts) => ({ ok: true, entries: [release(facts, 'business'), { kind: 'reversed', amountMinor: -facts.value, reason: 'business' }] }),
    order_changed: (facts, event) => {
      const decision = transitions.unpaid.order_changed!(facts, event);
      // A refund that reverses it ends the hold too; a partial one leaves it held.
      return decision.ok && decision.entries.some((entry) => entry.kind === 'reversed') ? { ...decision, entries: [release(facts, 'order'), ...decision.entries] } : decision;
    },
    held_for_review: () => none,
    released_from_review: (facts) => ({ ok: true, entries: [release(facts, 'approved')] }),
    rejected_as_fraud: (facts, event) => ({ ok: true, entries: [release(facts, 'rejected'), { kind: 'reversed', amountMinor: -facts.value, reason: fraudReason(event.reason) }] }),
  },
  in_payout: {
    paid_outside: lockedInPayout,
    cancelled_by_business: lockedInPayout,
    order_changed: (facts, event) => adjustmentRow(facts, event.target),
    transfer_landed: (facts, event) =>
      facts.payoutId === event.payoutId
        ? { ok: true, entries: [{ kind: 'paid', amountMinor: facts.value, payoutId: event.payoutId, reason: 'transfer landed' }] }
        : refuse(`This commission is in payout #${facts.payoutId}, not #${event.payoutId}`),
    transfer_failed: (facts, event) =>
      facts.payoutId === event.payoutId
        ? { ok: true, entries: [{ kind: 'transfer_failed', amountMinor: facts.value, payoutId: event.payoutId, reason: 'transfer failed' }] }
        : refuse(`This commission is in payout #${facts.payoutId}, not #${event.payoutId}`),
    rejected_as_fraud: clawedBack,
    released_from_review: () => none,
  },
  paid: {
    order_changed: (facts, event) => adjustmentRow(facts, event.target),
    rejected_as_fraud: clawedBack,
    released_from_review: () => none,
  },
  cancelled: {
    // Nothing left to hold, release or reverse.
    released_from_review: () => none,
    rejected_as_fraud: () => none,
    // Only a restore of the order brings back a commission the order cancelled.
    order_changed: (facts, event) =>
      event.restored && facts.reversedBy === 'order' && event.target > 0
        ? { ok: true, entries: [{ kind: 'restored', amountMinor: event.target, reason: 'order restored' }] }
        : none,
  },
};

function release(facts: CommissionFacts, why: string): PlannedEntry {
  return { kind: 'released', amountMinor: facts.value, reason: `review ${why}` };
}

const refusals: Record<LedgerState, string> = {
  unpaid: 'This commission is not in a payout',
  held: 'This commission is held for fraud review',
  in_payout: 'This commission is in a payout being processed',
  paid: 'This commission is already paid; only pending commissions can change',
  cancelled: 'This commission is already cancelled; only pending commissions can change',
};

/** The one answer to "what happens to this commission's money on this event". */
export function decide(facts: CommissionFacts, event: LedgerEvent): Decision {
  const rule = transitions[facts.state][event.type] as Rule | undefined;
  return rule ? rule(facts, event as never) : refuse(refusals[facts.state]);
}
