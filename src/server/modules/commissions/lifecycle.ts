import type { CommissionSource } from '@shared/contracts/commissions';
import type { CommissionStatus } from '@shared/contracts/commissions';
import { AppError } from '@server/lib/errors';

/**
 * The commission state machine, written down in docs/decisions/024-commission-lifecycle.md and enforced here.
 *
 *   pending ──(business: paid outside HuntStaff / a payout's transfer landing)──▶ paid        (final: never edited; a later refund
 *      │                                                                   becomes a negative adjustment entry)
 *      ├──(business cancels, or the order is fully refunded/cancelled)──▶ cancelled
 *      └──(refund inside the hold)──▶ pending with a smaller amount
 *   cancelled ──(the store restores the order; never one a business cancelled)──▶ pending
 *
 * "Pending" has three faces: in hold (before `payableAt`: an order commission inside the store's return window),
 * payable (awaiting payment), and in a processing payout (`payoutId` set; decision record 025: cleared if it fails).
 */

const byBusiness: Record<CommissionStatus, readonly CommissionStatus[]> = {
  pending: ['paid', 'cancelled'],
  paid: [],
  cancelled: [],
};

/**
 * A business's own change of status: only a pending commission may become paid or cancelled, and not while it is in a
 * payout being processed (the payout decides: paid when its transfer lands, payable again when it fails; record 025).
 */
export function assertBusinessTransition(from: CommissionStatus, to: CommissionStatus, payoutId: number | null = null): void {
  if (!byBusiness[from].includes(to)) {
    throw new AppError('CONFLICT', `This commission is already ${from}; only pending commissions can change`);
  }
  if (payoutId !== null) {
    throw new AppError('CONFLICT', `This commission is in payout #${payoutId}, which is being processed; it is paid when the transfer lands, or payable again if it fails`);
  }
}

/** Pending, its hold over and in no payout being processed: it can be paid now. */
export function isPayable(commission: { status: CommissionStatus; payableAt: Date; payoutId?: number | null }, now: Date): boolean {
  return commission.status === 'pending' && commission.payableAt.getTime() <= now.getTime() && (commission.payoutId ?? null) === null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a new commission becomes payable: order commissions after the hold, everything else at once. */
export function payableAtFor(source: CommissionSource, createdAt: Date, holdDays: number): Date {
  return source === 'order' ? new Date(createdAt.getTime() + holdDays * DAY_MS) : createdAt;
}
