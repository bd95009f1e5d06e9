import { and, asc, desc, eq, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { transactionLock } from '@server/db/locks';
import { isLiveAgreement } from '@server/db/live-agreement';
import { agreementEvents, agreements } from '@server/db/schema/agreements';
import { campaignTasks } from '@server/db/schema/campaign-tasks';
import { integrationPlatforms } from '@server/db/schema/discounts';
import {
  compensationEntries, gearMemberships, gearObligations, gearRequestItems, gearRequests, gearSettings, gearShipments, programTiers, proPricingCodes,
  storeAdminCredentials, storeProducts, storeVariants,
} from '@server/db/schema/gear';
import { businessProfiles, proStaffProfiles } from '@server/db/schema/profiles';
import { users } from '@server/db/schema/users';

// Pay in gear (decision record 038): the only module that writes tiers, memberships, gear settings, the synced
// catalog, requests, shipments, obligations, pro-pricing codes and non-cash compensation entries.

export type TierRow = typeof programTiers.$inferSelect;
export type MembershipRow = typeof gearMemberships.$inferSelect;
export type SettingsRow = typeof gearSettings.$inferSelect;
export type ProductRow = typeof storeProducts.$inferSelect;
export type VariantRow = typeof storeVariants.$inferSelect;
export type RequestRow = typeof gearRequests.$inferSelect;
export type RequestItemRow = typeof gearRequestItems.$inferSelect;
export type ShipmentRow = typeof gearShipments.$inferSelect;
export type ProPricingRow = typeof proPricingCodes.$inferSelect;

/** One staffer's allotment at a time: requests, edits and approvals that count against it run one after another. */
export const lockAllotment = transactionLock('gearAllotment');
/** One tier creation per business at a time: the tier limit is counted then written. */
export const lockTiers = transactionLock('gearTiers');

// ---- tiers and memberships

export function listTiers(db: Database, businessId: number): Promise<(TierRow & { staffCount: number })[]> {
  return db
    .select({ ...tierColumns, staffCount: sql<number>`(select count(*)::int from gear_memberships m where m.tier_id = program_tiers.id)` })
    .from(programTiers)
    .where(eq(programTiers.businessId, businessId))
    .orderBy(asc(programTiers.position), asc(programTiers.id));
}
const tierColumns = {
  id: programTiers.id, businessId: programTiers.businessId, position: programTiers.position, name: programTiers.name, commissionRateBps: programTiers.commissionRateBps,
  holdDays: programTiers.holdDays, proPricingPercent: programTiers.proPricingPercent, allotmentMinor: programTiers.allotmentMinor, currency: programTiers.currency,
  itemsPerYear: programTiers.itemsPerYear, renewsOn: programTiers.renewsOn, campaignIds: programTiers.campaignIds, promoteToTierId: programTiers.promoteToTierId,
  promoteMetric: programTiers.promoteMetric, promoteThreshold: programTiers.promoteThreshold, createdAt: programTiers.createdAt, updatedAt: programTiers.updatedAt,
};

export async function findTier(db: Database, id: number): Promise<TierRow | null> {
  const [row] = await db.select().from(programTiers).where(eq(programTiers.id, id)).limit(1);
  return row ?? null;
}

export async function insertTier(db: Database, values: typeof programTiers.$inferInsert): Promise<number> {
  const [row] = await db.insert(programTiers).values(values).returning({ id: programTiers.id });
  return row.id;
}

export async function updateTier(db: Database, id: number, values: Partial<typeof programTiers.$inferInsert>): Promise<void> {
  await db.update(programTiers).set(values).where(eq(programTiers.id, id));
}

export async function deleteTier(db: Database, id: number): Promise<void> {
  await db.delete(programTiers).where(eq(programTiers.id, id));
}

export async function tierNameTaken(db: Database, businessId: number, name: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: programTiers.id })
    .from(programTiers)
    .where(and(eq(programTiers.businessId, businessId), sql`lower(${programTiers.name}) = lower(${name})`, exceptId === null ? undefined : ne(programTiers.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

export async function tierCount(db: Database, businessId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(programTiers).where(eq(programTiers.businessId, businessId));
  return row.n;
}

export async function findMembership(db: Database, businessId: number, proStaffId: number): Promise<MembershipRow | null> {
  const [row] = await db.select().from(gearMemberships).where(and(eq(gearMemberships.businessId, businessId), eq(gearMemberships.proStaffId, proStaffId))).limit(1);
  return row ?? null;
}

/** Places the staffer in a tier (creating the membership the first time); answers the tier they were in. */
export async function placeInTier(db: Database, businessId: number, proStaffId: number, tierId: number, now: Date, promoted = false): Promise<number | null> {
  const before = await findMembership(db, businessId, proStaffId);
  await db
    .insert(gearMemberships)
    .values({ businessId, proStaffId, tierId, createdAt: now, updatedAt: now, promotedAt: promoted ? now : null })
    .onConflictDoUpdate({ target: [gearMemberships.businessId, gearMemberships.proStaffId], set: { tierId, updatedAt: now, ...(promoted ? { promotedAt: now } : {}) } });
  return before?.tierId ?? null;
}

/** The live agreement of the pair (the newest), when the staffer is on the business's roster today. */
export async function liveAgreementOf(db: Database, businessId: number, proStaffId: number, today: string): Promise<{ id: number; seriesId: number } | null> {
  const [row] = await db
    .select({ id: agreements.id, seriesId: sql<number>`coalesce(${agreements.seriesId}, ${agreements.id})` })
    .from(agreements)
    .where(and(eq(agreements.businessId, businessId), eq(agreements.proStaffId, proStaffId), isLiveAgreement(today)))
    .orderBy(desc(agreements.id))
    .limit(1);
  return row ?? null;
}

/** The tier change, in the agreement's history both sides read. */
export async function recordTierChange(db: Database, agreement: { id: number; seriesId: number }, actorUserId: number | null, reason: string, now: Date): Promise<void> {
  await db.insert(agreementEvents).values({ agreementId: agreement.id, seriesId: agreement.seriesId, actorUserId, action: 'tier_changed', reason, createdAt: now });
}

/** The businesses a staffer is on the roster of today, with their membership and tier. */
export function programsOf(db: Database, proStaffId: number, today: string) {
  return db
    .selectDistinctOn([agreements.businessId], {
      businessId: agreements.businessId,
      companyName: businessProfiles.companyName,
      tierId: gearMemberships.tierId,
    })
    .from(agreements)
    .innerJoin(businessProfiles, eq(businessProfiles.id, agreements.businessId))
    .leftJoin(gearMemberships, and(eq(gearMemberships.businessId, agreements.businessId), eq(gearMemberships.proStaffId, proStaffId)))
    .where(and(eq(agreements.proStaffId, proStaffId), isLiveAgreement(today)))
    .orderBy(asc(agreements.businessId));
}

/** The business's rostered staffers (live agreement today) with their tier. */
export function rosterWithTiers(db: Database, businessId: number, today: string) {
  return db
    .selectDistinctOn([agreements.proStaffId], {
      proStaffId: agreements.proStaffId,
      firstName: proStaffProfiles.firstName,
      lastName: proStaffProfiles.lastName,
      tierId: gearMemberships.tierId,
      promotedAt: gearMemberships.promotedAt,
    })
    .from(agreements)
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, agreements.proStaffId))
    .leftJoin(gearMemberships, and(eq(gearMemberships.businessId, agreements.businessId), eq(gearMemberships.proStaffId, agreements.proStaffId)))
    .where(and(eq(agreements.businessId, businessId), isLiveAgreement(today)))
    .orderBy(asc(agreements.proStaffId));
}

// ---- settings, credentials, catalog

export async function findSettings(db: Database, businessId: number): Promise<SettingsRow | null> {
  const [row] = await db.select().from(gearSettings).where(eq(gearSettings.businessId, businessId)).limit(1);
  return row ?? null;
}

export async function saveSettings(db: Database, businessId: number, values: Omit<typeof gearSettings.$inferInsert, 'businessId'>): Promise<void> {
  await db.insert(gearSettings).values({ businessId, ...values }).onConflictDoUpdate({ target: gearSettings.businessId, set: values });
}

export async function platformOf(db: Database, platformId: number) {
  const [row] = await db.select().from(integrationPlatforms).where(eq(integrationPlatforms.id, platformId)).limit(1);
  return row ?? null;
}

export async function findCredentials(db: Database, platformId: number) {
  const [row] = await db.select().from(storeAdminCredentials).where(eq(storeAdminCredentials.platformId, platformId)).limit(1);
  return row ?? null;
}

export async function saveCredentials(db: Database, platformId: number, storeAddress: string, sealed: string, now: Date): Promise<void> {
  await db
    .insert(storeAdminCredentials)
    .values({ platformId, storeAddress, sealed, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: storeAdminCredentials.platformId, set: { storeAddress, sealed, updatedAt: now } });
}

export async function productCount(db: Database, businessId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(storeProducts).where(eq(storeProducts.businessId, businessId));
  return row.n;
}

export type UpsertProduct = Omit<typeof storeProducts.$inferInsert, 'id'> & { variants: Omit<typeof storeVariants.$inferInsert, 'id' | 'productId'>[]; keepCollections?: boolean };

/** Writes a product and its variants as the store describes them now; variants the store no longer has are removed. */
export async function upsertProduct(db: Database, product: UpsertProduct): Promise<number> {
  const { variants, keepCollections, ...values } = product;
  const [row] = await db
    .insert(storeProducts)
    .values(values)
    .onConflictDoUpdate({
      target: [storeProducts.platformId, storeProducts.externalId],
      set: { title: values.title, imageUrl: values.imageUrl, tags: values.tags, ...(keepCollections ? {} : { collections: values.collections }), currency: values.currency, active: values.active, updatedAt: values.updatedAt },
    })
    .returning({ id: storeProducts.id });
  for (const variant of variants) {
    await db
      .insert(storeVariants)
      .values({ ...variant, productId: row.id })
      .onConflictDoUpdate({
        target: [storeVariants.productId, storeVariants.externalId],
        set: { inventoryItemId: variant.inventoryItemId, sku: variant.sku, title: variant.title, priceMinor: variant.priceMinor, inventory: variant.inventory, updatedAt: variant.updatedAt },
      });
  }
  const kept = variants.map((variant) => variant.externalId);
  await db.delete(storeVariants).where(and(eq(storeVariants.productId, row.id), kept.length > 0 ? notInArray(storeVariants.externalId, kept) : undefined));
  return row.id;
}

/** A product the store deleted: kept for the requests that name it, never seedable again. */
export async function deactivateProduct(db: Database, platformId: number, externalId: string, now: Date): Promise<void> {
  await db.update(storeProducts).set({ active: false, updatedAt: now }).where(and(eq(storeProducts.platformId, platformId), eq(storeProducts.externalId, externalId)));
}

export async function setInventory(db: Database, platformId: number, by: { externalVariantId: string | null; inventoryItemId: string | null }, available: number | null, now: Date): Promise<number> {
  const match = by.externalVariantId !== null ? eq(storeVariants.externalId, by.externalVariantId) : by.inventoryItemId !== null ? eq(storeVariants.inventoryItemId, by.inventoryItemId) : sql`false`;
  const rows = await db
    .update(storeVariants)
    .set({ inventory: available, updatedAt: now })
    .where(and(match, inArray(storeVariants.productId, db.select({ id: storeProducts.id }).from(storeProducts).where(eq(storeProducts.platformId, platformId)))))
    .returning({ id: storeVariants.id });
  return rows.length;
}

export async function markCatalogSynced(db: Database, businessId: number, now: Date): Promise<void> {
  await db.update(gearSettings).set({ catalogSyncedAt: now, updatedAt: now }).where(eq(gearSettings.businessId, businessId));
}

export async function catalog(db: Database, businessId: number, platformId: number | null, q?: string): Promise<(ProductRow & { variants: VariantRow[] })[]> {
  if (platformId === null) return [];
  const where: SQL[] = [eq(storeProducts.businessId, businessId), eq(storeProducts.platformId, platformId)];
  if (q) where.push(sql`${storeProducts.title} ilike ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const products = await db.select().from(storeProducts).where(and(...where)).orderBy(asc(storeProducts.title), asc(storeProducts.id)).limit(500);
  if (products.length === 0) return [];
  const variants = await db.select().from(storeVariants).where(inArray(storeVariants.productId, products.map((p) => p.id))).orderBy(asc(storeVariants.id));
  return products.map((product) => ({ ...product, variants: variants.filter((variant) => variant.productId === product.id) }));
}

export async function variantsWithProducts(db: Database, variantIds: number[]) {
  if (variantIds.length === 0) return [];
  return db
    .select({ variant: storeVariants, product: storeProducts })
    .from(storeVariants)
    .innerJoin(storeProducts, eq(storeProducts.id, storeVariants.productId))
    .where(inArray(storeVariants.id, variantIds));
}

// ---- requests

export async function allotmentUse(db: Database, businessId: number, proStaffId: number, periodStart: string, exceptRequestId: number | null = null): Promise<{ usedMinor: number; itemsUsed: number }> {
  const [row] = await db
    .select({
      usedMinor: sql<number>`coalesce(sum(${gearRequestItems.quantity} * ${gearRequestItems.unitPriceMinor}), 0)::bigint`.mapWith(Number),
      itemsUsed: sql<number>`coalesce(sum(${gearRequestItems.quantity}), 0)::int`,
    })
    .from(gearRequestItems)
    .innerJoin(gearRequests, eq(gearRequests.id, gearRequestItems.requestId))
    .leftJoin(gearShipments, eq(gearShipments.requestId, gearRequests.id))
    .where(
      and(
        eq(gearRequests.businessId, businessId), eq(gearRequests.proStaffId, proStaffId), eq(gearRequests.periodStart, periodStart),
        inArray(gearRequests.status, ['requested', 'approved']),
        // A shipment the store refused or that was cancelled gave nothing: its value is free again.
        sql`coalesce(${gearShipments.status}, '') not in ('failed', 'cancelled')`,
        exceptRequestId === null ? undefined : ne(gearRequests.id, exceptRequestId),
      ),
    );
  return row;
}

export async function insertRequest(db: Database, values: typeof gearRequests.$inferInsert, items: Omit<typeof gearRequestItems.$inferInsert, 'requestId'>[]): Promise<number> {
  const [row] = await db.insert(gearRequests).values(values).returning({ id: gearRequests.id });
  await db.insert(gearRequestItems).values(items.map((item) => ({ ...item, requestId: row.id })));
  return row.id;
}

export async function replaceItems(db: Database, requestId: number, items: Omit<typeof gearRequestItems.$inferInsert, 'requestId'>[], now: Date): Promise<void> {
  await db.delete(gearRequestItems).where(eq(gearRequestItems.requestId, requestId));
  await db.insert(gearRequestItems).values(items.map((item) => ({ ...item, requestId })));
  await db.update(gearRequests).set({ updatedAt: now }).where(eq(gearRequests.id, requestId));
}

/** The first row of a select, or null. */
const firstRow = <Row>(rows: Row[]): Row | null => rows[0] ?? null;

const requestById = (db: Database, id: number) => db.select().from(gearRequests).where(eq(gearRequests.id, id)).limit(1);
export const lockRequest = async (db: Database, id: number): Promise<RequestRow | null> => firstRow(await requestById(db, id).for('update'));
export const findRequest = async (db: Database, id: number): Promise<RequestRow | null> => firstRow(await requestById(db, id));

export async function decideRequest(db: Database, id: number, values: Pick<RequestRow, 'status' | 'decisionReason' | 'decidedByUserId' | 'decidedAt'>): Promise<void> {
  await db.update(gearRequests).set({ ...values, updatedAt: values.decidedAt ?? new Date() }).where(eq(gearRequests.id, id));
}

export function itemsOf(db: Database, requestIds: number[]): Promise<RequestItemRow[]> {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db.select().from(gearRequestItems).where(inArray(gearRequestItems.requestId, requestIds)).orderBy(asc(gearRequestItems.id));
}

const requestView = {
  request: gearRequests,
  companyName: businessProfiles.companyName,
  firstName: proStaffProfiles.firstName,
  lastName: proStaffProfiles.lastName,
  tierName: programTiers.name,
};

export function listRequests(db: Database, where: SQL | undefined, limit = 500) {
  return db
    .select(requestView)
    .from(gearRequests)
    .innerJoin(businessProfiles, eq(businessProfiles.id, gearRequests.businessId))
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, gearRequests.proStaffId))
    .leftJoin(programTiers, eq(programTiers.id, gearRequests.tierId))
    .where(where)
    .orderBy(desc(gearRequests.id))
    .limit(limit);
}
export const byBusiness = (businessId: number, status?: RequestRow['status']) => and(eq(gearRequests.businessId, businessId), status ? eq(gearRequests.status, status) : undefined);
export const byProStaff = (proStaffId: number) => eq(gearRequests.proStaffId, proStaffId);
export const byIds = (ids: number[]) => inArray(gearRequests.id, ids);

// ---- shipments and obligations

export async function insertShipment(db: Database, values: typeof gearShipments.$inferInsert): Promise<number> {
  const [row] = await db.insert(gearShipments).values(values).returning({ id: gearShipments.id });
  return row.id;
}

const shipmentById = (db: Database, id: number) => db.select().from(gearShipments).where(eq(gearShipments.id, id)).limit(1);
export const lockShipment = async (db: Database, id: number): Promise<ShipmentRow | null> => firstRow(await shipmentById(db, id).for('update'));
export const findShipment = async (db: Database, id: number): Promise<ShipmentRow | null> => firstRow(await shipmentById(db, id));

export async function shipmentByStoreOrder(db: Database, platformId: number, externalOrderId: string): Promise<ShipmentRow | null> {
  const [row] = await db.select().from(gearShipments).where(and(eq(gearShipments.platformId, platformId), eq(gearShipments.externalOrderId, externalOrderId))).for('update').limit(1);
  return row ?? null;
}

export async function updateShipment(db: Database, id: number, values: Partial<typeof gearShipments.$inferInsert>): Promise<void> {
  await db.update(gearShipments).set(values).where(eq(gearShipments.id, id));
}

export function shipmentsOf(db: Database, requestIds: number[]): Promise<ShipmentRow[]> {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db.select().from(gearShipments).where(inArray(gearShipments.requestId, requestIds));
}

export async function insertObligation(db: Database, values: typeof gearObligations.$inferInsert): Promise<void> {
  await db.insert(gearObligations).values(values);
}

export async function setObligationDueDates(db: Database, shipmentId: number, deliveredOn: string): Promise<void> {
  await db
    .update(gearObligations)
    .set({ dueOn: sql`(${deliveredOn}::date + ${gearObligations.dueDays})::date` })
    .where(and(eq(gearObligations.shipmentId, shipmentId), sql`${gearObligations.dueDays} is not null`, sql`${gearObligations.dueOn} is null`));
}

/**
 * An obligation is met by an approved proof of its task by the staffer, sent after the shipment was made and, when it
 * counts days from delivery, after the gear arrived (nothing is owed for gear still on its way). Needs gear_shipments joined.
 */
const obligationDone = sql<boolean>`exists (select 1 from campaign_task_submissions s where s.task_id = gear_obligations.task_id
  and s.pro_staff_id = gear_obligations.pro_staff_id and s.status = 'approved' and s.created_at >= gear_obligations.created_at
  and (gear_obligations.due_days is null or (gear_shipments.delivered_at is not null and s.created_at >= gear_shipments.delivered_at)))`;

/** Obligations with whether the staffer has an approved proof for the task since the shipment was made. */
export function obligationsOf(db: Database, shipmentIds: number[]) {
  if (shipmentIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: gearObligations.id,
      shipmentId: gearObligations.shipmentId,
      taskId: gearObligations.taskId,
      taskTitle: campaignTasks.title,
      campaignId: campaignTasks.campaignId,
      dueOn: gearObligations.dueOn,
      done: obligationDone,
    })
    .from(gearObligations)
    .innerJoin(campaignTasks, eq(campaignTasks.id, gearObligations.taskId))
    .innerJoin(gearShipments, eq(gearShipments.id, gearObligations.shipmentId))
    .where(inArray(gearObligations.shipmentId, shipmentIds))
    .orderBy(asc(gearObligations.id));
}

/** Overdue obligations per staffer of a business (or of every business for one staffer). */
export async function overdueCounts(db: Database, where: { businessId?: number; proStaffId?: number }, today: string): Promise<{ businessId: number; proStaffId: number; n: number }[]> {
  return db
    .select({ businessId: gearShipments.businessId, proStaffId: gearObligations.proStaffId, n: sql<number>`count(*)::int` })
    .from(gearObligations)
    .innerJoin(gearShipments, eq(gearShipments.id, gearObligations.shipmentId))
    .where(
      and(
        where.businessId === undefined ? undefined : eq(gearShipments.businessId, where.businessId),
        where.proStaffId === undefined ? undefined : eq(gearObligations.proStaffId, where.proStaffId),
        sql`${gearObligations.dueOn} < ${today}`,
        sql`not ${obligationDone}`,
      ),
    )
    .groupBy(gearShipments.businessId, gearObligations.proStaffId);
}

export async function taskOfBusiness(db: Database, taskId: number, businessId: number): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from campaign_tasks t join campaigns c on c.id = t.campaign_id where t.id = ${taskId} and c.business_id = ${businessId}`);
  return ((rows as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[])).length > 0;
}

// ---- pro pricing

export async function liveCode(db: Database, businessId: number, proStaffId: number): Promise<ProPricingRow | null> {
  const [row] = await db
    .select()
    .from(proPricingCodes)
    .where(and(eq(proPricingCodes.businessId, businessId), eq(proPricingCodes.proStaffId, proStaffId)))
    .orderBy(desc(proPricingCodes.id))
    .limit(1);
  return row ?? null;
}

export async function insertCode(db: Database, values: typeof proPricingCodes.$inferInsert): Promise<number | null> {
  const [row] = await db.insert(proPricingCodes).values(values).onConflictDoNothing().returning({ id: proPricingCodes.id });
  return row?.id ?? null;
}

export async function lockCode(db: Database, id: number): Promise<ProPricingRow | null> {
  const [row] = await db.select().from(proPricingCodes).where(eq(proPricingCodes.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function updateCode(db: Database, id: number, values: Partial<typeof proPricingCodes.$inferInsert>): Promise<void> {
  await db.update(proPricingCodes).set(values).where(eq(proPricingCodes.id, id));
}

/** Live codes whose staffer is no longer on the business's roster today (their agreement ended or expired). */
export async function codesWithoutAgreement(db: Database, today: string): Promise<ProPricingRow[]> {
  return db
    .select()
    .from(proPricingCodes)
    .where(
      and(
        inArray(proPricingCodes.status, ['pending', 'active']),
        // Named in full: Drizzle leaves a single-table query's columns unqualified, which the subquery would misread.
        sql`not exists (select 1 from agreements a where a.business_id = pro_pricing_codes.business_id
          and a.pro_staff_id = pro_pricing_codes.pro_staff_id and a.status = 'active' and a.end_date >= ${today})`,
      ),
    )
    .limit(500);
}

// ---- non-cash compensation

/** Posts the entry once per shipment and kind (a unique index); answers whether it was new. */
export async function postCompensation(db: Database, values: typeof compensationEntries.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(compensationEntries)
    .values(values)
    .onConflictDoNothing({ target: [compensationEntries.shipmentId, compensationEntries.kind], where: sql`${compensationEntries.shipmentId} is not null` })
    .returning({ id: compensationEntries.id });
  return rows.length > 0;
}

/** Gear value per payee and currency in [from, to) by entry date. */
export function compensationTotals(db: Database, where: { businessId?: number; proStaffId?: number }, from: Date, to: Date) {
  return db
    .select({
      businessId: compensationEntries.businessId,
      proStaffId: compensationEntries.proStaffId,
      currency: compensationEntries.currency,
      totalMinor: sql<number>`sum(${compensationEntries.amountMinor})::bigint`.mapWith(Number),
    })
    .from(compensationEntries)
    .where(
      and(
        where.businessId === undefined ? undefined : eq(compensationEntries.businessId, where.businessId),
        where.proStaffId === undefined ? undefined : eq(compensationEntries.proStaffId, where.proStaffId),
        sql`${compensationEntries.createdAt} >= ${from}`, sql`${compensationEntries.createdAt} < ${to}`,
      ),
    )
    .groupBy(compensationEntries.businessId, compensationEntries.proStaffId, compensationEntries.currency);
}

export function compensationEntriesOf(db: Database, where: { businessId?: number; proStaffId?: number }, from: Date | null, to: Date | null) {
  return db
    .select({ entry: compensationEntries, companyName: businessProfiles.companyName, firstName: proStaffProfiles.firstName, lastName: proStaffProfiles.lastName })
    .from(compensationEntries)
    .innerJoin(businessProfiles, eq(businessProfiles.id, compensationEntries.businessId))
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, compensationEntries.proStaffId))
    .where(
      and(
        where.businessId === undefined ? undefined : eq(compensationEntries.businessId, where.businessId),
        where.proStaffId === undefined ? undefined : eq(compensationEntries.proStaffId, where.proStaffId),
        from ? sql`${compensationEntries.createdAt} >= ${from}` : undefined,
        to ? sql`${compensationEntries.createdAt} < ${to}` : undefined,
      ),
    )
    .orderBy(asc(compensationEntries.id));
}

// ---- who to tell

export async function businessUserId(db: Database, businessId: number): Promise<number | null> {
  const [row] = await db.select({ userId: businessProfiles.userId }).from(businessProfiles).where(eq(businessProfiles.id, businessId)).limit(1);
  return row?.userId ?? null;
}

export async function proStaffContact(db: Database, proStaffId: number): Promise<{ userId: number; email: string; firstName: string; lastName: string } | null> {
  const [row] = await db
    .select({ userId: proStaffProfiles.userId, email: users.email, firstName: proStaffProfiles.firstName, lastName: proStaffProfiles.lastName })
    .from(proStaffProfiles)
    .innerJoin(users, eq(users.id, proStaffProfiles.userId))
    .where(eq(proStaffProfiles.id, proStaffId))
    .limit(1);
  return row ?? null;
}

export function waitingCodes(db: Database, businessId: number): Promise<ProPricingRow[]> {
  return db.select().from(proPricingCodes).where(and(eq(proPricingCodes.businessId, businessId), eq(proPricingCodes.status, 'pending'), sql`${proPricingCodes.platformId} is null`));
}

/** The seeded value posted for a shipment, or null when none was. */
export async function seededValue(db: Database, shipmentId: number): Promise<number | null> {
  const [row] = await db
    .select({ amount: compensationEntries.amountMinor })
    .from(compensationEntries)
    .where(and(eq(compensationEntries.shipmentId, shipmentId), eq(compensationEntries.kind, 'gear_seeded')))
    .limit(1);
  return row?.amount ?? null;
}

/** Shipments with gear value posted in [from, to) in a currency. */
export async function shipmentCount(db: Database, businessId: number, currency: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${compensationEntries.shipmentId})::int` })
    .from(compensationEntries)
    .where(and(eq(compensationEntries.businessId, businessId), eq(compensationEntries.currency, currency), eq(compensationEntries.kind, 'gear_seeded'), sql`${compensationEntries.createdAt} >= ${from}`, sql`${compensationEntries.createdAt} < ${to}`));
  return row.n;
}

/** Tiers with a promotion rule, for the scheduled promotion. */
export function tiersWithPromotion(db: Database): Promise<TierRow[]> {
  return db.select().from(programTiers).where(sql`${programTiers.promoteToTierId} is not null and ${programTiers.promoteMetric} is not null and ${programTiers.promoteThreshold} is not null`);
}

export async function membersOf(db: Database, tierId: number): Promise<MembershipRow[]> {
  return db.select().from(gearMemberships).where(eq(gearMemberships.tierId, tierId));
}

/**
 * A staffer's measure for a promotion rule since `from`: verified, placed store orders credited to their codes with
 * the business in `currency` (minor units), or their approved social-post proofs in the business's campaigns.
 */
export async function promotionMeasure(db: Database, metric: 'attributed_sales' | 'approved_posts', businessId: number, proStaffId: number, currency: string, from: string): Promise<number> {
  const result =
    metric === 'attributed_sales'
      ? await db.execute(sql`select coalesce(sum(o.order_value_cents), 0)::bigint as n from store_orders o join discount_codes d on d.id = o.discount_code_id
          where o.business_id = ${businessId} and d.pro_staff_id = ${proStaffId} and o.verified and o.status = 'placed' and o.currency = ${currency} and o.created_at >= ${from}::date`)
      : await db.execute(sql`select count(*)::bigint as n from campaign_task_submissions s join campaign_tasks t on t.id = s.task_id join campaigns c on c.id = t.campaign_id
          where c.business_id = ${businessId} and s.pro_staff_id = ${proStaffId} and s.status = 'approved' and t.kind = 'social_post' and s.created_at >= ${from}::date`);
  const rows = (result as { rows?: { n: string | number }[] }).rows ?? (result as unknown as { n: string | number }[]);
  return Number(rows[0]?.n ?? 0);
}

/** The currency of a store's synced products (product webhooks of Shopify and WooCommerce name none). */
export async function storeCurrency(db: Database, platformId: number): Promise<string | null> {
  const [row] = await db.select({ currency: storeProducts.currency }).from(storeProducts).where(eq(storeProducts.platformId, platformId)).limit(1);
  return row?.currency ?? null;
}

export async function shipmentByStoreOrderId(db: Database, platformId: number, externalOrderId: string): Promise<boolean> {
  const [row] = await db.select({ id: gearShipments.id }).from(gearShipments).where(and(eq(gearShipments.platformId, platformId), eq(gearShipments.externalOrderId, externalOrderId))).limit(1);
  return Boolean(row);
}

/** Shipments left as drafts for the business to complete in the store (the newest 50). */
export function draftShipments(db: Database, platformId: number): Promise<ShipmentRow[]> {
  return db.select().from(gearShipments).where(and(eq(gearShipments.platformId, platformId), eq(gearShipments.status, 'draft'))).orderBy(desc(gearShipments.id)).limit(50);
}

export async function pendingRequestCount(db: Database, businessId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(gearRequests).where(and(eq(gearRequests.businessId, businessId), eq(gearRequests.status, 'requested')));
  return row.n;
}
