import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { rowsOf } from '@server/db/client';
import { effectiveTier } from '@server/lib/entitlements';
import type { OutgoingEventType } from '@shared/contracts/webhooks-out';
import { API_ACCESS_TIER } from './plan';

/** The queued task that makes one attempt of one delivery (decision record 044). */
export const DELIVER_TASK = 'webhooks-out.deliver';
/** Attempts the queue itself makes of one delivery task: only for crashes and a database away (HTTP failures reschedule). */
export const DELIVER_TASK_ATTEMPTS = 3;

/**
 * The outbox (decision record 044). Called by the module that decides a change, with its transaction, so the event
 * exists exactly when the change does: a rolled-back change announces nothing, and a committed one is delivered even
 * if the process dies right after. One statement writes the event (only when the business is on the plan with API
 * access and has an enabled endpoint subscribed to `type`), one delivery per such endpoint, and the queued task
 * of each delivery's first attempt. `data` holds ids, amounts in minor units with currency, states and times: never
 * a person's contact details.
 */
export async function recordOutgoingEvent(db: Database, businessId: number, type: OutgoingEventType, data: Record<string, unknown>): Promise<number> {
  return recordOutgoingEvents(db, businessId, type, [data]);
}

/** One event per element of `list` (a payout of many commissions): still one statement. Answers deliveries queued. */
export async function recordOutgoingEvents(db: Database, businessId: number, type: OutgoingEventType, list: Record<string, unknown>[]): Promise<number> {
  if (list.length === 0) return 0;
  const result = await db.execute(sql`
    with subscribed as (
      select e.id from outgoing_webhook_endpoints e
      join business_profiles b on b.id = e.business_id
      join users on users.id = b.user_id
      where e.business_id = ${businessId} and e.enabled and ${type} = any(e.event_types) and (${effectiveTier}) = ${API_ACCESS_TIER}
    ), events as (
      insert into outgoing_webhook_events (id, business_id, type, data)
      select 'evt_' || replace(gen_random_uuid()::text, '-', ''), ${businessId}, ${type}, item.value
      from jsonb_array_elements(${JSON.stringify(list)}::jsonb) with ordinality as item(value, n)
      where exists (select 1 from subscribed)
      order by item.n
      returning id
    ), deliveries as (
      insert into outgoing_webhook_deliveries (event_id, endpoint_id, next_attempt_at)
      select events.id, subscribed.id, now() from events cross join subscribed
      returning id
    )
    insert into background_tasks (kind, payload, dedupe_key, max_attempts)
    select ${DELIVER_TASK}, jsonb_build_object('deliveryId', deliveries.id, 'attempt', 1), ${DELIVER_TASK} || ':' || deliveries.id || ':1', ${DELIVER_TASK_ATTEMPTS}
    from deliveries
    returning id`);
  return rowsOf(result).length;
}
