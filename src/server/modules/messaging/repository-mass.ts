import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '@server/db/client';
import { massSends, type MassSendFilters } from '@server/db/schema/messaging';

// Mass messages (decision record 017): the send is recorded with its recipients, then delivered in batches.

// The status column is text; the two values are the ones this module writes.
export type MassSendRow = Pick<
  typeof massSends.$inferSelect,
  'id' | 'senderId' | 'idempotencyKey' | 'content' | 'filters' | 'recipientCount' | 'deliveredCount' | 'createdAt' | 'finishedAt'
> & { status: 'sending' | 'sent' };

const massSendColumns = {
  id: massSends.id,
  senderId: massSends.senderId,
  idempotencyKey: massSends.idempotencyKey,
  content: massSends.content,
  filters: massSends.filters,
  status: massSends.status,
  recipientCount: massSends.recipientCount,
  deliveredCount: massSends.deliveredCount,
  createdAt: massSends.createdAt,
  finishedAt: massSends.finishedAt,
};

const toRow = (row: Omit<MassSendRow, 'status'> & { status: string }): MassSendRow => ({ ...row, status: row.status === 'sent' ? 'sent' : 'sending' });

export async function findMassSend(db: Database, id: number): Promise<MassSendRow | null> {
  const [row] = await db.select(massSendColumns).from(massSends).where(eq(massSends.id, id)).limit(1);
  return row ? toRow(row) : null;
}

