import { and, asc, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { CampaignAudience } from '@shared/contracts/campaigns';
import type { Database } from '@server/db/client';
import { transactionLock } from '@server/db/locks';
import { agreements } from '@server/db/schema/agreements';
import { isLiveAgreement } from '@server/db/live-agreement';
import { campaignAssets, campaignMembers, campaigns } from '@server/db/schema/campaigns';
import { businessProfiles, proStaffProfiles } from '@server/db/schema/profiles';

// Campaigns (decision record 031): the only module that touches campaigns, their members and assets.

export type CampaignRow = {
  id: number;
  businessId: number;
  businessName: string;
  businessUserId: number;
  title: string;
  brief: string;
  opensOn: string;
  closesOn: string;
  audience: CampaignAudience;
  announcedAt: Date | null;
  createdAt: Date;
  assetCount: number;
};

export type AssetRow = typeof campaignAssets.$inferSelect;

/** Campaign creation and dates of one business at a time: the plan limit's count-then-write (record 018). */
export const lockBusinessCampaigns = transactionLock('campaignsBusiness');
/** One opening announcement of a campaign at a time (the request and the task never both tell). */
export const lockAnnouncement = transactionLock('campaignsAnnounce');

const columns = {
  id: campaigns.id,
  businessId: campaigns.businessId,
  businessName: businessProfiles.companyName,
  businessUserId: businessProfiles.userId,
  title: campaigns.title,
  brief: campaigns.brief,
  opensOn: campaigns.opensOn,
  closesOn: campaigns.closesOn,
  audience: campaigns.audience,
  announcedAt: campaigns.announcedAt,
  createdAt: campaigns.createdAt,
  assetCount: sql<number>`(select count(*)::int from ${campaignAssets} where ${campaignAssets.campaignId} = ${campaigns.id})`,
};

/** A live agreement (record 028): active and not past its end date. */
const liveAgreement = (businessId: SQL | number, proStaffId: SQL | number, today: string) =>
  sql`exists (select 1 from ${agreements} where ${agreements.businessId} = ${businessId} and ${agreements.proStaffId} = ${proStaffId}
    and ${isLiveAgreement(today)})`;

/** The staffer is in the campaign's audience: on the roster, and for a `selected` campaign one of its members. */
export const inAudience = (proStaffId: number, today: string) =>
  and(
    liveAgreement(sql`${campaigns.businessId}`, proStaffId, today),
    sql`(${campaigns.audience} = 'roster' or exists (select 1 from ${campaignMembers} where ${campaignMembers.campaignId} = ${campaigns.id} and ${campaignMembers.proStaffId} = ${proStaffId}))`,
    // A gear tier with a campaign list narrows it to those (decision record 038; an empty list sees them all).
    // (The outer columns named in full: Drizzle leaves a single-table query's columns unqualified.)
    sql`not exists (select 1 from gear_memberships m join program_tiers t on t.id = m.tier_id where m.business_id = campaigns.business_id
      and m.pro_staff_id = ${proStaffId} and jsonb_array_length(t.campaign_ids) > 0 and not (t.campaign_ids @> to_jsonb(campaigns.id)))`,
  );

const selectCampaigns = (db: Database) => db.select(columns).from(campaigns).innerJoin(businessProfiles, eq(businessProfiles.id, campaigns.businessId));

export async function findCampaign(db: Database, id: number): Promise<CampaignRow | null> {
  const [row] = await selectCampaigns(db).where(eq(campaigns.id, id)).limit(1);
  return (row as CampaignRow | undefined) ?? null;
}

export async function listForBusiness(db: Database, businessId: number): Promise<CampaignRow[]> {
  return (await selectCampaigns(db).where(eq(campaigns.businessId, businessId)).orderBy(desc(campaigns.opensOn), desc(campaigns.id))) as CampaignRow[];
}

/** The campaigns a staffer is in the audience of that have opened (open or closed), newest first. */
export async function listForProStaff(db: Database, proStaffId: number, today: string): Promise<CampaignRow[]> {
  return (await selectCampaigns(db)
    .where(and(lte(campaigns.opensOn, today), inAudience(proStaffId, today)))
    .orderBy(desc(campaigns.opensOn), desc(campaigns.id))
    .limit(200)) as CampaignRow[];
}

export async function isInAudience(db: Database, campaignId: number, proStaffId: number, today: string): Promise<boolean> {
  const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(and(eq(campaigns.id, campaignId), inAudience(proStaffId, today))).limit(1);
  return Boolean(row);
}

/** Campaigns that count against the plan: open or scheduled (not yet closed). */
export async function countActive(db: Database, businessId: number, today: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(campaigns).where(and(eq(campaigns.businessId, businessId), gt(campaigns.closesOn, today)));
  return row?.count ?? 0;
}

/** Of `proStaffIds`, those with a live agreement with the business (only they may be selected). */
export async function rosteredAmong(db: Database, businessId: number, proStaffIds: number[], today: string): Promise<number[]> {
  if (proStaffIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: agreements.proStaffId })
    .from(agreements)
    .where(and(eq(agreements.businessId, businessId), inArray(agreements.proStaffId, proStaffIds), isLiveAgreement(today)));
  return rows.map((row) => row.id);
}

