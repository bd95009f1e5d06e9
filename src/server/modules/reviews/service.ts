import type { z } from 'zod';
import type { SessionUser } from '@shared/contracts/auth';
import type { createReviewBody, RatingSummary, Review, Reviewee, ReviewListQuery, RevieweeType, ReviewPage, ReviewPageQuery, ReviewVoteResult } from '@shared/contracts/reviews';
import type { AppContext } from '@server/lib/context';
import type { ServerEvent } from '@shared/contracts/events';
import { appOrigin } from '@server/config';
import { publishBestEffort } from '@server/lib/publish';
import { announceNotifications, recordNotifications } from '@server/modules/notifications/service';
import { conflict, forbidden, notFound } from '@server/lib/errors';
import * as repo from './repository';
import { toReview } from './mappers';

const LIST_LIMIT = 200;
const REVIEWEE_LIMIT = 50;

function viewerOf(user: SessionUser | null): repo.Viewer {
  return user ? { userId: user.id, businessId: user.businessId, proStaffId: user.proStaffId } : null;
}

/** The profile id the user reviews as when the reviewee type matches their own kind of profile. */
function ownProfileId(user: SessionUser, type: RevieweeType): number | null {
  return type === 'business' ? user.businessId : user.proStaffId;
}

export async function listReviews(ctx: AppContext, user: SessionUser | null, query: ReviewListQuery): Promise<Review[]> {
  const rows = await repo.listReviews(ctx.db, viewerOf(user), query, LIST_LIMIT);
  return rows.map(toReview);
}

/** Paged, sorted reviews with the average and the rating distribution over all matching reviews. */
export async function pageReviews(ctx: AppContext, user: SessionUser | null, query: ReviewPageQuery): Promise<ReviewPage> {
  const viewer = viewerOf(user);
  const filter = { revieweeType: query.revieweeType, revieweeId: query.revieweeId };
  const [rows, counts] = await Promise.all([
    repo.pageReviews(ctx.db, viewer, filter, query.sort, (query.page - 1) * query.pageSize, query.pageSize),
    repo.ratingCounts(ctx.db, viewer, filter),
  ]);
  return { items: rows.map(toReview), page: query.page, pageSize: query.pageSize, total: summarise(counts).count, summary: summarise(counts) };
}

function summarise(counts: { rating: number; n: number }[]): RatingSummary {
  const distribution: RatingSummary['distribution'] = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  let count = 0;
  let sum = 0;
  for (const { rating, n } of counts) {
    const key = String(rating) as keyof RatingSummary['distribution'];
    if (!(key in distribution)) continue;
    distribution[key] += n;
    count += n;
    sum += rating * n;
  }
  return { count, average: count === 0 ? null : Math.round((sum / count) * 10) / 10, distribution };
}

export async function createReview(ctx: AppContext, user: SessionUser, body: z.output<typeof createReviewBody>): Promise<Review> {
  if (ownProfileId(user, body.revieweeType) === body.revieweeId) throw forbidden('You cannot review yourself');
  const reviewee = await repo.findReviewee(ctx.db, body.revieweeType, body.revieweeId);
  if (!reviewee) throw notFound(body.revieweeType === 'business' ? 'Business' : 'Pro staff member');
  if (reviewee.userId === user.id) throw forbidden('You cannot review yourself');
  const duplicate = conflict(`You have already reviewed ${reviewee.name}`);
  if (await repo.hasReviewed(ctx.db, user.id, body.revieweeType, body.revieweeId)) throw duplicate;

  const id = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertReview(tx, {
      reviewerId: user.id,
      reviewerType: user.userType,
      revieweeType: body.revieweeType,
      revieweeId: body.revieweeId,
      rating: body.rating,
      title: body.title,
      content: body.content,
      pros: body.pros,
      cons: body.cons,
      isPublic: body.isPublic,
    });
    if (inserted === null) throw duplicate;
    if (body.revieweeType === 'pro_staff') await repo.refreshProStaffRating(tx, body.revieweeId);
    // The reviewer is not named: a private review stays anonymous to its subject's notification list too.
    const title = `You received a ${body.rating}-star review`;
    await recordNotifications(ctx, tx, [{
      userId: reviewee.userId, kind: 'review', title, body: body.title, link: '/reviews',
      mail: { subject: title, text: `${title}: “${body.title}”.\n\nSee your reviews: ${appOrigin(ctx.config)}/reviews\n` },
    }]);
    return inserted;
  });
  await notify(ctx, reviewee.userId, { type: 'review.created', data: { reviewId: id, revieweeType: body.revieweeType, revieweeId: body.revieweeId } });
  await announceNotifications(ctx, [reviewee.userId]);
  const row = await repo.findVisibleReview(ctx.db, viewerOf(user), id);
  return toReview(row!);
}

/** Tells the user's open tabs; a failed push never fails the change itself. */
async function notify(ctx: AppContext, userId: number, event: ServerEvent) {
  await publishBestEffort(ctx, { userId, event });
}

export async function vote(ctx: AppContext, user: SessionUser, reviewId: number, isHelpful: boolean): Promise<ReviewVoteResult> {
  const review = await repo.findVisibleReview(ctx.db, viewerOf(user), reviewId);
  if (!review) throw notFound('Review');
  if (review.reviewerId === user.id) throw forbidden('You cannot vote on your own review');
  const counts = await ctx.db.transaction((tx) => repo.upsertVote(tx, reviewId, user.id, isHelpful, new Date()));
  return { reviewId, helpfulVotes: counts.helpfulVotes, unhelpfulVotes: counts.unhelpfulVotes, myVote: isHelpful };
}

export async function respond(ctx: AppContext, user: SessionUser & { businessId: number }, reviewId: number, response: string): Promise<Review> {
  const viewer = viewerOf(user);
  const review = await repo.findVisibleReview(ctx.db, viewer, reviewId);
  if (!review) throw notFound('Review');
  if (review.revieweeType !== 'business' || review.revieweeId !== user.businessId) {
    throw forbidden('Only the reviewed business can respond to this review');
  }
  if (review.businessResponse !== null) throw conflict('You have already responded to this review');
  const saved = await repo.setResponseOnce(ctx.db, reviewId, response, new Date());
  if (!saved) throw conflict('You have already responded to this review');
  await notify(ctx, review.reviewerId, { type: 'review.responded', data: { reviewId } });
  const row = await repo.findVisibleReview(ctx.db, viewer, reviewId);
  return toReview(row!);
}

export async function listReviewees(ctx: AppContext, user: SessionUser, type: RevieweeType, search: string): Promise<Reviewee[]> {
  const rows = await repo.listReviewees(ctx.db, type, search, ownProfileId(user, type), REVIEWEE_LIMIT);
  return rows.map((row) => ({ ...row, type }));
}
