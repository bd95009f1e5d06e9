import type { Database } from '@server/db/client';
import type { AppContext } from '@server/lib/context';
import { utcDay } from '@server/lib/utc-day';
import { announceNotifications, recordNotifications } from '@server/modules/notifications/service';
import { PermanentTaskError } from '@server/modules/tasks/queue';
import { shipmentNotice } from './notices';
import * as repo from './repository';
import { openStore } from './store-access';
import { StoreRefusal, type FulfilmentUpdate } from './stores/types';
import { recordOutgoingEvent } from '@server/modules/webhooks-out/outbox';

/**
 * Seeding orders (decision record 038). An approval inserts the shipment (`ordering`) and queues the store call in
 * its transaction; the task creates the order in the business's store, idempotent by the shipment's reference (a
 * retry after a lost answer finds the order the first call made), and is retried while the store is down. The
 * store's fulfilment webhooks then move the shipment forward; delivery starts the clock of what it owes. The gear's
 * retail value is posted once as non-cash compensation when a real order exists, and taken back if it is cancelled.
 */

export const CREATE_ORDER_TASK = 'gear.order.create';

/** Where a shipment may go from each status: forward only, so a late or repeated webhook never moves it back. */
const RANK: Record<repo.ShipmentRow['status'], number> = { ordering: 0, draft: 1, failed: 1, ordered: 2, shipped: 3, in_transit: 4, delivered: 5, cancelled: 6 };

export const referenceOf = (shipmentId: number) => `hs-gear-${shipmentId}`;
export function shipmentIdOfReference(reference: string | null): number | null {
  const match = reference ? /^hs-gear-(\d{1,10})$/.exec(reference.trim()) : null;
  return match ? Number(match[1]) : null;
}

export async function queueOrder(ctx: Pick<AppContext, 'tasks'>, tx: Database, request: repo.RequestRow, settings: repo.SettingsRow, now: Date): Promise<number> {
  const shipmentId = await repo.insertShipment(tx, { requestId: request.id, businessId: request.businessId, proStaffId: request.proStaffId, platformId: settings.platformId, status: 'ordering', createdAt: now, updatedAt: now });
  if (settings.owedTaskId !== null) {
    await repo.insertObligation(tx, { shipmentId, proStaffId: request.proStaffId, taskId: settings.owedTaskId, dueDays: settings.owedDueDays, dueOn: settings.owedDueDays === null ? settings.owedDueOn : null, createdAt: now });
  }
  await ctx.tasks.enqueue(tx, CREATE_ORDER_TASK, { payload: { shipmentId }, dedupeKey: `${CREATE_ORDER_TASK}:${shipmentId}`, maxAttempts: 12 });
  return shipmentId;
}

async function gearValue(db: Database, requestId: number): Promise<number> {
  return (await repo.itemsOf(db, [requestId])).reduce((sum, item) => sum + item.quantity * item.unitPriceMinor, 0);
}

/** Posts the seeded gear's retail value once (a unique index on shipment and kind makes a repeat a no-op). */
async function postSeeded(db: Database, shipment: repo.ShipmentRow, now: Date): Promise<void> {
  const request = (await repo.findRequest(db, shipment.requestId))!;
  await repo.postCompensation(db, {
    businessId: shipment.businessId, proStaffId: shipment.proStaffId, currency: request.currency, kind: 'gear_seeded', amountMinor: await gearValue(db, request.id),
    shipmentId: shipment.id, reason: `Gear request #${request.id}`, createdAt: now,
  });
}

async function postReturned(db: Database, shipment: repo.ShipmentRow, now: Date): Promise<void> {
  const request = (await repo.findRequest(db, shipment.requestId))!;
  const seeded = await repo.seededValue(db, shipment.id);
  if (seeded === null) return;
  await repo.postCompensation(db, {
    businessId: shipment.businessId, proStaffId: shipment.proStaffId, currency: request.currency, kind: 'gear_returned', amountMinor: -seeded,
    shipmentId: shipment.id, reason: `Order of gear request #${request.id} cancelled`, createdAt: now,
  });
}

