import { z } from 'zod';
import { brand } from './branding';
import { MAX_MINOR_UNITS } from '../currency';
import { currencyCodeInput, dbId } from './common';

// Pro staff agreements (decision record 028): a business offers, the staffer accepts or declines, either side ends.

export const exclusivityCategories = [
  'optics', 'firearms', 'ammunition', 'archery', 'apparel', 'calls_and_decoys', 'blinds_and_stands', 'scent_control', 'electronics', 'vehicles', 'other',
] as const;
export type ExclusivityCategory = (typeof exclusivityCategories)[number];
export const exclusivityCategoryLabels: Record<ExclusivityCategory, string> = {
  optics: 'Optics',
  firearms: 'Firearms',
  ammunition: 'Ammunition',
  archery: 'Archery',
  apparel: 'Apparel',
  calls_and_decoys: 'Calls and decoys',
  blinds_and_stands: 'Blinds and stands',
  scent_control: 'Scent control',
  electronics: 'Electronics',
  vehicles: 'Vehicles',
  other: 'Other',
};

/** Stored statuses, plus `expired`: an active agreement past its end date (computed, never stored). */
export const agreementStatuses = ['offered', 'active', 'expired', 'declined', 'withdrawn', 'ended', 'superseded'] as const;
export type AgreementStatus = (typeof agreementStatuses)[number];
export const agreementStatusLabels: Record<AgreementStatus, string> = {
  offered: 'Offered',
  active: 'Active',
  expired: 'Expired',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  ended: 'Ended',
  superseded: 'Replaced',
};

/** `expired` is written by the daily expiry task (no actor) when an agreement or an open offer passes its end date. */
export const agreementActions = ['offered', 'revised', 'accepted', 'declined', 'withdrawn', 'ended', 'superseded', 'expired', 'tier_changed'] as const;
export type AgreementAction = (typeof agreementActions)[number];

/** The CONFLICT error's `details.reason` when an exclusive offer meets an active exclusive agreement elsewhere. */
export const EXCLUSIVITY_CONFLICT = 'exclusivity_conflict';

const day = z.iso.date('Enter a date as YYYY-MM-DD');
const count = (what: string) => z.number(`Enter the number of ${what}`).int('Use a whole number').min(0, 'Cannot be negative').max(1000, 'At most 1000');

/** The terms of one version: everything the staffer accepts and that is frozen once accepted. */
const termsShape = {
    startDate: day,
    endDate: day,
    /** Commission on the staffer's codes in basis points (1250 = 12.5%). */
    commissionRateBps: z.number('Enter a commission rate').int('Use whole basis points').min(0, 'Cannot be negative').max(10_000, 'At most 100%'),
    /** Gear allowance per term in minor units of `currency`. */
    gearAllowanceMinor: z.number('Enter an amount').int('Use whole cents').min(0, 'Cannot be negative').max(MAX_MINOR_UNITS, 'Too large').default(0),
    currency: currencyCodeInput.default('USD'),
    proDealDiscountPercent: z.number('Enter a percent').int('Use a whole percent').min(0, 'Cannot be negative').max(100, 'At most 100%').default(0),
    duties: z.string().trim().max(2000, 'Duties must be at most 2000 characters').default(''),
    postsPerTerm: count('posts').default(0),
    eventsPerTerm: count('events').default(0),
    fieldTestReportsPerTerm: count('field test reports').default(0),
    exclusivityCategory: z.enum(exclusivityCategories, 'Choose a category from the list').nullish().transform((value) => value ?? null),
  /** Send an exclusive offer although the staffer holds a conflicting exclusive agreement (they must end it first). */
  acknowledgeConflict: z.boolean().default(false),
};
const endAfterStart = [
  (terms: { startDate: string; endDate: string }) => terms.endDate > terms.startDate,
  { path: ['endDate'], message: 'End date must be after the start date' },
] as [(terms: { startDate: string; endDate: string }) => boolean, { path: string[]; message: string }];

export const reviseAgreementBody = z.object(termsShape).refine(...endAfterStart);
export type AgreementTerms = z.output<typeof reviseAgreementBody>;

export const createAgreementBody = z.object({ proStaffId: dbId, ...termsShape }).refine(...endAfterStart);
export type CreateAgreementBody = z.input<typeof createAgreementBody>;
export type ReviseAgreementBody = z.input<typeof reviseAgreementBody>;

export const acceptAgreementBody = z.object({
  /** The staffer confirms they ended the other exclusive agreement the business was warned about. */
  confirmConflictEnded: z.boolean().default(false),
});
export type AcceptAgreementBody = z.input<typeof acceptAgreementBody>;

const reason = z.string().trim().max(1000, 'Reason must be at most 1000 characters');
export const declineAgreementBody = z.object({ reason: reason.optional().default('') });
export type DeclineAgreementBody = z.input<typeof declineAgreementBody>;
export const endAgreementBody = z.object({ reason: reason.min(1, 'Give a reason') });
export type EndAgreementBody = z.input<typeof endAgreementBody>;

export const agreementsQuery = z.object({
  status: z.enum(agreementStatuses).optional(),
  category: z.enum(exclusivityCategories).optional(),
  q: z.string().trim().max(100).optional(),
});
export type AgreementsQuery = z.input<typeof agreementsQuery>;

export const agreement = z.object({
  id: z.number(),
  /** The first version's id: the same for every version of one agreement. */
  seriesId: z.number(),
  version: z.number(),
  businessId: z.number(),
  businessName: z.string(),
  proStaffId: z.number(),
  proStaffName: z.string(),
  status: z.enum(agreementStatuses),
  startDate: z.string(),
  endDate: z.string(),
  commissionRateBps: z.number(),
  gearAllowanceMinor: z.number(),
  currency: z.string(),
  proDealDiscountPercent: z.number(),
  duties: z.string(),
  postsPerTerm: z.number(),
  eventsPerTerm: z.number(),
  fieldTestReportsPerTerm: z.number(),
  exclusivityCategory: z.enum(exclusivityCategories).nullable(),
  conflictAcknowledged: z.boolean(),
  acceptedAt: z.string().nullable(),
  acceptedIp: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
  /** The business's custom branding, shown on the agreement pages (decision record 045). */
  brand,
  createdAt: z.string(),
});
export type Agreement = z.infer<typeof agreement>;

export const agreementEvent = z.object({
  id: z.number(),
  agreementId: z.number(),
  version: z.number(),
  action: z.enum(agreementActions),
  actorName: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AgreementEvent = z.infer<typeof agreementEvent>;
