import { z } from 'zod';
import { optionalText, timestamps } from './common';

export const adTypes = ['collaboration', 'job_posting', 'service_offer'] as const;
export const adAudiences = ['business', 'pro_staff', 'both'] as const;
export const adStatuses = ['active', 'paused', 'completed', 'draft'] as const;
export type AdType = (typeof adTypes)[number];
export type AdAudience = (typeof adAudiences)[number];
export type AdStatus = (typeof adStatuses)[number];

export const adTypeLabels: Record<AdType, string> = {
  collaboration: 'Collaboration',
  job_posting: 'Job Posting',
  service_offer: 'Service Offer',
};
export const adAudienceLabels: Record<AdAudience, string> = {
  business: 'Businesses',
  pro_staff: 'Pro Staff',
  both: 'Everyone',
};

/** Ad cards show at most this many tags, then a '+N more' badge (decision record 010 §9). */
export const AD_CARD_TAGS = 3;
export const AD_MIN_BUDGET_CENTS = 100;
export const AD_MAX_DURATION_DAYS = 365;

/** Tags arrive as a list or as comma-separated text; both end up trimmed, non-empty and unique. */
const tagsSchema = z
  .union([z.string().max(1000), z.array(z.string().max(200)).max(50)])
  .transform((value) => {
    const parts = typeof value === 'string' ? value.split(',') : value;
    return [...new Set(parts.map((tag) => tag.trim()).filter(Boolean))];
  })
  .pipe(z.array(z.string().max(40, 'Each tag must be at most 40 characters')).max(20, 'Use at most 20 tags'));

const adFields = {
  title: z.string().trim().min(1, 'Title is required').max(120),
  description: z.string().trim().min(1, 'Description is required').max(2000),
  adType: z.enum(adTypes, 'Choose an ad type'),
  targetAudience: z.enum(adAudiences, 'Choose a target audience'),
  /** Cents: the form asks for US dollars and multiplies by 100. */
  budget: z
    .number('Budget is required')
    .int('Budget must be whole cents')
    .min(AD_MIN_BUDGET_CENTS, 'Budget must be at least $1')
    .max(100_000_000, 'Budget is too large'),
  duration: z
    .number('Duration is required')
    .int('Duration must be a whole number of days')
    .min(1, 'Duration must be at least 1 day')
    .max(AD_MAX_DURATION_DAYS, 'Duration must be at most 365 days'),
  contactInfo: z.string().trim().min(1, 'Contact info is required').max(200),
  location: optionalText(120),
  tags: tagsSchema.optional().default([]),
};

export const createAdBody = z.object({
  ...adFields,
  /** Sent by the original client; the server always sets endDate to now plus duration days. */
  endDate: z.string().optional(),
});
export type CreateAdBody = z.input<typeof createAdBody>;

export const updateAdBody = z
  .object({
    title: adFields.title,
    description: adFields.description,
    adType: adFields.adType,
    targetAudience: adFields.targetAudience,
    budget: adFields.budget,
    duration: adFields.duration,
    contactInfo: adFields.contactInfo,
    location: adFields.location,
    tags: tagsSchema,
    status: z.enum(adStatuses, 'Choose a status'),
  })
  .partial();
export type UpdateAdBody = z.input<typeof updateAdBody>;

export const advertisement = z.object({
  id: z.number(),
  userId: z.number(),
  title: z.string(),
  description: z.string(),
  adType: z.enum(adTypes),
  targetAudience: z.enum(adAudiences),
  /** Cents. */
  budget: z.number(),
  duration: z.number(),
  contactInfo: z.string(),
  location: z.string().nullable(),
  tags: z.array(z.string()),
  status: z.enum(adStatuses),
  impressions: z.number(),
  clicks: z.number(),
  endDate: z.string(),
  ...timestamps,
});
export type Advertisement = z.infer<typeof advertisement>;

/** Answer to a click or impression: whether it counted (once per viewer, ad and day) and the totals. */
export const adTrackResult = z.object({ counted: z.boolean(), impressions: z.number(), clicks: z.number() });
export type AdTrackResult = z.infer<typeof adTrackResult>;