/** The task: the store order of one approved request. */
export async function createOrder(ctx: AppContext, shipmentId: number, now = new Date()): Promise<Record<string, unknown>> {
  // No lock is held over the store call: a second run of this task (a lease that ran out) is made harmless by the
  // store lookup by reference, and `finish` writes only a shipment still `ordering`.
  const shipment = await repo.findShipment(ctx.db, shipmentId);
  if (!shipment || shipment.status !== 'ordering') return { skipped: shipment?.status ?? 'gone' };
  const request = (await repo.findRequest(ctx.db, shipment.requestId))!;
  const store = shipment.platformId ? await openStore(ctx, shipment.platformId) : null;
  if (!store) return finish(ctx, shipmentId, { status: 'failed', failureReason: 'The store gear is ordered from is no longer connected, or its API credentials were removed.' }, now, true);
  const [items, who, settings] = await Promise.all([repo.itemsOf(ctx.db, [request.id]), repo.proStaffContact(ctx.db, request.proStaffId), repo.findSettings(ctx.db, request.businessId)]);
  const address = request.shippingAddress as Record<string, string | null>;
  try {
    const order = await store.createGearOrder({
      reference: referenceOf(shipmentId), email: who?.email ?? '', currency: request.currency,
      lines: items.map((item) => ({ externalProductId: item.externalProductId, externalVariantId: item.externalVariantId, quantity: item.quantity, priceMinor: item.unitPriceMinor, title: item.productTitle })),
      shippingAddress: {
        name: address.name ?? '', line1: address.line1 ?? '', line2: address.line2 ?? null, city: address.city ?? '', region: address.region ?? '',
        postalCode: address.postalCode ?? '', country: address.country ?? '', phone: address.phone ?? null,
      },
      completeAsPaid: settings?.completeOrders ?? true,
      note: `HuntStaff gear request #${request.id} (pro staff seeding, 100% off)`,
    });
    return finish(ctx, shipmentId, { status: order.state === 'draft' ? 'draft' : 'ordered', externalOrderId: order.externalOrderId, orderName: order.orderName, adminUrl: order.adminUrl }, now, false);
  } catch (error) {
    if (!(error instanceof StoreRefusal)) throw error;
    await finish(ctx, shipmentId, { status: 'failed', failureReason: error.message.slice(0, 500) }, now, true);
    throw new PermanentTaskError(error.message);
  }
}

async function finish(ctx: AppContext, shipmentId: number, values: Partial<repo.ShipmentRow> & { status: repo.ShipmentRow['status'] }, now: Date, tell: boolean): Promise<Record<string, unknown>> {
  const userIds = await ctx.db.transaction(async (tx) => {
    const shipment = await repo.lockShipment(tx, shipmentId);
    if (!shipment || shipment.status !== 'ordering') return [];
    await repo.updateShipment(tx, shipmentId, { ...values, updatedAt: now });
    const updated = { ...shipment, ...values };
    if (values.status === 'ordered') await postSeeded(tx, updated, now);
    return tell ? recordNotifications(ctx, tx, await shipmentNotice(ctx, tx, updated)) : [];
  });
  await announceNotifications(ctx, userIds);
  return { status: values.status, externalOrderId: values.externalOrderId ?? null };
}

/**
 * A fulfilment webhook of the store: finds the shipment by the store's order id (or the reference the order
 * carries), moves it forward, keeps the tracking, and on delivery dates what the shipment owes. Answers what it did,
 * or null when the order is not a gear order.
 */
export async function applyFulfilment(ctx: AppContext, platformId: number, update: FulfilmentUpdate, now = new Date()): Promise<string | null> {
  const result = await ctx.db.transaction(async (tx) => {
    let shipment = await repo.shipmentByStoreOrder(tx, platformId, update.externalOrderId);
    const byReference = shipmentIdOfReference(update.reference);
    if (!shipment && byReference !== null) {
      const candidate = await repo.lockShipment(tx, byReference);
      if (candidate && candidate.platformId === platformId) shipment = candidate;
    }
    if (!shipment) return null;
    const changes: Partial<repo.ShipmentRow> = {
      carrier: update.carrier ?? shipment.carrier, trackingNumber: update.trackingNumber ?? shipment.trackingNumber, trackingUrl: update.trackingUrl ?? shipment.trackingUrl,
      externalOrderId: shipment.externalOrderId ?? update.externalOrderId,
    };
    const moves = RANK[update.status] > RANK[shipment.status] && shipment.status !== 'cancelled' && !(update.status === 'cancelled' && shipment.status === 'delivered');
    if (moves) {
      changes.status = update.status;
      if (update.status === 'shipped' || update.status === 'in_transit') changes.shippedAt = shipment.shippedAt ?? update.at;
      if (update.status === 'delivered') {
        changes.shippedAt = shipment.shippedAt ?? update.at;
        changes.deliveredAt = update.at;
      }
    }
    await repo.updateShipment(tx, shipment.id, { ...changes, updatedAt: now });
    const updated = { ...shipment, ...changes };
    if (moves && update.status !== 'cancelled') await postSeeded(tx, updated, now);
    if (moves && update.status === 'cancelled') await postReturned(tx, updated, now);
    if (moves && update.status === 'delivered') await repo.setObligationDueDates(tx, shipment.id, utcDay(update.at));
    // Outgoing webhooks (decision record 044): once, when the shipment is first known to have left the store.
    if (moves && shipment.shippedAt === null && updated.shippedAt) {
      await recordOutgoingEvent(tx, shipment.businessId, 'gear.shipped', {
        shipmentId: shipment.id, requestId: shipment.requestId, proStaffId: shipment.proStaffId, status: update.status,
        carrier: updated.carrier ?? null, trackingNumber: updated.trackingNumber ?? null, trackingUrl: updated.trackingUrl ?? null, shippedAt: new Date(updated.shippedAt).toISOString(),
      });
    }
    const userIds = moves ? await recordNotifications(ctx, tx, await shipmentNotice(ctx, tx, updated)) : [];
    return { userIds, what: moves ? `shipment ${shipment.id} ${update.status}` : `shipment ${shipment.id} tracking kept (already ${shipment.status})` };
  });
  if (!result) return null;
  await announceNotifications(ctx, result.userIds);
  return result.what;
}
