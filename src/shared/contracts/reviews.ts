import { z } from 'zod';
import { dbIdParam } from './common';

export const revieweeTypes = ['business', 'pro_staff'] as const;
export type RevieweeType = (typeof revieweeTypes)[number];
export const revieweeTypeSchema = z.enum(revieweeTypes, { error: 'Choose business or pro_staff' });

/** Comma-separated text ("great guide, on time") to a list: split on commas, trimmed, empties dropped. */
export function splitCommaList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

const prosCons = z
  .array(z.string().trim().max(200, 'Keep each point under 200 characters'))
  .max(20, 'At most 20 points')
  .nullish()
  .transform((list) => {
    const kept = (list ?? []).filter(Boolean);
    return kept.length > 0 ? kept : null;
  });

export const createReviewBody = z.object({
  revieweeId: z.number({ error: 'Choose who you are reviewing' }).int().positive('Choose who you are reviewing').max(2_147_483_647, 'Choose who you are reviewing'),
  revieweeType: revieweeTypeSchema,
  rating: z.number({ error: 'Rating must be 1 to 5' }).int('Rating must be 1 to 5').min(1, 'Rating must be 1 to 5').max(5, 'Rating must be 1 to 5').default(5),
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Keep the title under 200 characters'),
  content: z
    .string({ error: 'Review content must be at least 10 characters' })
    .trim()
    .min(10, 'Review content must be at least 10 characters')
    .max(5000, 'Keep the review under 5000 characters'),
  pros: prosCons,
  cons: prosCons,
  isPublic: z.boolean().default(true),
});
export type CreateReviewBody = z.input<typeof createReviewBody>;

export const reviewListQuery = z
  .object({
    revieweeType: revieweeTypeSchema.optional(),
    revieweeId: dbIdParam.optional(),
  })
  .refine((query) => query.revieweeId === undefined || query.revieweeType !== undefined, {
    message: 'Give revieweeType with revieweeId',
    path: ['revieweeType'],
  });
export type ReviewListQuery = z.infer<typeof reviewListQuery>;

export const reviewSorts = ['newest', 'highest', 'lowest', 'helpful'] as const;
export type ReviewSort = (typeof reviewSorts)[number];
export const REVIEW_PAGE_SIZE = 10;

/** GET /api/reviews/page: one page of reviews in the chosen order, with the average and distribution. */
export const reviewPageQuery = z
  .object({
    revieweeType: revieweeTypeSchema.optional(),
    revieweeId: dbIdParam.optional(),
    sort: z.enum(reviewSorts, { error: 'Sort by newest, highest, lowest or helpful' }).default('newest'),
    page: z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(REVIEW_PAGE_SIZE),
  })
  .refine((query) => query.revieweeId === undefined || query.revieweeType !== undefined, {
    message: 'Give revieweeType with revieweeId',
    path: ['revieweeType'],
  });
export type ReviewPageQuery = z.infer<typeof reviewPageQuery>;

export type RatingSummary = {
  count: number;
  /** Mean rating rounded to one decimal; null without reviews. */
  average: number | null;
  /** How many reviews gave each star count, keys "1" to "5". */
  distribution: Record<'1' | '2' | '3' | '4' | '5', number>;
};

export type ReviewPage = { items: Review[]; page: number; pageSize: number; total: number; summary: RatingSummary };

export const reviewVoteBody = z.object({
  isHelpful: z.boolean({ error: 'isHelpful must be true or false' }),
});
export type ReviewVoteBody = z.infer<typeof reviewVoteBody>;

export const reviewResponseBody = z.object({
  response: z.string({ error: 'Write a response' }).trim().min(1, 'Write a response').max(2000, 'Keep the response under 2000 characters'),
});
export type ReviewResponseBody = z.infer<typeof reviewResponseBody>;

export const revieweeQuery = z.object({
  type: revieweeTypeSchema,
  search: z.string().trim().max(100).optional().default(''),
});

export type Review = {
  id: number;
  reviewerId: number;
  reviewerType: RevieweeType;
  reviewerName: string;
  revieweeId: number;
  revieweeType: RevieweeType;
  revieweeName: string;
  rating: number;
  title: string;
  content: string;
  pros: string[] | null;
  cons: string[] | null;
  isPublic: boolean;
  helpfulVotes: number;
  unhelpfulVotes: number;
  businessResponse: string | null;
  responseDate: string | null;
  createdAt: string;
  updatedAt: string;
  /** The signed-in user's own vote (true helpful, false unhelpful), null when none or signed out. */
  myVote: boolean | null;
};

export type ReviewVoteResult = { reviewId: number; helpfulVotes: number; unhelpfulVotes: number; myVote: boolean };

/** Someone who can be reviewed. */
export type Reviewee = { id: number; type: RevieweeType; name: string; location: string | null };
