import { z } from 'zod';
import { dbIdParam, timestamps } from './common';
import { parseMoneyToCents } from '../format';
import { promotionSpecialties } from '../specialties';

export const promotionTypes = ['banner', 'spotlight', 'featured_listing'] as const;
export const promotionAudiences = ['all_pro_staff', 'specific_specialties', 'location_based'] as const;
export type PromotionType = (typeof promotionTypes)[number];
export type PromotionAudience = (typeof promotionAudiences)[number];
export type PromotionSpecialty = (typeof promotionSpecialties)[number];

export const promotionTypeLabels: Record<PromotionType, string> = {
  banner: 'Banner',
  spotlight: 'Spotlight',
  featured_listing: 'Featured Listing',
};
export const promotionAudienceLabels: Record<PromotionAudience, string> = {
  all_pro_staff: 'All Pro Staff',
  specific_specialties: 'Specific Specialties',
  location_based: 'Location Based',
};

export const DEFAULT_COST_PER_CLICK = '2.00';

/** Decimal money text (or a number) with at most two decimals, as cents. */
const money = (label: string) =>
  z
    .union([z.string(), z.number()], `${label} is required`)
    .transform((value, ctx) => {
      if (typeof value === 'string' && value.trim() === '') {
        ctx.addIssue({ code: 'custom', message: `${label} is required` });
        return z.NEVER;
      }
      const cents = parseMoneyToCents(typeof value === 'number' ? String(value) : value);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: `${label} must be an amount like 25.00` });
        return z.NEVER;
      }
      return cents;
    })
    .pipe(z.number().int().min(1, `${label} must be more than 0`).max(100_000_000, `${label} is too large`));

const optionalMoney = (label: string) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value) => (value === null || value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value))
    .pipe(money(label).nullable());

/** http(s) only: these are rendered as links and images for other users. */
const webUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), `${label} must be a web address starting with http:// or https://`);

/** A calendar day as YYYY-MM-DD; a full ISO time is cut to its date part. */
const day = (label: string) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .transform((value) => value.slice(0, 10))
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), `${label} must be a date`);

const promotionFields = {
  title: z.string().trim().min(1, 'Title is required').max(120),
  description: z.string().trim().min(1, 'Description is required').max(2000),
  targetUrl: webUrl('Target URL'),
  imageUrl: webUrl('Image URL'),
  promotionType: z.enum(promotionTypes, 'Choose a promotion type'),
  targetAudience: z.enum(promotionAudiences, 'Choose a target audience'),
  targetSpecialties: z.array(z.enum(promotionSpecialties, 'Choose specialties from the list')).max(promotionSpecialties.length).optional().default([]),
  targetLocation: z
    .string()
    .trim()
    .max(120)
    .nullish()
    .transform((value) => (value ? value : null)),
  budget: money('Total budget'),
  dailyBudget: optionalMoney('Daily budget'),
  costPerClick: money('Cost per click').optional().default(200),
  startDate: day('Start date'),
  endDate: day('End date'),
};

type Targeting = { targetAudience: PromotionAudience; targetSpecialties: string[]; targetLocation: string | null };
type Amounts = { budget: number; dailyBudget: number | null; costPerClick: number };
type Dates = { startDate: string; endDate: string };

/** Rules across fields, shared by create and (after merging with the stored row) edit. */
export function promotionIssues(value: Targeting & Amounts & Dates): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (value.targetAudience === 'specific_specialties' && value.targetSpecialties.length === 0) {
    issues.push({ path: 'targetSpecialties', message: 'Choose at least one specialty' });
  }
  if (value.targetAudience === 'location_based' && !value.targetLocation) {
    issues.push({ path: 'targetLocation', message: 'Target location is required for location based promotions' });
  }
  if (value.endDate <= value.startDate) issues.push({ path: 'endDate', message: 'End date must be after the start date' });
  if (value.costPerClick > value.budget) issues.push({ path: 'costPerClick', message: 'Cost per click cannot be more than the total budget' });
  if (value.dailyBudget !== null) {
    if (value.dailyBudget > value.budget) issues.push({ path: 'dailyBudget', message: 'Daily budget cannot be more than the total budget' });
    else if (value.dailyBudget < value.costPerClick) issues.push({ path: 'dailyBudget', message: 'Daily budget must cover at least one click' });
  }
  return issues;
}

