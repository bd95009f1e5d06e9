import { and, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { campaigns } from '@server/db/schema/campaigns';
import { notifications } from '@server/db/schema/notifications';
import { inAudience } from './repository';

/**
 * The business's campaigns that are open today, were already announced, have this staffer in their audience and
 * were never announced to this user (no campaign notification links to them): what a staffer who just joined the
 * roster missed. A staffer who was on the roster before and was told then is not told twice.
 */
export async function missedOpenCampaigns(db: Database, businessId: number, proStaffId: number, userId: number, today: string): Promise<{ id: number; title: string; closesOn: string }[]> {
  return db
    .select({ id: campaigns.id, title: campaigns.title, closesOn: campaigns.closesOn })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.businessId, businessId),
        lte(campaigns.opensOn, today),
        gt(campaigns.closesOn, today),
        isNotNull(campaigns.announcedAt),
        inAudience(proStaffId, today),
        sql`not exists (select 1 from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.kind} = 'campaign'
          and ${notifications.link} = '/campaigns/' || ${campaigns.id})`,
      ),
    )
    .orderBy(campaigns.opensOn, campaigns.id)
    .limit(50);
}
