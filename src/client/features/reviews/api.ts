import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewBody, Review, Reviewee, RevieweeType, ReviewPage, ReviewSort, ReviewVoteResult } from '@shared/contracts/reviews';
import { apiRequest, getJson } from '@client/lib/api';
import { proStaffProfilesKey } from '../profiles/api';

export type ReviewFilter = 'all' | RevieweeType;

const reviewsKey = ['reviews'] as const;

/**
 * One page of reviews in the chosen order, with the average and distribution (GET /api/reviews/page).
 * The page depends on who is signed in (private reviews, own votes), hence the user id in the key.
 */
export const reviewPageQuery = (filter: ReviewFilter, revieweeId: number | null, sort: ReviewSort, page: number, userId: number | null) =>
  queryOptions({
    queryKey: [...reviewsKey, 'page', filter, revieweeId, sort, page, userId],
    queryFn: () => {
      const params = new URLSearchParams({ sort, page: String(page) });
      if (filter !== 'all') params.set('revieweeType', filter);
      if (revieweeId !== null) params.set('revieweeId', String(revieweeId));
      return getJson<ReviewPage>(`/api/reviews/page?${params}`);
    },
    placeholderData: (previous) => previous,
  });

export function useReviewPage(filter: ReviewFilter, revieweeId: number | null, sort: ReviewSort, page: number, userId: number | null) {
  return useQuery(reviewPageQuery(filter, revieweeId, sort, page, userId));
}

/** Applies a change to one review in every cached list, whether a plain list or a page of them. */
type CachedReviews = Review[] | ReviewPage | undefined;
function updateCachedReview(cached: CachedReviews, id: number, change: (review: Review) => Review): CachedReviews {
  if (!cached) return cached;
  if (Array.isArray(cached)) return cached.map((review) => (review.id === id ? change(review) : review));
  return { ...cached, items: cached.items.map((review) => (review.id === id ? change(review) : review)) };
}

// Not under the reviews prefix: writing a review does not change who can be reviewed.
export const revieweesQuery = (type: RevieweeType, search: string) =>
  queryOptions({
    queryKey: ['reviewees', type, search],
    queryFn: () => getJson<Reviewee[]>(`/api/reviews/reviewees?type=${type}&search=${encodeURIComponent(search)}`),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });

export function useReviewees(type: RevieweeType, search: string, enabled: boolean) {
  return useQuery({ ...revieweesQuery(type, search), enabled });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewBody) => apiRequest<Review>('POST', '/api/reviews', body),
    onSuccess: (review) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewsKey }),
        // A pro staffer's rating is derived from their reviews, so cached profiles are now out of date.
        review.revieweeType === 'pro_staff'
          ? queryClient.invalidateQueries({ queryKey: proStaffProfilesKey })
          : undefined,
      ]),
  });
}

/** A change to one review: the server's answer is merged into every cached list that shows that review. */
function useReviewChange<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  reviewIdOf: (result: TResult) => number,
  merge: (cached: Review, result: TResult) => Review,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      queryClient.setQueriesData<CachedReviews>({ queryKey: reviewsKey }, (cached) =>
        updateCachedReview(cached, reviewIdOf(result), (review) => merge(review, result)),
      );
    },
  });
}

export function useVoteReview() {
  return useReviewChange(
    ({ reviewId, isHelpful }: { reviewId: number; isHelpful: boolean }) =>
      apiRequest<ReviewVoteResult>('POST', `/api/reviews/${reviewId}/helpful`, { isHelpful }),
    (result) => result.reviewId,
    (review, result) => ({ ...review, ...result }),
  );
}

export function useRespondToReview() {
  return useReviewChange(
    ({ reviewId, response }: { reviewId: number; response: string }) =>
      apiRequest<Review>('POST', `/api/reviews/${reviewId}/response`, { response }),
    (updated) => updated.id,
    (review, updated) => ({ ...updated, myVote: review.myVote }),
  );
}
