import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { transactionLock } from '@server/db/locks';
import { businessProfiles } from '@server/db/schema/profiles';
import { users } from '@server/db/schema/users';
import { outgoingWebhookAttempts, outgoingWebhookDeliveries, outgoingWebhookEndpoints, outgoingWebhookEvents } from '@server/db/schema/webhooks-out';

export type EndpointRow = typeof outgoingWebhookEndpoints.$inferSelect;
export type NewEndpoint = typeof outgoingWebhookEndpoints.$inferInsert;

/** Held while counting a business's endpoints before adding one. */
export const lockBusinessEndpoints = transactionLock('webhookEndpoints');

export function listEndpoints(db: Database, businessId: number): Promise<EndpointRow[]> {
  return db.select().from(outgoingWebhookEndpoints).where(eq(outgoingWebhookEndpoints.businessId, businessId)).orderBy(asc(outgoingWebhookEndpoints.id));
}

export async function findEndpoint(db: Database, businessId: number, id: number, lock = false): Promise<EndpointRow | null> {
  const query = db.select().from(outgoingWebhookEndpoints).where(and(eq(outgoingWebhookEndpoints.id, id), eq(outgoingWebhookEndpoints.businessId, businessId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function countEndpoints(db: Database, businessId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(outgoingWebhookEndpoints).where(eq(outgoingWebhookEndpoints.businessId, businessId));
  return row.n;
}

export async function insertEndpoint(db: Database, values: NewEndpoint): Promise<EndpointRow> {
  const [row] = await db.insert(outgoingWebhookEndpoints).values(values).returning();
  return row;
}

export async function updateEndpoint(db: Database, id: number, values: Partial<NewEndpoint>): Promise<EndpointRow> {
  const [row] = await db.update(outgoingWebhookEndpoints).set({ ...values, updatedAt: new Date() }).where(eq(outgoingWebhookEndpoints.id, id)).returning();
  return row;
}

export async function deleteEndpoint(db: Database, businessId: number, id: number): Promise<boolean> {
  const rows = await db.delete(outgoingWebhookEndpoints).where(and(eq(outgoingWebhookEndpoints.id, id), eq(outgoingWebhookEndpoints.businessId, businessId))).returning({ id: outgoingWebhookEndpoints.id });
  return rows.length > 0;
}

/** Everything one attempt needs, with the delivery locked (two runs of one task take turns). */
export async function lockDelivery(db: Database, deliveryId: number) {
  const [row] = await db
    .select({
      delivery: outgoingWebhookDeliveries,
      event: outgoingWebhookEvents,
      endpoint: outgoingWebhookEndpoints,
      ownerEmail: users.email,
      ownerTier: users.subscriptionTier,
      ownerType: users.userType,
    })
    .from(outgoingWebhookDeliveries)
    .innerJoin(outgoingWebhookEvents, eq(outgoingWebhookEvents.id, outgoingWebhookDeliveries.eventId))
    .innerJoin(outgoingWebhookEndpoints, eq(outgoingWebhookEndpoints.id, outgoingWebhookDeliveries.endpointId))
    .innerJoin(businessProfiles, eq(businessProfiles.id, outgoingWebhookEndpoints.businessId))
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .where(eq(outgoingWebhookDeliveries.id, deliveryId))
    .for('update', { of: outgoingWebhookDeliveries });
  return row ?? null;
}

export async function updateDelivery(db: Database, id: number, values: Partial<typeof outgoingWebhookDeliveries.$inferInsert>): Promise<void> {
  await db.update(outgoingWebhookDeliveries).set({ ...values, updatedAt: new Date() }).where(eq(outgoingWebhookDeliveries.id, id));
}

export async function insertAttempt(db: Database, values: typeof outgoingWebhookAttempts.$inferInsert): Promise<void> {
  await db.insert(outgoingWebhookAttempts).values(values);
}

/** A failed attempt: the endpoint's streak grows (and its start is kept). Answers the endpoint as it now stands. */
export async function recordEndpointFailure(db: Database, id: number, now: Date): Promise<EndpointRow> {
  const [row] = await db
    .update(outgoingWebhookEndpoints)
    .set({ consecutiveFailures: sql`${outgoingWebhookEndpoints.consecutiveFailures} + 1`, failingSince: sql`coalesce(${outgoingWebhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(eq(outgoingWebhookEndpoints.id, id))
    .returning();
  return row;
}

export async function recordEndpointSuccess(db: Database, id: number): Promise<void> {
  await db.update(outgoingWebhookEndpoints).set({ consecutiveFailures: 0, failingSince: null }).where(eq(outgoingWebhookEndpoints.id, id));
}

/** The business's deliveries, newest first, with their attempts and event type. */
export async function listDeliveries(db: Database, businessId: number, endpointId: number | undefined, limit: number) {
  const rows = await db
    .select({ delivery: outgoingWebhookDeliveries, eventType: outgoingWebhookEvents.type })
    .from(outgoingWebhookDeliveries)
    .innerJoin(outgoingWebhookEndpoints, eq(outgoingWebhookEndpoints.id, outgoingWebhookDeliveries.endpointId))
    .innerJoin(outgoingWebhookEvents, eq(outgoingWebhookEvents.id, outgoingWebhookDeliveries.eventId))
    .where(and(eq(outgoingWebhookEndpoints.businessId, businessId), endpointId === undefined ? undefined : eq(outgoingWebhookDeliveries.endpointId, endpointId)))
    .orderBy(desc(outgoingWebhookDeliveries.id))
    .limit(limit);
  const attempts = rows.length === 0 ? [] : await db
    .select()
    .from(outgoingWebhookAttempts)
    .where(inArray(outgoingWebhookAttempts.deliveryId, rows.map((row) => row.delivery.id)))
    .orderBy(asc(outgoingWebhookAttempts.id));
  return { rows, attempts };
}

/** A delivery of the business's, or null (another business's is the same as none). */
export async function findDelivery(db: Database, businessId: number, id: number) {
  const [row] = await db
    .select({ delivery: outgoingWebhookDeliveries, endpoint: outgoingWebhookEndpoints })
    .from(outgoingWebhookDeliveries)
    .innerJoin(outgoingWebhookEndpoints, eq(outgoingWebhookEndpoints.id, outgoingWebhookDeliveries.endpointId))
    .where(and(eq(outgoingWebhookDeliveries.id, id), eq(outgoingWebhookEndpoints.businessId, businessId)));
  return row ?? null;
}

/** For the account export: the business's endpoints (without secrets) and its events. */
export async function exportRows(db: Database, businessId: number) {
  const endpoints = await listEndpoints(db, businessId);
  const events = await db.select().from(outgoingWebhookEvents).where(eq(outgoingWebhookEvents.businessId, businessId)).orderBy(asc(outgoingWebhookEvents.createdAt));
  return { endpoints, events };
}
