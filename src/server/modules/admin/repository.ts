import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '@server/db/client';

// Raw SQL on purpose: analytics reads other domains' tables, some of which (messages, reviews) may
// not be installed, so their presence is checked before they are named in a query.

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** True when the table exists with all the given columns. */
export async function hasColumns(db: Database, table: string, columns: string[]): Promise<boolean> {
  const found = await rows<{ column_name: string }>(
    db,
    sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`,
  );
  const names = new Set(found.map((row) => row.column_name));
  return names.size > 0 && columns.every((column) => names.has(column));
}

export type Windows = { now: Date; todayStart: Date; monthStart: Date; since7d: Date; since30d: Date; since15m: Date };

export type CoreCounts = {
  total_users: number;
  new_users_today: number;
  business_count: number;
  active_businesses: number;
  business_base: number;
  business_new: number;
  pro_staff_count: number;
  active_pro_staff: number;
  pro_staff_base: number;
  pro_staff_new: number;
  base_7d: number;
  new_7d: number;
  base_30d: number;
  new_30d: number;
  retained: number;
  job_postings: number;
  active_jobs: number;
  applications: number;
  page_views: number;
  page_views_today: number;
  active_sessions: number;
  monthly_revenue: number;
  total_revenue: number;
  recurring_revenue: number;
};

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export async function coreCounts(db: Database, w: Windows): Promise<CoreCounts> {
  const [row] = await rows<CoreCounts>(
    db,
    sql`
    with active as (
      select id as user_id from users where last_active_at >= ${ts(w.since30d)}
      union select user_id from page_views where user_id is not null and created_at >= ${ts(w.since30d)}
      union select user_id from sessions where created_at >= ${ts(w.since30d)}
    )
    select
      (select count(*)::int from users) as total_users,
      (select count(*)::int from users where created_at >= ${ts(w.todayStart)}) as new_users_today,
      (select count(*)::int from users where user_type = 'business') as business_count,
      (select count(*)::int from users where user_type = 'business' and id in (select user_id from active)) as active_businesses,
      (select count(*)::int from users where user_type = 'business' and created_at < ${ts(w.since30d)}) as business_base,
      (select count(*)::int from users where user_type = 'business' and created_at >= ${ts(w.since30d)}) as business_new,
      (select count(*)::int from users where user_type = 'pro_staff') as pro_staff_count,
      (select count(*)::int from users where user_type = 'pro_staff' and id in (select user_id from active)) as active_pro_staff,
      (select count(*)::int from users where user_type = 'pro_staff' and created_at < ${ts(w.since30d)}) as pro_staff_base,
      (select count(*)::int from users where user_type = 'pro_staff' and created_at >= ${ts(w.since30d)}) as pro_staff_new,
      (select count(*)::int from users where created_at < ${ts(w.since7d)}) as base_7d,
      (select count(*)::int from users where created_at >= ${ts(w.since7d)}) as new_7d,
      (select count(*)::int from users where created_at < ${ts(w.since30d)}) as base_30d,
      (select count(*)::int from users where created_at >= ${ts(w.since30d)}) as new_30d,
      (select count(*)::int from users where created_at < ${ts(w.since30d)} and id in (select user_id from active)) as retained,
      (select count(*)::int from job_postings) as job_postings,
      (select count(*)::int from job_postings where is_active) as active_jobs,
      (select count(*)::int from applications) as applications,
      (select count(*)::int from page_views) as page_views,
      (select count(*)::int from page_views where created_at >= ${ts(w.todayStart)}) as page_views_today,
      (select count(distinct coalesce('u' || user_id::text, 'v' || visitor_id))::int from page_views
        where created_at >= ${ts(w.since15m)} and (user_id is not null or visitor_id is not null)) as active_sessions,
      (select coalesce(sum(amount_cents), 0)::bigint from subscription_payments where paid_at >= ${ts(w.monthStart)}) as monthly_revenue,
      (select coalesce(sum(amount_cents), 0)::bigint from subscription_payments) as total_revenue,
      (select coalesce(sum(amount_cents), 0)::bigint from subscriptions where status in ('active', 'past_due')) as recurring_revenue
    `,
  );
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value ?? 0)])) as CoreCounts;
}

export async function topPages(db: Database, since: Date, limit = 5): Promise<{ path: string; views: number }[]> {
  const result = await rows<{ path: string; views: number }>(
    db,
    sql`select path, count(*)::int as views from page_views where created_at >= ${ts(since)} group by path order by views desc, path asc limit ${limit}`,
  );
  return result.map((row) => ({ path: row.path, views: Number(row.views) }));
}

export async function usersByTier(db: Database): Promise<{ user_type: string; subscription_tier: string; n: number }[]> {
  return rows(db, sql`select user_type, subscription_tier, count(*)::int as n from users group by user_type, subscription_tier`);
}

export async function subscriptionsByStatus(db: Database): Promise<{ status: string; n: number }[]> {
  return rows(db, sql`select status, count(*)::int as n from subscriptions group by status`);
}

export async function topBusiness(db: Database): Promise<{ user_id: number; company_name: string; job_postings: number; applications: number } | null> {
  const [row] = await rows<{ user_id: number; company_name: string; job_postings: number; applications: number }>(
    db,
    sql`
    select bp.user_id, bp.company_name,
      (select count(*)::int from job_postings j where j.business_id = bp.id) as job_postings,
      (select count(*)::int from applications a join job_postings j on j.id = a.job_posting_id where j.business_id = bp.id) as applications
    from business_profiles bp
    order by applications desc, job_postings desc, bp.id asc
    limit 1`,
  );
  return row ?? null;
}

export async function countRows(db: Database, table: 'messages' | 'reviews'): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return Number(row?.n ?? 0);
}

export async function messagesSentBy(db: Database, userId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from messages where from_user_id = ${userId}`);
  return Number(row?.n ?? 0);
}

/** Mean minutes from a message to the recipient's next message in the same conversation (replies within 7 days). */
export async function averageReplyMinutes(db: Database, since: Date): Promise<number | null> {
  const [row] = await rows<{ minutes: number | null }>(
    db,
    sql`
    select avg(extract(epoch from (r.created_at - m.created_at)) / 60)::float8 as minutes
    from messages m
    join lateral (
      select created_at from messages r
      where r.conversation_id = m.conversation_id and r.from_user_id = m.to_user_id and r.created_at > m.created_at
      order by r.created_at limit 1
    ) r on true
    where m.created_at >= ${ts(since)} and r.created_at - m.created_at <= interval '7 days'`,
  );
  return row?.minutes == null ? null : Number(row.minutes);
}

export async function recentUsers(db: Database, limit: number) {
  return rows<{ id: number; email: string; user_type: 'business' | 'pro_staff'; subscription_tier: string; created_at: Date | string }>(
    db,
    sql`select id, email, user_type, subscription_tier, created_at from users order by created_at desc, id desc limit ${limit}`,
  );
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

export async function webhookActivity(db: Database, since: Date): Promise<{ recent: number; last: Date | string | null }> {
  const [row] = await rows<{ recent: number; last: Date | string | null }>(
    db,
    sql`select (select count(*)::int from processed_stripe_events where processed_at >= ${ts(since)}) as recent,
      (select max(processed_at) from processed_stripe_events) as last`,
  );
  return { recent: Number(row?.recent ?? 0), last: row?.last ?? null };
}
