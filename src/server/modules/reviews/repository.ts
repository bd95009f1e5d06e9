import { and, asc, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@server/db/client';
import { firstRow } from '@server/db/rows';
import { reviews, reviewVotes } from '@server/db/schema/reviews';
import { businessProfiles, proStaffProfiles } from '@server/db/schema/profiles';
import type { RevieweeType, ReviewSort } from '@shared/contracts/reviews';

const reviewerBusiness = alias(businessProfiles, 'reviewer_business');
const reviewerProStaff = alias(proStaffProfiles, 'reviewer_pro_staff');
const revieweeBusiness = alias(businessProfiles, 'reviewee_business');
const revieweeProStaff = alias(proStaffProfiles, 'reviewee_pro_staff');

export type ReviewRow = {
  id: number;
  reviewerId: number;
  reviewerType: RevieweeType;
  reviewerName: string | null;
  revieweeId: number;
  revieweeType: RevieweeType;
  revieweeName: string | null;
  rating: number;
  title: string;
  content: string;
  pros: string[] | null;
  cons: string[] | null;
  isPublic: boolean;
  helpfulVotes: number;
  unhelpfulVotes: number;
  businessResponse: string | null;
  responseDate: Date | null;
  createdAt: Date;
  updatedAt: Date;
  myVote: boolean | null;
};

/** Who may see a review: public ones for everyone; private ones also for the reviewer and the reviewee. */
export type Viewer = { userId: number; businessId: number | null; proStaffId: number | null } | null;

function visibleTo(viewer: Viewer): SQL | undefined {
  if (!viewer) return eq(reviews.isPublic, true);
  const conditions: (SQL | undefined)[] = [eq(reviews.isPublic, true), eq(reviews.reviewerId, viewer.userId)];
  if (viewer.businessId !== null) conditions.push(and(eq(reviews.revieweeType, 'business'), eq(reviews.revieweeId, viewer.businessId)));
  if (viewer.proStaffId !== null) conditions.push(and(eq(reviews.revieweeType, 'pro_staff'), eq(reviews.revieweeId, viewer.proStaffId)));
  return or(...conditions);
}

function reviewQuery(db: Database, viewer: Viewer) {
  const reviewerName = sql<string | null>`coalesce(${reviewerBusiness.companyName}, ${reviewerProStaff.firstName} || ' ' || ${reviewerProStaff.lastName})`;
  const revieweeName = sql<string | null>`case when ${reviews.revieweeType} = 'business' then ${revieweeBusiness.companyName} else ${revieweeProStaff.firstName} || ' ' || ${revieweeProStaff.lastName} end`;
  return db
    .select({
      id: reviews.id,
      reviewerId: reviews.reviewerId,
      reviewerType: reviews.reviewerType,
      reviewerName,
      revieweeId: reviews.revieweeId,
      revieweeType: reviews.revieweeType,
      revieweeName,
      rating: reviews.rating,
      title: reviews.title,
      content: reviews.content,
      pros: reviews.pros,
      cons: reviews.cons,
      isPublic: reviews.isPublic,
      helpfulVotes: reviews.helpfulVotes,
      unhelpfulVotes: reviews.unhelpfulVotes,
      businessResponse: reviews.businessResponse,
      responseDate: reviews.responseDate,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      myVote: reviewVotes.isHelpful,
    })
    .from(reviews)
    .leftJoin(reviewerBusiness, eq(reviewerBusiness.userId, reviews.reviewerId))
    .leftJoin(reviewerProStaff, eq(reviewerProStaff.userId, reviews.reviewerId))
    .leftJoin(revieweeBusiness, and(eq(reviews.revieweeType, 'business'), eq(revieweeBusiness.id, reviews.revieweeId)))
    .leftJoin(revieweeProStaff, and(eq(reviews.revieweeType, 'pro_staff'), eq(revieweeProStaff.id, reviews.revieweeId)))
    .leftJoin(reviewVotes, and(eq(reviewVotes.reviewId, reviews.id), eq(reviewVotes.userId, viewer?.userId ?? -1)));
}

/** Reviews whose reviewee still exists, newest first. */
export async function listReviews(
  db: Database,
  viewer: Viewer,
  filter: { revieweeType?: RevieweeType; revieweeId?: number },
  limit: number,
): Promise<ReviewRow[]> {
  const revieweeExists = or(sql`${revieweeBusiness.id} is not null`, sql`${revieweeProStaff.id} is not null`);
  return reviewQuery(db, viewer)
    .where(
      and(
        visibleTo(viewer),
        revieweeExists,
        filter.revieweeType ? eq(reviews.revieweeType, filter.revieweeType) : undefined,
        filter.revieweeId ? eq(reviews.revieweeId, filter.revieweeId) : undefined,
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

type ReviewFilter = { revieweeType?: RevieweeType; revieweeId?: number };

function listConditions(viewer: Viewer, filter: ReviewFilter) {
  const revieweeExists = or(sql`${revieweeBusiness.id} is not null`, sql`${revieweeProStaff.id} is not null`);
  return and(
    visibleTo(viewer),
    revieweeExists,
    filter.revieweeType ? eq(reviews.revieweeType, filter.revieweeType) : undefined,
    filter.revieweeId ? eq(reviews.revieweeId, filter.revieweeId) : undefined,
  );
}

const sortOrders: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  helpful: [desc(reviews.helpfulVotes), desc(reviews.createdAt), desc(reviews.id)],
};

/** One page of the reviews `viewer` may see, in `sort` order (ties: newest first, then id). */
export async function pageReviews(db: Database, viewer: Viewer, filter: ReviewFilter, sort: ReviewSort, offset: number, limit: number): Promise<ReviewRow[]> {
  return reviewQuery(db, viewer).where(listConditions(viewer, filter)).orderBy(...sortOrders[sort]).limit(limit).offset(offset);
}

/** How many of those reviews gave each rating (the count, average and distribution come from these). */
export async function ratingCounts(db: Database, viewer: Viewer, filter: ReviewFilter): Promise<{ rating: number; n: number }[]> {
  const rows = await db
    .select({ rating: reviews.rating, n: sql<number>`count(*)::int` })
    .from(reviews)
    .leftJoin(revieweeBusiness, and(eq(reviews.revieweeType, 'business'), eq(revieweeBusiness.id, reviews.revieweeId)))
    .leftJoin(revieweeProStaff, and(eq(reviews.revieweeType, 'pro_staff'), eq(revieweeProStaff.id, reviews.revieweeId)))
    .where(listConditions(viewer, filter))
    .groupBy(reviews.rating);
  return rows.map((row) => ({ rating: Number(row.rating), n: Number(row.n) }));
}

export async function findVisibleReview(db: Database, viewer: Viewer, id: number): Promise<ReviewRow | null> {
  return firstRow(reviewQuery(db, viewer).where(and(eq(reviews.id, id), visibleTo(viewer))));
}

/** The reviewee's owning user and display name, or null when there is no such profile. */
export async function findReviewee(db: Database, type: RevieweeType, id: number): Promise<{ userId: number; name: string } | null> {
  if (type === 'business') {
    return firstRow(
      db
        .select({ userId: businessProfiles.userId, name: businessProfiles.companyName })
        .from(businessProfiles)
        .where(eq(businessProfiles.id, id)),
    );
  }
  return firstRow(
    db
      .select({ userId: proStaffProfiles.userId, name: sql<string>`${proStaffProfiles.firstName} || ' ' || ${proStaffProfiles.lastName}` })
      .from(proStaffProfiles)
      .where(eq(proStaffProfiles.id, id)),
  );
}

export async function hasReviewed(db: Database, reviewerId: number, type: RevieweeType, revieweeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.reviewerId, reviewerId), eq(reviews.revieweeType, type), eq(reviews.revieweeId, revieweeId)))
    .limit(1);
  return Boolean(row);
}

