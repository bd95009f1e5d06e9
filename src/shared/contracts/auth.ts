import { z } from 'zod';

export const userTypes = ['business', 'pro_staff'] as const;
export const userTypeSchema = z.enum(userTypes);

export const emailSchema = z.string().trim().toLowerCase().email('Enter a valid email address').max(254);

export const loginBody = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.object({
  email: emailSchema,
  password: z.string().min(8, 'Password must be at least 8 characters').max(200),
  userType: userTypeSchema.default('business'),
});
export type RegisterBody = z.input<typeof registerBody>;

export const sessionUser = z.object({
  id: z.number().int(),
  email: z.string(),
  userType: userTypeSchema,
  subscriptionTier: z.string(),
  businessId: z.number().int().nullable(),
  proStaffId: z.number().int().nullable(),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const publicConfig = z.object({
  demoLoginHint: z.object({ email: z.string(), password: z.string() }).nullable(),
  stripePublishableKey: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
