import { z } from 'zod';
import { dbId } from './common';

/**
 * Code abuse (issue 43, decision record 039): signals read off every attributed order, flags with their evidence,
 * holds on the flagged commission until the business decides, and one-click rotation of a leaked code.
 * The contract the server (`src/server/modules/fraud`) and the review screen share.
 */

/** What is checked on every attributed order. */
export const fraudSignals = ['own_use', 'coupon_referrer', 'velocity', 'disposable_email', 'shared_fingerprint'] as const;
export type FraudSignal = (typeof fraudSignals)[number];

export const fraudSignalLabels: Record<FraudSignal, string> = {
  own_use: 'Own use',
  coupon_referrer: 'Coupon-site referrer',
  velocity: 'Sudden burst of uses',
  disposable_email: 'Disposable email',
  shared_fingerprint: 'Same buyer across staffers',
};

/** What a business wants done when a signal fires: flag only (commission payable as usual), hold it, or reject at once. */
export const fraudModes = ['flag', 'hold', 'auto_reject'] as const;
export type FraudMode = (typeof fraudModes)[number];

export const fraudModeLabels: Record<FraudMode, string> = { flag: 'Flag only', hold: 'Hold commission', auto_reject: 'Reject automatically' };

/**
 * A flag's life: `open` (its commission held when the mode was hold), then `approved` (by the business, or by expiry),
 * or `rejected` (by the business, or automatically): the commission is reversed in the ledger with the reason.
 */
export const flagStatuses = ['open', 'approved', 'rejected'] as const;
export type FlagStatus = (typeof flagStatuses)[number];

/** Who settled a flag. */
export const flagResolutions = ['business', 'expired', 'automatic'] as const;
export type FlagResolution = (typeof flagResolutions)[number];

/** Evidence is shown, never raw personal data: e.g. `{ matched: 'shipping address', referrer: 'retailmenot.com' }`. */
export const flagEvidence = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

