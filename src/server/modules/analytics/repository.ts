import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '@server/db/client';
import { profileViews } from '@server/db/schema/analytics';

// Time series are bucketed and zero-filled in SQL (generate_series), in UTC, so PGlite and PostgreSQL answer
// the same and no bucket is missing. Sums are cast to float8: exact for any realistic cents total and a plain
// number on both drivers (bigint is not). See docs/decisions/019-analytics-charts.md.

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

const utc = (now: Date) => sql`(${now.toISOString()}::timestamptz at time zone 'UTC')`;

/** The last `weeks` Monday-based UTC weeks up to the one holding `now`, as a CTE named w(week) plus bounds(since). */
function weekBuckets(now: Date, weeks: number): SQL {
  return sql`
    bounds as (select date_trunc('week', ${utc(now)}) - ${weeks - 1} * interval '1 week' as first_week, date_trunc('week', ${utc(now)}) as last_week),
    w as (select generate_series(first_week, last_week, interval '1 week') as week from bounds),
    since as (select first_week at time zone 'UTC' as since_at from bounds)`;
}

export type BusinessWeekRow = {
  week_start: string;
  profile_views: number;
  applications: number;
  messages_received: number;
  messages_sent: number;
  code_uses: number;
};

export async function businessWeeks(db: Database, business: { businessId: number; userId: number }, now: Date, weeks: number): Promise<BusinessWeekRow[]> {
  const { businessId, userId } = business;
  const week = (column: SQL) => sql`date_trunc('week', ${column} at time zone 'UTC')`;
  return rows<BusinessWeekRow>(
    db,
    sql`
    with ${weekBuckets(now, weeks)},
    pv as (
      select ${week(sql`created_at`)} as week, count(*)::int as n from profile_views
      where profile_type = 'business' and profile_id = ${businessId} and created_at >= (select since_at from since) group by 1
    ),
    ap as (
      select ${week(sql`a.created_at`)} as week, count(*)::int as n from applications a join job_postings j on j.id = a.job_posting_id
      where j.business_id = ${businessId} and a.created_at >= (select since_at from since) group by 1
    ),
    mr as (
      select ${week(sql`created_at`)} as week, count(*)::int as n from messages
      where to_user_id = ${userId} and created_at >= (select since_at from since) group by 1
    ),
    ms as (
      select ${week(sql`created_at`)} as week, count(*)::int as n from messages
      where from_user_id = ${userId} and created_at >= (select since_at from since) group by 1
    ),
    cu as (
      select ${week(sql`created_at`)} as week, count(*)::int as n from store_orders
      where business_id = ${businessId} and discount_code_id is not null and created_at >= (select since_at from since) group by 1
    )
    select to_char(w.week, 'YYYY-MM-DD') as week_start,
      coalesce(pv.n, 0) as profile_views, coalesce(ap.n, 0) as applications,
      coalesce(mr.n, 0) as messages_received, coalesce(ms.n, 0) as messages_sent, coalesce(cu.n, 0) as code_uses
    from w
      left join pv on pv.week = w.week left join ap on ap.week = w.week
      left join mr on mr.week = w.week left join ms on ms.week = w.week left join cu on cu.week = w.week
    order by w.week`,
  );
}

export type MoneyWeekRow = { currency: string | null; week_start: string; revenue_cents: number; commission_cents: number };

/**
 * Attributed revenue (placed orders that used one of the business's codes) and the commissions those orders
 * produced, per currency and week. A commission has the currency of its order; manual commissions are not
 * attributed to any order and are left out.
 */
