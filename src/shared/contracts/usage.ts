import { z } from 'zod';

export const limitUsage = z.object({
  /** null: unlimited. */
  limit: z.number().int().nullable(),
  used: z.number().int(),
  /** One more would go over the limit (for storage: nothing is left). */
  reached: z.boolean(),
  /** "Your Free plan allows 1 job post per month." — null when unlimited. */
  message: z.string().nullable(),
});
export type LimitUsage = z.infer<typeof limitUsage>;

export const planUsageResponse = z.object({
  plan: z.object({ id: z.string(), name: z.string() }),
  /** Where the client links "Upgrade your plan" (rendered as a link, never printed as a path). */
  upgradeUrl: z.string(),
  limits: z.object({
    jobPostsPerMonth: limitUsage.optional(),
    activeJobPostings: limitUsage.optional(),
    discountCodes: limitUsage.optional(),
    integrations: limitUsage.optional(),
    applicationsPerMonth: limitUsage.optional(),
    /** Live pro staff agreements plus open first offers (decision record 028). */
    activeAgreements: limitUsage.optional(),
    /** Open and scheduled campaigns (decision record 031). */
    activeCampaigns: limitUsage.optional(),
    messagesPerMonth: limitUsage,
    advertisements: limitUsage,
    fileStorageBytes: limitUsage,
  }),
});
export type PlanUsageResponse = z.infer<typeof planUsageResponse>;
export type UsageKey = keyof PlanUsageResponse['limits'];
