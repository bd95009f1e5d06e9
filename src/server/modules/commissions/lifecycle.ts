import type { CommissionSource } from '@shared/contracts/commissions';
import type { CommissionStatus } from '@shared/contracts/commissions';

/**
 * When a commission can be paid and when it becomes payable (decision record 024). How its money changes — paid,
 * cancelled, refunded, moved into a payout — is the ledger's state machine (src/server/modules/ledger/transitions.ts,
 * decision record 036). "Pending" has three faces: in hold (before `payableAt`), payable, and in a processing payout.
 */

/** Pending, its hold over, not held for fraud review and in no payout being processed: it can be paid now. */
export function isPayable(commission: { status: CommissionStatus; payableAt: Date; payoutId?: number | null; held?: boolean }, now: Date): boolean {
  // Held for fraud review (decision record 039): Pay now refuses it, so the list never offers it.
  return commission.status === 'pending' && commission.payableAt.getTime() <= now.getTime() && (commission.payoutId ?? null) === null && !commission.held;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a new commission becomes payable: order commissions after the hold, everything else at once. */
export function payableAtFor(source: CommissionSource, createdAt: Date, holdDays: number): Date {
  return source === 'order' ? new Date(createdAt.getTime() + holdDays * DAY_MS) : createdAt;
}
