import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '@server/db/client';
import { transactionLock } from '@server/db/locks';
import { agreements } from '@server/db/schema/agreements';
import { isLiveAgreement } from '@server/db/live-agreement';
import { goals, seasons } from '@server/db/schema/goals';
import { proStaffProfiles } from '@server/db/schema/profiles';

// Goals by season (decision record 033): the only module that writes seasons and goals. Progress is read here from
// other modules' tables (attributed store orders, approved campaign task proofs) in one query per list.

export type SeasonRow = typeof seasons.$inferSelect & { goalCount: number };
export type GoalTargetValues = Pick<typeof goals.$inferInsert, 'salesTargetMinor' | 'salesCurrency' | 'postsTarget' | 'eventsTarget' | 'reportsTarget'>;

/** One goal's "reached" notification at a time (the task and an inline check never both tell). */
export const lockGoalReached = transactionLock('goalsReached');

const seasonColumns = {
  id: seasons.id,
  businessId: seasons.businessId,
  name: seasons.name,
  startsOn: seasons.startsOn,
  endsOn: seasons.endsOn,
  createdAt: seasons.createdAt,
  updatedAt: seasons.updatedAt,
  goalCount: sql<number>`(select count(*)::int from ${goals} where ${goals.seasonId} = ${seasons.id})`,
};

export async function listSeasons(db: Database, businessId: number): Promise<SeasonRow[]> {
  return db.select(seasonColumns).from(seasons).where(eq(seasons.businessId, businessId)).orderBy(desc(seasons.startsOn), desc(seasons.id)).limit(500);
}

export async function findSeason(db: Database, id: number): Promise<SeasonRow | null> {
  const [row] = await db.select(seasonColumns).from(seasons).where(eq(seasons.id, id)).limit(1);
  return row ?? null;
}

type SeasonValues = { name: string; startsOn: string; endsOn: string };

export async function insertSeason(db: Database, values: SeasonValues & { businessId: number; now: Date }): Promise<number> {
  const { now, ...rest } = values;
  const [row] = await db.insert(seasons).values({ ...rest, createdAt: now, updatedAt: now }).returning({ id: seasons.id });
  return row.id;
}

export async function updateSeason(db: Database, id: number, values: SeasonValues, now: Date): Promise<void> {
  await db.update(seasons).set({ ...values, updatedAt: now }).where(eq(seasons.id, id));
}

export async function deleteSeason(db: Database, id: number): Promise<void> {
  await db.delete(seasons).where(eq(seasons.id, id));
}

/** Is there another season of the business with this name (any case)? */
export async function seasonNameTaken(db: Database, businessId: number, name: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: seasons.id })
    .from(seasons)
    .where(and(eq(seasons.businessId, businessId), sql`lower(${seasons.name}) = lower(${name})`, exceptId === null ? undefined : sql`${seasons.id} <> ${exceptId}`))
    .limit(1);
  return Boolean(row);
}

/** The business's roster today: every staffer with a live agreement, by name. */
export async function roster(db: Database, businessId: number, today: string): Promise<{ proStaffId: number; name: string }[]> {
  return db
    .selectDistinct({ proStaffId: agreements.proStaffId, name: sql<string>`trim(${proStaffProfiles.firstName} || ' ' || ${proStaffProfiles.lastName})`, first: proStaffProfiles.firstName, last: proStaffProfiles.lastName })
    .from(agreements)
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, agreements.proStaffId))
    .where(and(eq(agreements.businessId, businessId), isLiveAgreement(today), sql`${proStaffProfiles.erasedAt} is null`))
    .orderBy(asc(proStaffProfiles.firstName), asc(proStaffProfiles.lastName))
    .then((rows) => rows.map(({ proStaffId, name }) => ({ proStaffId, name })));
}

