import { formatMinorUnits } from '@shared/currency';
import { appOrigin } from '@server/config';
import type { Database } from '@server/db/client';
import type { AppContext } from '@server/lib/context';
import { publishBestEffort } from '@server/lib/publish';
import { announceNotifications, recordNotifications } from '@server/modules/notifications/service';
import * as repo from './repository';

/**
 * Tells each pro staffer of a finished payout whether their transfer landed or failed: in their notifications and by
 * email unless they turned payout emails off (recorded in `db`, the transaction that finished the payout, so both exist
 * exactly when that is committed; decision record 030), and in their open tabs.
 */
export async function queuePayoutMails(ctx: AppContext, db: Database, payoutId: number): Promise<void> {
  const payout = (await repo.findPayout(db, payoutId))!;
  const business = (await repo.businessOwner(db, payout.businessId))!;
  const link = `${appOrigin(ctx.config)}/pro-staff-dashboard`;
  const finished = (await repo.itemsOf(db, [payoutId])).filter(isFinished);
  // One call for the whole payout: one insert of its notifications and one read of settings and addresses, not 200.
  await recordNotifications(ctx, db, finished.map((item) => {
    const amount = `${payout.currency} ${formatMinorUnits(item.amountCents, payout.currency)}`;
    const mail = item.status === 'paid'
      ? {
          subject: `${business.companyName} paid you ${amount}`,
          text: `${business.companyName} paid you ${amount} through HuntStaff (payout #${payout.id}). Stripe pays it out to your bank on your payout schedule.\n\nSee your payouts: ${link}\n`,
        }
      : {
          subject: `A ${amount} payout from ${business.companyName} did not go through`,
          text: `A payout of ${amount} from ${business.companyName} (payout #${payout.id}) failed: ${item.failureReason ?? 'unknown reason'}\n` +
            `Your commissions stay payable. Check your payout account: ${link}\n`,
        };
    return { userId: item.userId, kind: 'payout' as const, title: mail.subject, body: mail.text.split('\n')[0]!, link: '/pro-staff-dashboard', mail };
  }));
}

export async function publishPayoutEvents(ctx: AppContext, payoutId: number): Promise<void> {
  const finished = (await repo.itemsOf(ctx.db, [payoutId])).filter(isFinished);
  for (const item of finished) {
    await publishBestEffort(ctx, { userId: item.userId, event: { type: 'payout.updated', data: { payoutId, status: item.status } } });
  }
  await announceNotifications(ctx, finished.map((item) => item.userId));
}

function isFinished(item: repo.ItemView): item is repo.ItemView & { status: 'paid' | 'failed' } {
  return item.status !== 'pending';
}