export async function insertReview(
  db: Database,
  values: {
    reviewerId: number; reviewerType: RevieweeType; revieweeType: RevieweeType; revieweeId: number; rating: number;
    title: string; content: string; pros: string[] | null; cons: string[] | null; isPublic: boolean;
  },
): Promise<number | null> {
  const [row] = await db
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: [reviews.reviewerId, reviews.revieweeType, reviews.revieweeId] })
    .returning({ id: reviews.id });
  return row?.id ?? null;
}

/** Sets a pro staffer's rating to the average of their public reviews (0 when none), to one decimal like the x/5 display. */
export async function refreshProStaffRating(db: Database, proStaffId: number): Promise<void> {
  await db
    .update(proStaffProfiles)
    .set({
      rating: sql`coalesce((
        select round(avg(${reviews.rating})::numeric, 1)::float8 from ${reviews}
        where ${reviews.revieweeType} = 'pro_staff' and ${reviews.revieweeId} = ${proStaffId} and ${reviews.isPublic}
      ), 0)`,
    })
    .where(eq(proStaffProfiles.id, proStaffId));
}

/** Records (or changes) one user's vote and brings the review's counters in line with the votes. */
export async function upsertVote(db: Database, reviewId: number, userId: number, isHelpful: boolean, now: Date) {
  await db
    .insert(reviewVotes)
    .values({ reviewId, userId, isHelpful })
    .onConflictDoUpdate({ target: [reviewVotes.reviewId, reviewVotes.userId], set: { isHelpful, updatedAt: now } });
  const [counts] = await db
    .update(reviews)
    .set({
      helpfulVotes: sql`(select count(*)::int from ${reviewVotes} where ${reviewVotes.reviewId} = ${reviewId} and ${reviewVotes.isHelpful})`,
      unhelpfulVotes: sql`(select count(*)::int from ${reviewVotes} where ${reviewVotes.reviewId} = ${reviewId} and not ${reviewVotes.isHelpful})`,
    })
    .where(eq(reviews.id, reviewId))
    .returning({ helpfulVotes: reviews.helpfulVotes, unhelpfulVotes: reviews.unhelpfulVotes });
  return counts;
}

