import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { discountCodes, storeOrderRefunds, storeOrders, webhookDeliveries } from '@server/db/schema/discounts';
import { commissions } from '@server/db/schema/commissions';
import type { CodeRow, NewOrder, OrderRow } from './repository';

export type CommissionEntry = typeof commissions.$inferSelect;
export type NewDelivery = typeof webhookDeliveries.$inferInsert;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The business's codes among `codes` (already upper-cased), in one query. */
export async function findCodes(db: Database, businessId: number, codes: string[]): Promise<CodeRow[]> {
  if (codes.length === 0) return [];
  return db.select().from(discountCodes).where(and(eq(discountCodes.businessId, businessId), inArray(discountCodes.code, codes)));
}

/** The order row, locked until the transaction ends so concurrent deliveries of one order apply one at a time. */
export async function lockOrder(db: Database, businessId: number, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(storeOrders).where(and(eq(storeOrders.businessId, businessId), eq(storeOrders.orderId, orderId))).for('update');
  return row ?? null;
}

export async function updateOrder(db: Database, id: number, values: Partial<NewOrder>): Promise<OrderRow> {
  const [row] = await db.update(storeOrders).set({ ...values, updatedAt: new Date() }).where(eq(storeOrders.id, id)).returning();
  return row;
}

/** Records (or corrects) one refund's merchandise amount; a redelivery of the same refund changes nothing. */
export async function upsertRefund(db: Database, storeOrderId: number, refundKey: string, amountMinor: number): Promise<void> {
  await db
    .insert(storeOrderRefunds)
    .values({ storeOrderId, refundKey, amountMinor })
    .onConflictDoUpdate({ target: [storeOrderRefunds.storeOrderId, storeOrderRefunds.refundKey], set: { amountMinor } });
}

export async function refundedMinor(db: Database, storeOrderId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${storeOrderRefunds.amountMinor}), 0)::bigint`.mapWith(Number) })
    .from(storeOrderRefunds)
    .where(eq(storeOrderRefunds.storeOrderId, storeOrderId));
  return row?.total ?? 0;
}

/** The order's own commission (not its adjustment entries). */
export async function findMainCommission(db: Database, businessId: number, orderId: string): Promise<CommissionEntry | null> {
  const [row] = await db
    .select()
    .from(commissions)
    .where(and(eq(commissions.businessId, businessId), eq(commissions.source, 'order'), eq(commissions.orderId, orderId)))
    .for('update');
  return row ?? null;
}

/** Whether the order already has its commission (no lock: a hint read before the attribution's transaction). */
export async function hasMainCommission(db: Database, businessId: number, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: commissions.id })
    .from(commissions)
    .where(and(eq(commissions.businessId, businessId), eq(commissions.source, 'order'), eq(commissions.orderId, orderId)))
    .limit(1);
  return row !== undefined;
}

export async function insertCommissionEntry(db: Database, values: typeof commissions.$inferInsert): Promise<CommissionEntry> {
  const [row] = await db.insert(commissions).values(values).returning();
  return row;
}

/** Rewrites what a commission says it is computed on; its money is the ledger's (decision record 036). */
export async function describeCommissionEntry(db: Database, id: number, values: { baseMinor: number; rateBps: number; description: string }): Promise<CommissionEntry> {
  const [row] = await db.update(commissions).set(values).where(eq(commissions.id, id)).returning();
  return row;
}

export async function findCommission(db: Database, id: number): Promise<CommissionEntry | null> {
  const [row] = await db.select().from(commissions).where(eq(commissions.id, id));
  return row ?? null;
}

export async function insertDelivery(db: Database, values: NewDelivery): Promise<DeliveryRow> {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  return row;
}

export type DeliveryWithSale = DeliveryRow & { channel: OrderRow['channel'] | null; locationId: string | null };

/** The newest deliveries, each with its order's channel and location when the order is known (issue 44). */
export async function listDeliveries(db: Database, businessId: number, limit: number): Promise<DeliveryWithSale[]> {
  const rows = await db
    .select({ delivery: webhookDeliveries, channel: storeOrders.channel, locationId: storeOrders.locationId })
    .from(webhookDeliveries)
    .leftJoin(storeOrders, and(eq(storeOrders.businessId, webhookDeliveries.businessId), eq(storeOrders.orderId, webhookDeliveries.orderId)))
    .where(eq(webhookDeliveries.businessId, businessId))
    .orderBy(desc(webhookDeliveries.receivedAt), desc(webhookDeliveries.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.delivery, channel: row.channel, locationId: row.locationId }));
}