export async function businessMoneyWeeks(db: Database, businessId: number, now: Date, weeks: number): Promise<MoneyWeekRow[]> {
  return rows<MoneyWeekRow>(
    db,
    sql`
    with ${weekBuckets(now, weeks)},
    rev as (
      select date_trunc('week', created_at at time zone 'UTC') as week, upper(currency) as cur, sum(order_value_cents)::float8 as cents
      from store_orders
      where business_id = ${businessId} and discount_code_id is not null and status = 'placed' and order_value_cents is not null
        and created_at >= (select since_at from since)
      group by 1, 2
    ),
    com as (
      select date_trunc('week', c.created_at at time zone 'UTC') as week, upper(o.currency) as cur, sum(c.amount_cents)::float8 as cents
      from commissions c left join store_orders o on o.business_id = c.business_id and o.order_id = c.order_id
      where c.business_id = ${businessId} and c.source = 'order' and c.status <> 'cancelled' and c.created_at >= (select since_at from since)
      group by 1, 2
    ),
    curs as (select cur from rev union select cur from com)
    select curs.cur as currency, to_char(w.week, 'YYYY-MM-DD') as week_start,
      coalesce(rev.cents, 0) as revenue_cents, coalesce(com.cents, 0) as commission_cents
    from curs cross join w
      left join rev on rev.week = w.week and rev.cur is not distinct from curs.cur
      left join com on com.week = w.week and com.cur is not distinct from curs.cur
    order by curs.cur nulls last, w.week`,
  );
}

export type PromotionsDayRow = { day: string; impressions: number; clicks: number; spent_cents: number };

/** All of a business's promotions added up per UTC day, the last `days` days up to `today` (YYYY-MM-DD). */
export async function promotionsDays(db: Database, businessId: number, today: string, days: number): Promise<PromotionsDayRow[]> {
  return rows<PromotionsDayRow>(
    db,
    sql`
    with d as (
      select generate_series(${today}::date - ${days - 1}::int, ${today}::date, interval '1 day')::date as day
    ),
    s as (
      select s.day, sum(s.impressions)::int as impressions, sum(s.clicks)::int as clicks, sum(s.spent_cents)::float8 as spent_cents
      from promotion_daily_stats s join promotions p on p.id = s.promotion_id
      where p.business_id = ${businessId} and s.day between ${today}::date - ${days - 1}::int and ${today}::date
      group by s.day
    )
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(s.impressions, 0) as impressions, coalesce(s.clicks, 0) as clicks,
      coalesce(s.spent_cents, 0) as spent_cents
    from d left join s on s.day = d.day
    order by d.day`,
  );
}

export type GrowthWeekRow = { week_start: string; new_businesses: number; new_pro_staff: number; total_users: number };

/** Sign-ups per week by account type, and how many accounts existed at the end of each week. */
export async function growthWeeks(db: Database, now: Date, weeks: number): Promise<GrowthWeekRow[]> {
  return rows<GrowthWeekRow>(
    db,
    sql`
    with ${weekBuckets(now, weeks)},
    n as (
      select date_trunc('week', created_at at time zone 'UTC') as week,
        count(*) filter (where user_type = 'business')::int as businesses,
        count(*) filter (where user_type = 'pro_staff')::int as pro_staff
      from users where created_at >= (select since_at from since) group by 1
    ),
    base as (select count(*)::int as total from users where created_at < (select since_at from since))
    select to_char(w.week, 'YYYY-MM-DD') as week_start, coalesce(n.businesses, 0) as new_businesses, coalesce(n.pro_staff, 0) as new_pro_staff,
      ((select total from base) + sum(coalesce(n.businesses, 0) + coalesce(n.pro_staff, 0)) over (order by w.week))::int as total_users
    from w left join n on n.week = w.week
    order by w.week`,
  );
}

/**
 * Remembers that someone other than the owner opened a profile. A signed-in viewer counts once per profile per
 * 30 minutes (reloads are not views); visitors without a session cannot be told apart and each open counts.
 */
export async function recordProfileView(db: Database, view: { profileType: 'business' | 'pro_staff'; profileId: number; viewerUserId: number | null }, now: Date): Promise<void> {
  if (view.viewerUserId === null) {
    await db.insert(profileViews).values({ ...view, createdAt: now });
    return;
  }
  const since = new Date(now.getTime() - 30 * 60_000);
  await db.execute(sql`
    insert into profile_views (profile_type, profile_id, viewer_user_id, created_at)
    select ${view.profileType}, ${view.profileId}, ${view.viewerUserId}, ${now.toISOString()}::timestamptz
    where not exists (
      select 1 from profile_views where profile_type = ${view.profileType} and profile_id = ${view.profileId}
        and viewer_user_id = ${view.viewerUserId} and created_at > ${since.toISOString()}::timestamptz
    )`);
}