export async function membersOf(db: Database, campaignId: number): Promise<{ proStaffId: number; name: string }[]> {
  return db
    .select({ proStaffId: campaignMembers.proStaffId, name: sql<string>`trim(${proStaffProfiles.firstName} || ' ' || ${proStaffProfiles.lastName})` })
    .from(campaignMembers)
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, campaignMembers.proStaffId))
    .where(eq(campaignMembers.campaignId, campaignId))
    .orderBy(asc(proStaffProfiles.firstName), asc(proStaffProfiles.lastName));
}

/** The users to tell when the campaign opens: its audience today. */
export async function audienceUserIds(db: Database, campaignId: number, today: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: proStaffProfiles.userId })
    .from(campaigns)
    .innerJoin(agreements, and(eq(agreements.businessId, campaigns.businessId), isLiveAgreement(today)))
    .innerJoin(proStaffProfiles, and(eq(proStaffProfiles.id, agreements.proStaffId), isNull(proStaffProfiles.erasedAt)))
    .where(and(eq(campaigns.id, campaignId), sql`(${campaigns.audience} = 'roster' or exists (select 1 from ${campaignMembers} where ${campaignMembers.campaignId} = ${campaigns.id} and ${campaignMembers.proStaffId} = ${agreements.proStaffId}))`));
  return rows.map((row) => row.userId);
}

type CampaignValues = { title: string; brief: string; opensOn: string; closesOn: string; audience: CampaignAudience };

export async function insertCampaign(db: Database, values: CampaignValues & { businessId: number; createdByUserId: number; now: Date }): Promise<number> {
  const { now, ...rest } = values;
  const [row] = await db.insert(campaigns).values({ ...rest, createdAt: now, updatedAt: now }).returning({ id: campaigns.id });
  return row.id;
}

export async function updateCampaign(db: Database, id: number, values: Partial<CampaignValues>, now: Date): Promise<void> {
  await db.update(campaigns).set({ ...values, updatedAt: now }).where(eq(campaigns.id, id));
}

export async function setMembers(db: Database, campaignId: number, proStaffIds: number[]): Promise<void> {
  await db.delete(campaignMembers).where(eq(campaignMembers.campaignId, campaignId));
  if (proStaffIds.length) await db.insert(campaignMembers).values(proStaffIds.map((proStaffId) => ({ campaignId, proStaffId })));
}

/** Deletes the campaign (members and assets go with it); answers the storage keys of its files. */
export async function deleteCampaign(db: Database, id: number): Promise<string[]> {
  const files = await db.select({ key: campaignAssets.fileKey }).from(campaignAssets).where(eq(campaignAssets.campaignId, id));
  await db.delete(campaigns).where(eq(campaigns.id, id));
  return files.flatMap(({ key }) => (key ? [key] : []));
}

/** Opened campaigns (still open) whose audience was not told yet. */
export async function dueForAnnouncement(db: Database, today: string, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(isNull(campaigns.announcedAt), lte(campaigns.opensOn, today), gt(campaigns.closesOn, today)))
    .orderBy(asc(campaigns.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Marks the campaign announced if it is open and was not yet; answers whether this call did it. */
export async function claimAnnouncement(db: Database, id: number, today: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(campaigns)
    .set({ announcedAt: now })
    .where(and(eq(campaigns.id, id), isNull(campaigns.announcedAt), lte(campaigns.opensOn, today), gt(campaigns.closesOn, today)))
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

export async function listAssets(db: Database, campaignId: number): Promise<AssetRow[]> {
  return db.select().from(campaignAssets).where(eq(campaignAssets.campaignId, campaignId)).orderBy(asc(campaignAssets.id));
}

export async function findAsset(db: Database, campaignId: number, assetId: number): Promise<AssetRow | null> {
  const [row] = await db.select().from(campaignAssets).where(and(eq(campaignAssets.id, assetId), eq(campaignAssets.campaignId, campaignId))).limit(1);
  return row ?? null;
}

export async function countAssets(db: Database, campaignId: number): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(campaignAssets).where(eq(campaignAssets.campaignId, campaignId));
  return row?.count ?? 0;
}

export async function insertAsset(db: Database, values: typeof campaignAssets.$inferInsert): Promise<number> {
  const [row] = await db.insert(campaignAssets).values(values).returning({ id: campaignAssets.id });
  return row.id;
}

export async function deleteAsset(db: Database, assetId: number): Promise<void> {
  await db.delete(campaignAssets).where(eq(campaignAssets.id, assetId));
}