export async function findMassSendByKey(db: Database, senderId: number, idempotencyKey: string): Promise<MassSendRow | null> {
  const [row] = await db
    .select(massSendColumns)
    .from(massSends)
    .where(and(eq(massSends.senderId, senderId), eq(massSends.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ? toRow(row) : null;
}

export async function listUnfinishedMassSends(db: Database): Promise<number[]> {
  const rows = await db.select({ id: massSends.id }).from(massSends).where(eq(massSends.status, 'sending'));
  return rows.map((row) => row.id);
}

function recipientConditions(senderId: number, filters: MassSendFilters): SQL[] {
  const conditions = [sql`u.user_type = 'pro_staff'`, sql`u.id <> ${senderId}`];
  if (filters.specialties && filters.specialties.length > 0) {
    conditions.push(sql`p.specialties && ${`{${filters.specialties.map((s) => `"${s.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`);
  }
  if (filters.location) {
    const pattern = `%${filters.location.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`p.location ilike ${pattern}`);
  }
  return conditions;
}

/**
 * Records a send with every matching pro staffer fixed as a recipient now (one statement, ids never leave
 * the database). Returns null when a concurrent request with the same idempotency key got there first.
 */
export async function createMassSend(
  db: Database,
  values: { senderId: number; idempotencyKey: string | null; content: string; filters: MassSendFilters; now: Date },
): Promise<MassSendRow | null> {
  const { senderId, idempotencyKey, content, filters, now } = values;
  const result = await db.execute(sql`
    insert into mass_sends (sender_id, idempotency_key, content, filters, status, recipient_ids, recipient_count, created_at)
    select ${senderId}::int, ${idempotencyKey}::text, ${content}::text, ${JSON.stringify(filters)}::jsonb,
      case when cardinality(r.ids) = 0 then 'sent' else 'sending' end, r.ids, cardinality(r.ids), ${now.toISOString()}::timestamptz
    from (
      select coalesce(array_agg(u.id order by u.id), '{}'::int[]) as ids
      from users u join pro_staff_profiles p on p.user_id = u.id
      where ${sql.join(recipientConditions(senderId, filters), sql` and `)}
    ) r
    on conflict (sender_id, idempotency_key) do nothing
    returning id
  `);
  const [row] = rowsOf<{ id: number }>(result);
  return row ? findMassSend(db, Number(row.id)) : null;
}

/** Splits the recipients into `lanes` stretches of consecutive positions, one worker each at a time. */
export async function addMassSendLanes(db: Database, id: number, lanes: number): Promise<void> {
  await db.execute(sql`
    insert into mass_send_lanes (mass_send_id, lane, first_position, last_position, delivered_through)
    select s.id, g, g * p.per + 1, least(s.recipient_count, (g + 1) * p.per), g * p.per
    from mass_sends s
    cross join lateral (select ceil(s.recipient_count::numeric / ${lanes}::int)::int as per) p
    cross join generate_series(0, ${lanes}::int - 1) g
    where s.id = ${id} and g * p.per < s.recipient_count
  `);
}

export type DeliveredMessage = { id: number; toUserId: number; conversationId: number };
export type MassBatch =
  | { kind: 'delivered'; messages: DeliveredMessage[]; done: boolean; senderId: number }
  /** Nothing left to take: finished, or every unfinished lane is held by another worker right now. */
  | { kind: 'idle' };

/**
 * Delivers the next `batchSize` recipients of one free lane of a send in one transaction: conversations
 * are created or reused, messages inserted and the lane moved on together, so a batch happens once or not
 * at all. The lane's row lock (SKIP LOCKED) keeps two workers off the same batch.
 */
export async function deliverMassBatch(db: Database, id: number, batchSize: number): Promise<MassBatch> {
  return db.transaction(async (tx) => {
    const locked = rowsOf<{ lane: number; last: number; through: number; senderId: number }>(
      await tx.execute(sql`
        select l.lane, l.last_position as last, l.delivered_through as through, s.sender_id as "senderId"
        from mass_send_lanes l join mass_sends s on s.id = l.mass_send_id
        where l.mass_send_id = ${id} and l.delivered_through < l.last_position
        order by l.lane limit 1
        for update of l skip locked
      `),
    );
    if (locked.length === 0) return { kind: 'idle' } as const;
    const lane = Number(locked[0].lane);
    const senderId = Number(locked[0].senderId);
    const from = Number(locked[0].through) + 1;
    const to = Math.min(Number(locked[0].last), from + batchSize - 1);
    // Every message carries the time the send was accepted; a recipient deleted since is skipped.
    const result = await tx.execute(sql`
      with send as (
        select content, created_at as stamp, recipient_ids[${from}:${to}] as batch from mass_sends where id = ${id}
      ), recipients as (
        select r.uid from send, unnest(send.batch) as r(uid) join users on users.id = r.uid
      ), upserted as (
        insert into conversations (user_a_id, user_b_id, created_at, last_message_at)
        select least(${senderId}::int, uid), greatest(${senderId}::int, uid), send.stamp, send.stamp from recipients, send
        on conflict (user_a_id, user_b_id) do update set last_message_at = greatest(conversations.last_message_at, excluded.last_message_at)
        returning id, user_a_id, user_b_id
      )
      insert into messages (conversation_id, from_user_id, to_user_id, content, is_mass, created_at)
      select u.id, ${senderId}::int, case when u.user_a_id = ${senderId}::int then u.user_b_id else u.user_a_id end, send.content, true, send.stamp
      from upserted u, send
      returning id, to_user_id as "toUserId", conversation_id as "conversationId"
    `);
    const messages = rowsOf<DeliveredMessage>(result).map((row) => ({ id: Number(row.id), toUserId: Number(row.toUserId), conversationId: Number(row.conversationId) }));
    await tx.execute(sql`update mass_send_lanes set delivered_through = ${to} where mass_send_id = ${id} and lane = ${lane}`);
    const [send] = rowsOf<{ status: string }>(
      await tx.execute(sql`
        update mass_sends
        set delivered_count = delivered_count + ${to - from + 1},
            status = case when delivered_count + ${to - from + 1} >= recipient_count then 'sent' else 'sending' end,
            finished_at = case when delivered_count + ${to - from + 1} >= recipient_count then now() end
        where id = ${id}
        returning status
      `),
    );
    return { kind: 'delivered', messages, done: send?.status === 'sent', senderId } as const;
  });
}