export async function isRostered(db: Database, businessId: number, proStaffId: number, today: string): Promise<boolean> {
  const [row] = await db.select({ id: agreements.id }).from(agreements).where(and(eq(agreements.businessId, businessId), eq(agreements.proStaffId, proStaffId), isLiveAgreement(today))).limit(1);
  return Boolean(row);
}

export async function hasGoal(db: Database, seasonId: number, proStaffId: number): Promise<boolean> {
  const [row] = await db.select({ id: goals.id }).from(goals).where(and(eq(goals.seasonId, seasonId), eq(goals.proStaffId, proStaffId))).limit(1);
  return Boolean(row);
}

export async function insertGoal(db: Database, values: GoalTargetValues & { seasonId: number; proStaffId: number; now: Date }): Promise<number> {
  const { now, ...rest } = values;
  const [row] = await db.insert(goals).values({ ...rest, createdAt: now, updatedAt: now }).returning({ id: goals.id });
  return row.id;
}

/** New targets; a goal whose targets changed may be reached (and told) again. */
export async function updateGoal(db: Database, id: number, values: GoalTargetValues, now: Date): Promise<void> {
  const changed = sql`(${goals.salesTargetMinor}, ${goals.salesCurrency}, ${goals.postsTarget}, ${goals.eventsTarget}, ${goals.reportsTarget})
    is distinct from (${values.salesTargetMinor ?? null}::int, ${values.salesCurrency ?? null}::text, ${values.postsTarget ?? null}::int, ${values.eventsTarget ?? null}::int, ${values.reportsTarget ?? null}::int)`;
  await db
    .update(goals)
    .set({ ...values, updatedAt: now, reachedNotifiedAt: sql`case when ${changed} then null else ${goals.reachedNotifiedAt} end` })
    .where(eq(goals.id, id));
}

export async function deleteGoal(db: Database, id: number): Promise<void> {
  await db.delete(goals).where(eq(goals.id, id));
}

/** Marks the goal told if nobody did yet; answers whether this call did it. */
export async function claimReached(db: Database, id: number, now: Date): Promise<boolean> {
  const rows = await db.update(goals).set({ reachedNotifiedAt: now }).where(and(eq(goals.id, id), sql`${goals.reachedNotifiedAt} is null`)).returning({ id: goals.id });
  return rows.length > 0;
}

/** A goal with what counts towards it, as the progress query answers it. */
export type GoalProgressRow = {
  id: number;
  seasonId: number;
  seasonName: string;
  startsOn: string;
  endsOn: string;
  businessId: number;
  businessName: string;
  businessUserId: number;
  proStaffId: number;
  proStaffName: string;
  proStaffUserId: number;
  proStaffErased: boolean;
  salesTargetMinor: number | null;
  salesCurrency: string | null;
  postsTarget: number | null;
  eventsTarget: number | null;
  reportsTarget: number | null;
  reachedNotifiedAt: Date | string | null;
  salesActual: number;
  postsActual: number;
  eventsActual: number;
  reportsActual: number;
};

/**
 * Goals matching `where` (over `g` goals, `s` seasons) with their progress, in one query:
 * - sales: attributed store orders — an order whose own commission (`source = 'order'`) credits the staffer at this
 *   business — in the target's currency, recorded inside the season; each counts its merchandise base less its
 *   refunds, and nothing once cancelled or refunded;
 * - posts, events, reports: the staffer's approved proofs of this business's campaign tasks of kind `social_post`,
 *   `event_day` and `field_test`, decided inside the season.
 * The season runs from the start of `starts_on` to the end of `ends_on`, UTC.
 */
