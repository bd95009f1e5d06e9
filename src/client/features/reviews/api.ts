import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewBody, Review, Reviewee, RevieweeType, ReviewVoteResult } from '@shared/contracts/reviews';
import { apiRequest } from '../../lib/api';

export type ReviewFilter = 'all' | RevieweeType;

const REVIEWS_KEY = '/api/reviews';

function reviewsUrl(filter: ReviewFilter, revieweeId: number | null): string {
  const params = new URLSearchParams();
  if (filter !== 'all') params.set('revieweeType', filter);
  if (revieweeId !== null) params.set('revieweeId', String(revieweeId));
  const query = params.toString();
  return query ? `${REVIEWS_KEY}?${query}` : REVIEWS_KEY;
}

/** The list depends on who is signed in (private reviews, own votes), hence the user id in the key. */
export function useReviews(filter: ReviewFilter, revieweeId: number | null, userId: number | null) {
  return useQuery<Review[]>({
    queryKey: [REVIEWS_KEY, filter, revieweeId, userId],
    queryFn: () => apiRequest<Review[]>('GET', reviewsUrl(filter, revieweeId)),
  });
}

export function useReviewees(type: RevieweeType, search: string, enabled: boolean) {
  return useQuery<Reviewee[]>({
    queryKey: ['/api/reviews/reviewees', type, search],
    queryFn: () => apiRequest<Reviewee[]>('GET', `/api/reviews/reviewees?type=${type}&search=${encodeURIComponent(search)}`),
    enabled,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewBody) => apiRequest<Review>('POST', '/api/reviews', body),
    onSuccess: (review) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [REVIEWS_KEY] }),
        // A pro staffer's rating is derived from their reviews, so cached profiles are now out of date.
        review.revieweeType === 'pro_staff'
          ? queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/pro-staff-profiles') })
          : undefined,
      ]),
  });
}

export function useVoteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, isHelpful }: { reviewId: number; isHelpful: boolean }) =>
      apiRequest<ReviewVoteResult>('POST', `/api/reviews/${reviewId}/helpful`, { isHelpful }),
    onSuccess: (result) => {
      queryClient.setQueriesData<Review[]>({ queryKey: [REVIEWS_KEY] }, (list) =>
        list?.map((review) => (review.id === result.reviewId ? { ...review, ...result } : review)),
      );
    },
  });
}

export function useRespondToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, response }: { reviewId: number; response: string }) =>
      apiRequest<Review>('POST', `/api/reviews/${reviewId}/response`, { response }),
    onSuccess: (updated) => {
      queryClient.setQueriesData<Review[]>({ queryKey: [REVIEWS_KEY] }, (list) =>
        list?.map((review) => (review.id === updated.id ? { ...updated, myVote: review.myVote } : review)),
      );
    },
  });
}