export const fraudFlag = z.object({
  id: z.number(),
  signal: z.enum(fraudSignals),
  mode: z.enum(fraudModes),
  status: z.enum(flagStatuses),
  resolution: z.enum(flagResolutions).nullable(),
  /** What the business told the staffer when rejecting (shown to the staffer). */
  reason: z.string().nullable(),
  evidence: flagEvidence,
  orderId: z.string(),
  platform: z.string(),
  code: z.string(),
  codeId: z.number().nullable(),
  proStaffId: z.number(),
  proStaffName: z.string(),
  commissionId: z.number().nullable(),
  /** The commission's value in its currency, while it is held (minor units). */
  commissionAmountMinor: z.number().nullable(),
  currency: z.string().nullable(),
  /** True while the flag holds the commission (not payable). */
  held: z.boolean(),
  /** When an open flag turns approved by itself (null: stays held until decided). */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type FraudFlag = z.infer<typeof fraudFlag>;

export const fraudFlagsQuery = z.object({
  status: z.enum(flagStatuses).optional(),
  signal: z.enum(fraudSignals).optional(),
  proStaffId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type FraudFlagsQuery = z.input<typeof fraudFlagsQuery>;

export const fraudFlagsPage = z.object({
  flags: z.array(fraudFlag),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type FraudFlagsPage = z.infer<typeof fraudFlagsPage>;

/** Bulk decision on the review screen: approve restores the commission; reject reverses it with the reason. */
export const decideFlagsBody = z
  .object({
    flagIds: z.array(dbId).min(1, 'Select at least one flagged order').max(500, 'Decide at most 500 flags at a time'),
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(500, 'Keep the reason under 500 characters').optional(),
  })
  .refine((body) => body.decision !== 'reject' || (body.reason ?? '').length > 0, { path: ['reason'], message: 'Tell the pro staffer why (they see it)' });
export type DecideFlagsBody = z.input<typeof decideFlagsBody>;

export const decideFlagsResponse = z.object({ decided: z.number(), flags: z.array(fraudFlag) });

/** Per-staffer summary on the review screen. */
export const stafferRisk = z.object({
  proStaffId: z.number(),
  proStaffName: z.string(),
  open: z.number(),
  approved: z.number(),
  rejected: z.number(),
  bySignal: z.record(z.string(), z.number()),
});
export const stafferRiskList = z.object({ staffers: z.array(stafferRisk) });
export type StafferRisk = z.infer<typeof stafferRisk>;

export const MAX_FLAG_EXPIRY_DAYS = 365;

/** A business's rules: per signal a mode; open flags approve themselves after `expiryDays` (null: held until decided). */
export const fraudSettings = z.object({
  modes: z.object(Object.fromEntries(fraudSignals.map((signal) => [signal, z.enum(fraudModes)])) as Record<FraudSignal, z.ZodEnum<{ flag: 'flag'; hold: 'hold'; auto_reject: 'auto_reject' }>>),
  expiryDays: z.number().int().min(1).max(MAX_FLAG_EXPIRY_DAYS).nullable(),
  /** The business's own coupon-site domains, on top of the deployment's list. */
  couponSites: z.array(z.string()),
});
export type FraudSettings = z.infer<typeof fraudSettings>;

const domainInput = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'A domain has at most 253 characters')
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter a domain like coupons.example.com');

export const updateFraudSettingsBody = z.object({
  modes: z.object(Object.fromEntries(fraudSignals.map((signal) => [signal, z.enum(fraudModes).optional()])) as Record<FraudSignal, z.ZodOptional<z.ZodEnum<{ flag: 'flag'; hold: 'hold'; auto_reject: 'auto_reject' }>>>).strict().optional(),
  expiryDays: z.number().int().min(1, 'At least 1 day').max(MAX_FLAG_EXPIRY_DAYS, `At most ${MAX_FLAG_EXPIRY_DAYS} days`).nullable().optional(),
  couponSites: z.array(domainInput).max(500, 'At most 500 domains').optional(),
});
export type UpdateFraudSettingsBody = z.input<typeof updateFraudSettingsBody>;

/** The deployment's coupon-site list (admins). */
export const couponSiteList = z.object({ domains: z.array(z.string()) });
export const updateCouponSiteListBody = z.object({ domains: z.array(domainInput).max(5000, 'At most 5000 domains') });

/** Admin view: staffers with repeated rejected flags, without naming the other businesses' data. */
export const repeatedRejections = z.object({
  staffers: z.array(
    z.object({
      proStaffId: z.number(),
      proStaffName: z.string(),
      rejected: z.number(),
      /** How many businesses rejected their orders; never which ones. */
      businesses: z.number(),
      lastRejectedAt: z.string(),
    }),
  ),
});

/** A pro staffer's household addresses (own-use checks); stored only as keyed hashes of the normalised address. */
export const householdAddressBody = z.object({
  line1: z.string().trim().min(1, 'Enter the street address').max(200),
  line2: z.string().trim().max(200).optional(),
  city: z.string().trim().min(1, 'Enter the city').max(100),
  postalCode: z.string().trim().min(1, 'Enter the postal code').max(20),
  country: z.string().trim().length(2, 'Use the 2-letter country code').toUpperCase(),
});
export type HouseholdAddressBody = z.input<typeof householdAddressBody>;
export const householdAddress = z.object({ id: z.number(), label: z.string(), createdAt: z.string() });
export const householdAddressList = z.object({ addresses: z.array(householdAddress) });

/** Rotate a leaked code: disabled in the store, replaced with the same terms, the staffer told. */
export const rotateCodeBody = z.object({
  /** The replacement's code; generated from the old one when omitted. */
  newCode: z.string().trim().min(3).max(100).regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _').optional(),
});
export const rotateCodeResponse = z.object({
  oldCodeId: z.number(),
  newCodeId: z.number(),
  newCode: z.string(),
  /** What the store said: `disabled` and `created` in the store, or `not_connected` when there is no store API access. */
  store: z.object({ disabled: z.boolean(), created: z.boolean(), platform: z.string(), detail: z.string().nullable() }),
});
export type RotateCodeResponse = z.infer<typeof rotateCodeResponse>;

/** API paths (the server registers exactly these). */
export const fraudPaths = {
  flags: '/api/fraud/flags',
  decide: '/api/fraud/flags/decide',
  staffers: '/api/fraud/staffers',
  settings: '/api/fraud/settings',
  ownFlags: '/api/fraud/my-flags',
  householdAddresses: '/api/fraud/household-addresses',
  householdAddress: '/api/fraud/household-addresses/:id',
  adminCouponSites: '/api/admin/fraud/coupon-sites',
  adminRepeated: '/api/admin/fraud/repeated-rejections',
  rotateCode: '/api/discount-codes/:id/rotate',
} as const;