export async function goalsWithProgress(db: Database, where: SQL, limit = 1000): Promise<GoalProgressRow[]> {
  const from = sql`(s.starts_on::timestamp at time zone 'UTC')`;
  const to = sql`((s.ends_on + 1)::timestamp at time zone 'UTC')`;
  const result = await db.execute(sql`
    select g.id, g.season_id as "seasonId", s.name as "seasonName", to_char(s.starts_on, 'YYYY-MM-DD') as "startsOn", to_char(s.ends_on, 'YYYY-MM-DD') as "endsOn",
      s.business_id as "businessId", b.company_name as "businessName", b.user_id as "businessUserId",
      g.pro_staff_id as "proStaffId", trim(p.first_name || ' ' || p.last_name) as "proStaffName", p.user_id as "proStaffUserId", (p.erased_at is not null) as "proStaffErased",
      g.sales_target_minor as "salesTargetMinor", g.sales_currency as "salesCurrency", g.posts_target as "postsTarget", g.events_target as "eventsTarget",
      g.reports_target as "reportsTarget", g.reached_notified_at as "reachedNotifiedAt",
      coalesce(sales.total, 0)::float8 as "salesActual", coalesce(proofs.posts, 0)::int as "postsActual", coalesce(proofs.events, 0)::int as "eventsActual",
      coalesce(proofs.reports, 0)::int as "reportsActual"
    from goals g
    join seasons s on s.id = g.season_id
    join business_profiles b on b.id = s.business_id
    join pro_staff_profiles p on p.id = g.pro_staff_id
    left join lateral (
      select sum(case when o.status = 'placed'
          then greatest(0, o.order_value_cents - coalesce((select sum(r.amount_minor) from store_order_refunds r where r.store_order_id = o.id), 0))
          else 0 end) as total
      from commissions c
      join store_orders o on o.business_id = c.business_id and o.order_id = c.order_id
      where g.sales_currency is not null and c.source = 'order' and c.business_id = s.business_id and c.pro_staff_id = g.pro_staff_id
        and o.currency = g.sales_currency and o.order_value_cents is not null and o.created_at >= ${from} and o.created_at < ${to}
    ) sales on true
    left join lateral (
      select count(*) filter (where t.kind = 'social_post') as posts, count(*) filter (where t.kind = 'event_day') as events,
        count(*) filter (where t.kind = 'field_test') as reports
      from campaign_task_submissions sub
      join campaign_tasks t on t.id = sub.task_id
      join campaigns cp on cp.id = t.campaign_id
      where sub.pro_staff_id = g.pro_staff_id and cp.business_id = s.business_id and sub.status = 'approved'
        and sub.decided_at >= ${from} and sub.decided_at < ${to}
    ) proofs on true
    where ${where}
    order by s.starts_on desc, s.id desc, p.first_name, p.last_name, g.id
    limit ${limit}`);
  return rowsOf<GoalProgressRow>(result);
}

/** Filters for `goalsWithProgress`. */
export const goalFilters = {
  season: (seasonId: number) => sql`g.season_id = ${seasonId}`,
  goal: (goalId: number) => sql`g.id = ${goalId}`,
  business: (businessId: number, today: string | null) => (today ? sql`s.business_id = ${businessId} and s.starts_on <= ${today} and s.ends_on >= ${today}` : sql`s.business_id = ${businessId}`),
  proStaff: (proStaffId: number, today: string | null) => (today ? sql`g.pro_staff_id = ${proStaffId} and s.starts_on <= ${today} and s.ends_on >= ${today}` : sql`g.pro_staff_id = ${proStaffId}`),
  /** Not yet told, in a season that has started and ended at most `graceDays` ago. */
  unnotified: (today: string, graceDays: number) =>
    sql`g.reached_notified_at is null and s.starts_on <= ${today} and s.ends_on >= (${today}::date - ${graceDays}::int)`,
  /** One staffer's untold goals with one business, in seasons that include today (or ended at most `graceDays` ago). */
  unnotifiedOf: (proStaffId: number, businessId: number, today: string, graceDays: number) =>
    sql`g.pro_staff_id = ${proStaffId} and s.business_id = ${businessId} and g.reached_notified_at is null and s.starts_on <= ${today} and s.ends_on >= (${today}::date - ${graceDays}::int)`,
};
