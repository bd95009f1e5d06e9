import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DeliveryStatus, OutgoingEventType } from '@shared/contracts/webhooks-out';
import { cascadingReference, createdAtColumn, idColumn, timestampColumns } from './columns';
import { businessIdColumn } from './profiles';

/**
 * Outgoing webhooks (decision record 044): an Enterprise brand's endpoints, the outbox of events (written in the
 * transaction of the change they announce) and one delivery per event and endpoint, with every attempt kept.
 */
export const outgoingWebhookEndpoints = pgTable(
  'outgoing_webhook_endpoints',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().$type<OutgoingEventType[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Set when HuntStaff turned the endpoint off (repeated failures); cleared when the business turns it on. */
    disabledReason: text('disabled_reason'),
    /** The signing secret, sealed with the integration key (lib/secret-box). */
    secret: text('secret').notNull(),
    /** The secret before the last rotation, still signing until `previous_secret_expires_at`. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** First failed attempt since the last success; null while the endpoint answers. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    ...timestampColumns(),
  },
  (table) => [index('outgoing_webhook_endpoints_business_idx').on(table.businessId)],
);

/** The outbox: one row per announced change, with a stable id receivers dedupe on. Never updated. */
export const outgoingWebhookEvents = pgTable(
  'outgoing_webhook_events',
  {
    /** `evt_` and 32 hex digits. */
    id: text('id').primaryKey(),
    businessId: businessIdColumn(),
    type: text('type').$type<OutgoingEventType>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('outgoing_webhook_events_business_idx').on(table.businessId, table.createdAt)],
);

export const outgoingWebhookDeliveries = pgTable(
  'outgoing_webhook_deliveries',
  {
    id: idColumn(),
    eventId: text('event_id').notNull().references(() => outgoingWebhookEvents.id, { onDelete: 'cascade' }),
    endpointId: cascadingReference('endpoint_id', () => outgoingWebhookEndpoints.id),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    /** Attempts made so far (automatic and resends): the next one's number is this plus one. */
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    ...timestampColumns(),
  },
  (table) => [
    index('outgoing_webhook_deliveries_endpoint_idx').on(table.endpointId, table.id),
    index('outgoing_webhook_deliveries_event_idx').on(table.eventId),
    check('outgoing_webhook_deliveries_status_check', sql`${table.status} in ('pending', 'retrying', 'succeeded', 'failed', 'skipped')`),
  ],
);

/** Every attempt of a delivery: what the endpoint answered (status only, never its body), how long, or the error. */
export const outgoingWebhookAttempts = pgTable(
  'outgoing_webhook_attempts',
  {
    id: idColumn(),
    deliveryId: cascadingReference('delivery_id', () => outgoingWebhookDeliveries.id),
    attempt: integer('attempt').notNull(),
    manual: boolean('manual').notNull().default(false),
    responseStatus: integer('response_status'),
    durationMs: bigint('duration_ms', { mode: 'number' }).notNull(),
    error: text('error'),
    createdAt: createdAtColumn(),
  },
  (table) => [index('outgoing_webhook_attempts_delivery_idx').on(table.deliveryId)],
);
