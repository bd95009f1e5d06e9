import { describe, expect, it } from 'vitest';
import { decide, transitions, type CommissionFacts, type LedgerEvent, type LedgerState } from './transitions';

// Decision record 036: the whole table, state by state and event by event.
const facts = (state: LedgerState, over: Partial<CommissionFacts> = {}): CommissionFacts => ({
  state, value: state === 'cancelled' ? 0 : 1990, payoutId: state === 'in_payout' || state === 'paid' ? 7 : null, reversedBy: state === 'cancelled' ? 'order' : null, adjustments: 0, ...over,
});
const events: LedgerEvent[] = [
  { type: 'paid_outside' },
  { type: 'cancelled_by_business' },
  { type: 'order_changed', target: 995, restored: false },
  { type: 'moved_to_payout', payoutId: 9 },
  { type: 'transfer_landed', payoutId: 7 },
  { type: 'transfer_failed', payoutId: 7 },
  { type: 'held_for_review' },
  { type: 'released_from_review' },
  { type: 'rejected_as_fraud', reason: 'own use' },
];

describe('the ledger transition table', () => {
  it('lets the business pay outside HuntStaff or cancel only an unpaid commission, for its whole value', () => {
    expect(decide(facts('unpaid'), { type: 'paid_outside' })).toEqual({ ok: true, entries: [{ kind: 'paid_outside', amountMinor: 1990, reason: 'business' }] });
    expect(decide(facts('unpaid'), { type: 'cancelled_by_business' })).toEqual({ ok: true, entries: [{ kind: 'reversed', amountMinor: -1990, reason: 'business' }] });
    for (const type of ['paid_outside', 'cancelled_by_business'] as const) {
      expect(decide(facts('in_payout'), { type })).toEqual({ ok: false, code: 'CONFLICT', message: expect.stringMatching(/in payout #7, which is being processed/) });
      expect(decide(facts('paid'), { type })).toEqual({ ok: false, code: 'CONFLICT', message: 'This commission is already paid; only pending commissions can change' });
      expect(decide(facts('cancelled'), { type })).toEqual({ ok: false, code: 'CONFLICT', message: 'This commission is already cancelled; only pending commissions can change' });
    }
  });

  it('adjusts an unpaid commission to what the order owes, and reverses it at 0', () => {
    expect(decide(facts('unpaid'), { type: 'order_changed', target: 995, restored: false })).toEqual({ ok: true, entries: [{ kind: 'adjusted', amountMinor: -995, reason: 'order' }] });
    expect(decide(facts('unpaid'), { type: 'order_changed', target: 2500, restored: true })).toEqual({ ok: true, entries: [{ kind: 'adjusted', amountMinor: 510, reason: 'order' }] });
    expect(decide(facts('unpaid'), { type: 'order_changed', target: 1990, restored: false })).toEqual({ ok: true, entries: [] });
    expect(decide(facts('unpaid'), { type: 'order_changed', target: 0, restored: false })).toEqual({ ok: true, entries: [{ kind: 'reversed', amountMinor: -1990, reason: 'order' }] });
    // Adjustment rows still standing count towards the target; past it, the rest is a new negative row.
    expect(decide(facts('unpaid', { adjustments: -500 }), { type: 'order_changed', target: 995, restored: false })).toEqual({ ok: true, entries: [{ kind: 'adjusted', amountMinor: -495, reason: 'order' }] });
    expect(decide(facts('unpaid', { adjustments: 500 }), { type: 'order_changed', target: 0, restored: false })).toEqual({ ok: true, entries: [{ kind: 'reversed', amountMinor: -1990, reason: 'order' }], adjustment: -500 });
  });

  it('never edits a commission locked in a payout or paid: the difference opens an adjustment row', () => {
    for (const state of ['in_payout', 'paid'] as const) {
      expect(decide(facts(state), { type: 'order_changed', target: 995, restored: false })).toEqual({ ok: true, entries: [], adjustment: -995 });
      expect(decide(facts(state, { adjustments: -995 }), { type: 'order_changed', target: 0, restored: false })).toEqual({ ok: true, entries: [], adjustment: -995 });
      expect(decide(facts(state, { adjustments: -995 }), { type: 'order_changed', target: 995, restored: false })).toEqual({ ok: true, entries: [] });
      expect(decide(facts(state, { adjustments: -1990 }), { type: 'order_changed', target: 1990, restored: true })).toEqual({ ok: true, entries: [], adjustment: 1990 });
    }
  });

  it('restores only a commission the order cancelled, and only on a restore', () => {
    const restore: LedgerEvent = { type: 'order_changed', target: 1500, restored: true };
    expect(decide(facts('cancelled'), restore)).toEqual({ ok: true, entries: [{ kind: 'restored', amountMinor: 1500, reason: 'order restored' }] });
    expect(decide(facts('cancelled', { reversedBy: 'business' }), restore)).toEqual({ ok: true, entries: [] });
    expect(decide(facts('cancelled'), { ...restore, restored: false })).toEqual({ ok: true, entries: [] });
    expect(decide(facts('cancelled'), { ...restore, target: 0 })).toEqual({ ok: true, entries: [] });
  });

  it('moves an unpaid commission into a payout whole, and settles it only from the payout it is in', () => {
    expect(decide(facts('unpaid', { value: -300 }), { type: 'moved_to_payout', payoutId: 9 })).toEqual({ ok: true, entries: [{ kind: 'moved_to_payout', amountMinor: -300, payoutId: 9, reason: 'pay now' }] });
    expect(decide(facts('in_payout'), { type: 'transfer_landed', payoutId: 7 })).toEqual({ ok: true, entries: [{ kind: 'paid', amountMinor: 1990, payoutId: 7, reason: 'transfer landed' }] });
    expect(decide(facts('in_payout'), { type: 'transfer_failed', payoutId: 7 })).toEqual({ ok: true, entries: [{ kind: 'transfer_failed', amountMinor: 1990, payoutId: 7, reason: 'transfer failed' }] });
    expect(decide(facts('in_payout'), { type: 'transfer_landed', payoutId: 8 })).toEqual({ ok: false, code: 'CONFLICT', message: 'This commission is in payout #7, not #8' });
    expect(decide(facts('in_payout'), { type: 'transfer_failed', payoutId: 8 })).toEqual({ ok: false, code: 'CONFLICT', message: 'This commission is in payout #7, not #8' });
    expect(decide(facts('in_payout'), { type: 'moved_to_payout', payoutId: 9 })).toEqual({ ok: false, code: 'CONFLICT', message: 'This commission is in a payout being processed' });
    expect(decide(facts('unpaid'), { type: 'transfer_landed', payoutId: 7 })).toEqual({ ok: false, code: 'CONFLICT', message: 'This commission is not in a payout' });
  });

  it('holds an unpaid commission for review, refuses to pay it while held, and releases or reverses it for good', () => {
    expect(decide(facts('unpaid'), { type: 'held_for_review' })).toEqual({ ok: true, entries: [{ kind: 'held', amountMinor: 1990, reason: 'fraud review' }] });
    expect(decide(facts('held'), { type: 'held_for_review' })).toEqual({ ok: true, entries: [] });
    for (const event of [{ type: 'moved_to_payout', payoutId: 9 }, { type: 'paid_outside' }] as const) {
      expect(decide(facts('held'), event)).toEqual({ ok: false, code: 'CONFLICT', message: 'This commission is held for fraud review: approve its flag before paying it' });
    }
    expect(decide(facts('held'), { type: 'released_from_review' })).toEqual({ ok: true, entries: [{ kind: 'released', amountMinor: 1990, reason: 'review approved' }] });
    expect(decide(facts('held'), { type: 'rejected_as_fraud', reason: 'own use' })).toEqual({
      ok: true, entries: [{ kind: 'released', amountMinor: 1990, reason: 'review rejected' }, { kind: 'reversed', amountMinor: -1990, reason: 'fraud: own use' }],
    });
    expect(decide(facts('unpaid'), { type: 'rejected_as_fraud', reason: 'own use' })).toEqual({ ok: true, entries: [{ kind: 'reversed', amountMinor: -1990, reason: 'fraud: own use' }] });
    // A partial refund keeps the hold; a full one ends it with the reversal.
    expect(decide(facts('held'), { type: 'order_changed', target: 995, restored: false })).toEqual({ ok: true, entries: [{ kind: 'adjusted', amountMinor: -995, reason: 'order' }] });
    expect(decide(facts('held'), { type: 'order_changed', target: 0, restored: false })).toEqual({
      ok: true, entries: [{ kind: 'released', amountMinor: 1990, reason: 'review order' }, { kind: 'reversed', amountMinor: -1990, reason: 'order' }],
    });
    // Paid (or being paid) before the rejection: the money comes back as a clawback row.
    expect(decide(facts('paid'), { type: 'rejected_as_fraud', reason: 'leaked' })).toEqual({ ok: true, entries: [], adjustment: -1990 });
    expect(decide(facts('in_payout'), { type: 'rejected_as_fraud', reason: 'leaked' })).toEqual({ ok: true, entries: [], adjustment: -1990 });
    // A fraud reversal is the business's: a restore of the order never brings it back.
    expect(decide(facts('cancelled', { reversedBy: 'business' }), { type: 'order_changed', target: 1990, restored: true })).toEqual({ ok: true, entries: [] });
  });

  it('fraud holds at their edges (record 018: each fails when its rule is removed)', () => {
    // The business cancelling a held commission releases the hold first, then reverses it.
    expect(decide(facts('held'), { type: 'cancelled_by_business' })).toEqual({
      ok: true, entries: [{ kind: 'released', amountMinor: 1990, reason: 'review business' }, { kind: 'reversed', amountMinor: -1990, reason: 'business' }],
    });
    // An order change that changes nothing leaves the hold as it is; a refund past the value releases and reverses.
    expect(decide(facts('held'), { type: 'order_changed', target: 1990, restored: false })).toEqual({ ok: true, entries: [] });
    expect(decide(facts('held', { adjustments: 500 }), { type: 'order_changed', target: 0, restored: false })).toEqual({
      ok: true, entries: [{ kind: 'released', amountMinor: 1990, reason: 'review order' }, { kind: 'reversed', amountMinor: -1990, reason: 'order' }], adjustment: -500,
    });
    // The reason the staffer sees is kept to 500 characters, its `fraud: ` prefix included.
    const [, reversal] = (decide(facts('held'), { type: 'rejected_as_fraud', reason: 'x'.repeat(600) }) as { entries: { reason: string }[] }).entries;
    expect(reversal.reason).toBe(`fraud: ${'x'.repeat(493)}`);
    // A clawback takes back what was paid with the adjustment rows still standing; nothing when they net to zero.
    expect(decide(facts('paid', { adjustments: -500 }), { type: 'rejected_as_fraud', reason: 'leaked' })).toEqual({ ok: true, entries: [], adjustment: -1490 });
    expect(decide(facts('paid', { adjustments: -1990 }), { type: 'rejected_as_fraud', reason: 'leaked' })).toEqual({ ok: true, entries: [] });
    // Nothing to release or reject on a cancelled commission, nothing to release on one never held.
    for (const state of ['unpaid', 'in_payout', 'paid', 'cancelled'] as const) expect(decide(facts(state), { type: 'released_from_review' })).toEqual({ ok: true, entries: [] });
    expect(decide(facts('cancelled'), { type: 'rejected_as_fraud', reason: 'leaked' })).toEqual({ ok: true, entries: [] });
  });

  it('refuses every event a state has no rule for, and changes no money on any refusal', () => {
    const allowed = new Set([
      'unpaid × paid_outside', 'unpaid × cancelled_by_business', 'unpaid × order_changed', 'unpaid × moved_to_payout',
      'in_payout × order_changed', 'in_payout × transfer_landed', 'in_payout × transfer_failed', 'paid × order_changed', 'cancelled × order_changed',
      // Fraud review (decision record 039): every state answers a release or a rejection (most with nothing to do).
      'unpaid × held_for_review', 'unpaid × released_from_review', 'unpaid × rejected_as_fraud',
      'held × cancelled_by_business', 'held × order_changed', 'held × held_for_review', 'held × released_from_review', 'held × rejected_as_fraud',
      'in_payout × released_from_review', 'in_payout × rejected_as_fraud', 'paid × released_from_review', 'paid × rejected_as_fraud',
      'cancelled × released_from_review', 'cancelled × rejected_as_fraud',
    ]);
    for (const state of Object.keys(transitions) as LedgerState[]) {
      for (const event of events) {
        const pair = `${state} × ${event.type}`;
        const decision = decide(facts(state), event);
        expect(decision.ok, pair).toBe(allowed.has(pair));
        if (!decision.ok) expect(decision).not.toHaveProperty('entries');
      }
    }
  });
});
