import { appOrigin } from '@server/config';
import type { Database } from '@server/db/client';
import type { AppContext } from '@server/lib/context';
import { recordNotifications } from '@server/modules/notifications/service';
import { mailBrander } from '@server/modules/branding/mail';
import { missedOpenCampaigns } from './late-joiners-repository';
import { utcDay } from '@server/lib/utc-day';

/**
 * A staffer who joins a business's roster after one of its campaigns opened was not in the audience on the opening
 * day, so the announcement (decision record 031) never reached them. Called in the transaction that makes the
 * agreement active: they are told about each open campaign they are now in, once. Returns whether anything was
 * recorded, so the caller pushes the unread count after the commit.
 */
export async function tellLateJoiner(
  ctx: AppContext,
  db: Database,
  joiner: { businessId: number; businessName: string; proStaffId: number; userId: number },
  now: Date,
): Promise<boolean> {
  const today = utcDay(now);
  const missed = await missedOpenCampaigns(db, joiner.businessId, joiner.proStaffId, joiner.userId, today);
  const branded = await mailBrander(db, joiner.businessId);
  await recordNotifications(ctx, db, missed.map((campaign) => {
    const title = `${joiner.businessName} has an open campaign: ${campaign.title}`;
    const body = `You joined the roster while it runs. It closes on ${campaign.closesOn}. Read the brief and download the brand assets.`;
    return {
      userId: joiner.userId, kind: 'campaign' as const, title, body, link: `/campaigns/${campaign.id}`,
      mail: branded({ subject: title, text: `${body}\n\nSee the campaign: ${appOrigin(ctx.config)}/campaigns/${campaign.id}\n` }),
    };
  }));
  return missed.length > 0;
}
