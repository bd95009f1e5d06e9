import type { CommissionStatus } from '@shared/contracts/commissions';
import { AppError } from '@server/lib/errors';

/**
 * The commission state machine, written down in docs/decisions/024-commission-lifecycle.md and enforced here.
 *
 *   pending ──(business: paid outside HuntStaff / a payout)──▶ paid        (final: never edited; a later refund
 *      │                                                                   becomes a negative adjustment entry)
 *      ├──(business cancels, or the order is fully refunded/cancelled)──▶ cancelled
 *      └──(refund inside the hold)──▶ pending with a smaller amount
 *   cancelled ──(the store restores the order; never one a business cancelled)──▶ pending
 *
 * "Pending" has two faces, told apart by `payableAt`: in hold (an order commission inside the store's return window)
 * and payable (awaiting payment).
 */

const byBusiness: Record<CommissionStatus, readonly CommissionStatus[]> = {
  pending: ['paid', 'cancelled'],
  paid: [],
  cancelled: [],
};

/** A business's own change of status: only a pending commission may become paid or cancelled. */
export function assertBusinessTransition(from: CommissionStatus, to: CommissionStatus): void {
  if (!byBusiness[from].includes(to)) {
    throw new AppError('CONFLICT', `This commission is already ${from}; only pending commissions can change`);
  }
}

export function isPayable(commission: { status: CommissionStatus; payableAt: Date }, now: Date): boolean {
  return commission.status === 'pending' && commission.payableAt.getTime() <= now.getTime();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a new commission becomes payable: order commissions after the hold, everything else at once. */
export function payableAtFor(source: 'manual' | 'order' | 'adjustment', createdAt: Date, holdDays: number): Date {
  return source === 'order' ? new Date(createdAt.getTime() + holdDays * DAY_MS) : createdAt;
}