/** Targeting fields that do not apply to the chosen audience are cleared (decision record 010 §5). */
export function normaliseTargeting<T extends Targeting>(value: T): T {
  return {
    ...value,
    targetSpecialties: value.targetAudience === 'specific_specialties' ? value.targetSpecialties : [],
    targetLocation: value.targetAudience === 'location_based' ? value.targetLocation : null,
  };
}

export const createPromotionBody = z
  .object(promotionFields)
  .transform((value) => normaliseTargeting(value))
  .superRefine((value, ctx) => {
    for (const issue of promotionIssues(value)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type CreatePromotionBody = z.input<typeof createPromotionBody>;
export type CreatePromotionInput = z.output<typeof createPromotionBody>;

/** Partial edit; cross-field rules run on the merged result in the service. `isActive` pauses or resumes. */
export const updatePromotionBody = z
  .object({
    ...promotionFields,
    targetSpecialties: promotionFields.targetSpecialties.unwrap().unwrap(),
    costPerClick: money('Cost per click'),
    isActive: z.boolean('isActive must be true or false'),
  })
  .partial();
export type UpdatePromotionBody = z.input<typeof updatePromotionBody>;
export type UpdatePromotionInput = z.output<typeof updatePromotionBody>;

export const eligiblePromotionsQuery = z.object({
  placement: z.enum(['dashboard', 'jobs']).default('dashboard'),
});

export const promotionAnalyticsQuery = z.object({
  days: z.coerce.number().int().min(1).max(366).optional(),
});

/** Why a promotion is or is not being shown right now. */
export const deliveryStatuses = ['delivering', 'paused', 'scheduled', 'ended', 'budget_spent', 'daily_budget_spent'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];
export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  delivering: 'Showing now',
  paused: 'Paused',
  scheduled: 'Scheduled',
  ended: 'Ended',
  budget_spent: 'Budget spent',
  daily_budget_spent: "Today's budget spent",
};

/** Money fields are decimal text ("25.00"), as the specification's wire format has them (decision record 010). */
export const promotion = z.object({
  id: z.number(),
  businessId: z.number(),
  title: z.string(),
  description: z.string(),
  targetUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  promotionType: z.enum(promotionTypes),
  targetAudience: z.enum(promotionAudiences),
  targetSpecialties: z.array(z.string()),
  targetLocation: z.string().nullable(),
  budget: z.string(),
  dailyBudget: z.string().nullable(),
  costPerClick: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isActive: z.boolean(),
  totalImpressions: z.number(),
  totalClicks: z.number(),
  totalSpent: z.string(),
  spentToday: z.string(),
  clickThroughRate: z.string(),
  deliveryStatus: z.enum(deliveryStatuses),
  ...timestamps,
});
export type Promotion = z.infer<typeof promotion>;

/** What a pro staffer sees: the promotion without its budgets, and who runs it. */
export const promotionForViewer = promotion
  .pick({ id: true, title: true, description: true, targetUrl: true, imageUrl: true, promotionType: true })
  .extend({ companyName: z.string() });
export type PromotionForViewer = z.infer<typeof promotionForViewer>;

export const promotionDay = z.object({ day: z.string(), impressions: z.number(), clicks: z.number(), spent: z.string(), spentCents: z.number() });
export type PromotionDay = z.infer<typeof promotionDay>;

export const promotionAnalytics = z.object({
  promotionId: z.number(),
  totals: z.object({ impressions: z.number(), clicks: z.number(), spent: z.string(), clickThroughRate: z.string() }),
  days: z.array(promotionDay),
});
export type PromotionAnalytics = z.infer<typeof promotionAnalytics>;

export const promotionTrackResult = z.object({ recorded: z.boolean(), charged: z.string(), targetUrl: z.string().nullable() });
export type PromotionTrackResult = z.infer<typeof promotionTrackResult>;

export const promotionBusinessParam = z.object({ businessProfileId: dbIdParam });