/** Stores the business's answer unless one exists; false when it was already answered. */
export async function setResponseOnce(db: Database, reviewId: number, response: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set({ businessResponse: response, responseDate: now, updatedAt: now })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.businessResponse)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

export type RevieweeRow = { id: number; name: string; location: string | null };

function likePattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listReviewees(db: Database, type: RevieweeType, search: string, excludeId: number | null, limit: number): Promise<RevieweeRow[]> {
  const pattern = likePattern(search);
  if (type === 'business') {
    return db
      .select({ id: businessProfiles.id, name: businessProfiles.companyName, location: businessProfiles.location })
      .from(businessProfiles)
      .where(and(
        search ? or(ilike(businessProfiles.companyName, pattern), ilike(businessProfiles.location, pattern)) : undefined,
        excludeId !== null ? ne(businessProfiles.id, excludeId) : undefined,
      ))
      .orderBy(asc(businessProfiles.companyName), asc(businessProfiles.id))
      .limit(limit);
  }
  const name = sql<string>`${proStaffProfiles.firstName} || ' ' || ${proStaffProfiles.lastName}`;
  return db
    .select({ id: proStaffProfiles.id, name, location: proStaffProfiles.location })
    .from(proStaffProfiles)
    .where(and(
      search ? or(ilike(name, pattern), ilike(proStaffProfiles.location, pattern)) : undefined,
      excludeId !== null ? ne(proStaffProfiles.id, excludeId) : undefined,
    ))
    .orderBy(asc(proStaffProfiles.firstName), asc(proStaffProfiles.lastName), asc(proStaffProfiles.id))
    .limit(limit);
}
