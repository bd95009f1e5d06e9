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
  // Both must be sent as `true`; the server records when, and which version of the terms (decision record 027).
  ageConfirmed: z.literal(true, { error: 'Confirm that you are 18 or older' }),
  termsAccepted: z.literal(true, { error: 'Accept the Terms of Service and Privacy Policy' }),
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
  /** False until the account's current email address is confirmed from its emailed link (decision record 027). */
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** Business accounts and admins without two-factor sign-in are asked to turn it on until they say "not now". */
  twoFactorPrompt: z.boolean(),
  /**
   * True while the account has not accepted the current Terms of Service and Privacy Policy (TERMS_VERSION): a newer
   * version came out, or it signed up before sign-up asked. The app asks until it does (decision record 027).
   */
  mustAcceptTerms: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const publicConfig = z.object({
  demoLoginHint: z.object({ email: z.string(), password: z.string() }).nullable(),
  stripePublishableKey: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

const newPassword = z.string().min(8, 'Password must be at least 8 characters').max(200);

export const passwordResetRequestBody = z.object({ email: emailSchema });
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBody>;

export const passwordResetConfirmBody = z.object({
  token: z.string().min(20, 'The reset link is incomplete').max(200),
  password: newPassword,
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;

export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(200),
  newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
