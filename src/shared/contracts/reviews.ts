import { z } from 'zod';
import { dbIdParam, timestamps } from './common';

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

export const ratingSummary = z.object({
  count: z.number(),
  /** Mean rating rounded to one decimal; null without reviews. */
  average: z.number().nullable(),
  /** How many reviews gave each star count, keys "1" to "5". */
  distribution: z.object({ '1': z.number(), '2': z.number(), '3': z.number(), '4': z.number(), '5': z.number() }),
});
export type RatingSummary = z.infer<typeof ratingSummary>;


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

export const review = z.object({
  id: z.number(),
  reviewerId: z.number(),
  reviewerType: revieweeTypeSchema,
  reviewerName: z.string(),
  revieweeId: z.number(),
  revieweeType: revieweeTypeSchema,
  revieweeName: z.string(),
  rating: z.number(),
  title: z.string(),
  content: z.string(),
  pros: z.array(z.string()).nullable(),
  cons: z.array(z.string()).nullable(),
  isPublic: z.boolean(),
  helpfulVotes: z.number(),
  unhelpfulVotes: z.number(),
  businessResponse: z.string().nullable(),
  responseDate: z.string().nullable(),
  ...timestamps,
  /** The signed-in user's own vote (true helpful, false unhelpful), null when none or signed out. */
  myVote: z.boolean().nullable(),
});
export type Review = z.infer<typeof review>;

export const reviewPage = z.object({ items: z.array(review), page: z.number(), pageSize: z.number(), total: z.number(), summary: ratingSummary });
export type ReviewPage = z.infer<typeof reviewPage>;

export const reviewVoteResult = z.object({ reviewId: z.number(), helpfulVotes: z.number(), unhelpfulVotes: z.number(), myVote: z.boolean() });
export type ReviewVoteResult = z.infer<typeof reviewVoteResult>;

/** Someone who can be reviewed. */
export const reviewee = z.object({ id: z.number(), type: revieweeTypeSchema, name: z.string(), location: z.string().nullable() });
export type Reviewee = z.infer<typeof reviewee>;
