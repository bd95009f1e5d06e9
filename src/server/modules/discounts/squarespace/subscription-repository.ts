import { eq } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { integrationPlatforms } from '@server/db/schema/discounts';
import { squarespaceSubscriptions } from '@server/db/schema/squarespace';

export type SubscriptionRow = typeof squarespaceSubscriptions.$inferSelect;

export async function findSubscription(db: Database, platformId: number): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(squarespaceSubscriptions).where(eq(squarespaceSubscriptions.platformId, platformId)).limit(1);
  return row ?? null;
}

/**
 * Keeps the new subscription and makes its secret the platform's signing secret; the replaced secret stays accepted
 * for the grace period, so notifications the old subscription already sent still verify.
 */
export async function saveSubscription(
  db: Database,
  values: { platformId: number; subscriptionId: string; endpointUrl: string; topics: string[]; secret: string; previousSecret: string; graceUntil: Date },
  now: Date,
): Promise<SubscriptionRow> {
  const { platformId, subscriptionId, endpointUrl, topics } = values;
  await db
    .update(integrationPlatforms)
    .set({ webhookSecret: values.secret, previousWebhookSecret: values.previousSecret, previousSecretExpiresAt: values.graceUntil, updatedAt: now })
    .where(eq(integrationPlatforms.id, platformId));
  const [row] = await db
    .insert(squarespaceSubscriptions)
    .values({ platformId, subscriptionId, endpointUrl, topics, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: squarespaceSubscriptions.platformId, set: { subscriptionId, endpointUrl, topics, updatedAt: now } })
    .returning();
  return row;
}
