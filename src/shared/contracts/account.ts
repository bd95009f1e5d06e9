import { z } from 'zod';
import { emailSchema } from './auth';

// The account's own rights and safeguards (issue 25, decision record 027): email verification, email change,
// two-factor sign-in, data export and account deletion.

/** Accepting the Terms of Service and Privacy Policy of `version` (it must be the current TERMS_VERSION). */
export const acceptTermsBody = z.object({ version: z.string().trim().min(1, 'Say which version you accept').max(40) });
export type AcceptTermsBody = z.infer<typeof acceptTermsBody>;

export const verifyEmailBody = z.object({ token: z.string().min(20, 'The verification link is incomplete').max(200) });
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

export const changeEmailBody = z.object({
  email: emailSchema,
  currentPassword: z.string().min(1, 'Enter your current password').max(200),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

/** A six-digit authenticator code, or one of the ten recovery codes (xxxxx-xxxxx) where the route allows it. */
const twoFactorCode = z.string().trim().min(6, 'Enter the 6-digit code from your authenticator app').max(32);

export const twoFactorSetup = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  /** The otpauth:// URI of the same secret (what a QR code would hold). */
  otpauthUri: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

export const enableTwoFactorBody = z.object({ code: twoFactorCode });
export type EnableTwoFactorBody = z.infer<typeof enableTwoFactorBody>;

export const recoveryCodesReply = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesReply = z.infer<typeof recoveryCodesReply>;

export const disableTwoFactorBody = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(200),
  code: twoFactorCode,
});
export type DisableTwoFactorBody = z.infer<typeof disableTwoFactorBody>;

/** The answer to a correct password on an account with two-factor sign-in: no session yet, a code is needed. */
export const twoFactorChallenge = z.object({
  twoFactorRequired: z.literal(true),
  challengeToken: z.string(),
  expiresAt: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

export const loginTwoFactorBody = z.object({
  challengeToken: z.string().min(20).max(200),
  code: twoFactorCode,
});
export type LoginTwoFactorBody = z.infer<typeof loginTwoFactorBody>;

const rows = z.array(z.record(z.string(), z.unknown()));

/**
 * "Export my data": data.json, the document inside the export archive (decision record 027), with everything
 * HuntStaff holds about the account. `files` maps each uploaded or received file to its row id and its path inside
 * the archive (`missing` if storage no longer had it).
 */
export const accountExport = z.object({
  format: z.literal('huntstaff-account-export/2'),
  exportedAt: z.string(),
  account: z.record(z.string(), z.unknown()),
  profile: z.record(z.string(), z.unknown()).nullable(),
  files: z.array(
    z.object({
      kind: z.enum(['avatar', 'attachment', 'credential', 'campaignAsset', 'campaignProofPhoto', 'brandLogo']),
      /** The row id of the attachment, credential, asset or photo (the avatar has none). */
      id: z.number().int().nullable(),
      /** The name it was uploaded with. */
      name: z.string(),
      /** Where it is inside the archive, e.g. `files/message-attachments/12-brief.pdf`. */
      path: z.string(),
      size: z.number().int(),
      messageId: z.number().int().optional(),
      missing: z.boolean().optional(),
    }),
  ),
  messagesSent: rows,
  messagesReceived: rows,
  attachments: rows,
  massMessagesSent: rows,
  jobPostings: rows,
  applicationsMade: rows,
  applicationsReceived: rows,
  commissions: rows,
  reviewsWritten: rows,
  reviewsReceived: rows,
  discountCodes: rows,
  advertisements: rows,
  promotions: rows,
  subscriptions: rows,
  subscriptionPayments: rows,
  trials: rows,
  demoRequests: rows,
  sessions: rows,
  pageViews: rows,
  /** Payouts (decision record 025): those a business sent, the transfers a pro staffer received, the payout account. */
  payoutsSent: rows,
  payoutsReceived: rows,
  payoutAccount: rows,
  /** Pro staff agreements the account is a party to (every version) and their history (decision record 028). */
  agreements: rows,
  agreementHistory: rows,
  /** The notification centre's list and the email settings (decision record 030). */
  notifications: rows,
  notificationSettings: rows,
  /** Verified credentials the pro staffer submitted, with their decisions (decision record 029). */
  credentials: rows,
  /** A business's campaigns, their selected staffers and their content library (decision record 031). */
  campaigns: rows,
  campaignMembers: rows,
  campaignAssets: rows,
  /** A business's seasons; the goals in them, or a pro staffer's own goals (decision record 033). */
  seasons: rows,
  goals: rows,
  /** A business's campaign tasks; a staffer's proofs and the photos attached to them (decision record 032). */
  campaignTasks: rows,
  campaignTaskSubmissions: rows,
  campaignProofPhotos: rows,
  /** Every commission ledger entry of the account's commissions (decision record 036). */
  commissionEntries: rows,
  /**
   * Pay in gear (decision record 038): a business's tiers and gear settings (store credentials never included); the
   * tier placements, gear requests with their items, shipments, pro-pricing codes and gear value entries the account is
   * a party to.
   */
  gearTiers: rows,
  gearSettings: rows,
  gearMemberships: rows,
  gearRequests: rows,
  gearRequestItems: rows,
  gearShipments: rows,
  proPricingCodes: rows,
  compensationEntries: rows,
});
export type AccountExport = z.infer<typeof accountExport>;

export const requestDeletionBody = z.object({ currentPassword: z.string().min(1, 'Enter your current password').max(200) });
export type RequestDeletionBody = z.infer<typeof requestDeletionBody>;

export const deletionScheduled = z.object({
  /** When the account will be erased unless its owner signs in before then. */
  deletionScheduledFor: z.string(),
});
export type DeletionScheduled = z.infer<typeof deletionScheduled>;

export const exportTokenParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Expected a download link token') });
