import { z } from 'zod';
import { minorUnitDigits, parseMinorUnits } from '../currency';
import { dbId, dbIdParam } from './common';

// Tasks with proof inside campaigns (issue 23 item 2, decision record 032): what a staffer in the campaign's audience
// does and proves, the business's decision on each proof, and the reward commission an approval creates.

export const campaignTaskKinds = ['social_post', 'event_day', 'field_test', 'other'] as const;
export type CampaignTaskKind = (typeof campaignTaskKinds)[number];
export const campaignTaskKindLabels: Record<CampaignTaskKind, string> = {
  social_post: 'Social post',
  event_day: 'In-store or event day',
  field_test: 'Field-test report',
  other: 'Other',
};

export const socialPlatforms = ['instagram', 'facebook', 'tiktok', 'youtube', 'x', 'other'] as const;
export type SocialPlatform = (typeof socialPlatforms)[number];
export const socialPlatformLabels: Record<SocialPlatform, string> = {
  instagram: 'Instagram', facebook: 'Facebook', tiktok: 'TikTok', youtube: 'YouTube', x: 'X', other: 'Other',
};

/** Why a business rejects a proof; `other` needs a note. Hunting-specific reasons included (record 032). */
export const rejectionReasons = [
  'missing_tag', 'wrong_product', 'low_quality', 'graphic_content', 'unsafe_firearm_handling', 'illegal_or_unethical_take', 'not_as_briefed', 'other',
] as const;
export type RejectionReason = (typeof rejectionReasons)[number];
export const rejectionReasonLabels: Record<RejectionReason, string> = {
  missing_tag: 'Missing the required tag or handle',
  wrong_product: 'Wrong product',
  low_quality: 'Low quality',
  graphic_content: 'Graphic or gory content',
  unsafe_firearm_handling: 'Unsafe firearm handling',
  illegal_or_unethical_take: 'Breaks game law or fair chase',
  not_as_briefed: 'Not as briefed',
  other: 'Other',
};

/** A reward is at most this many whole units of its currency (1,000,000.00 USD). */
export const MAX_REWARD_UNITS = 1_000_000;
/** Proof photos: JPEG, PNG or WebP judged by their bytes, at most 10 MB each and 6 per proof. */
export const PROOF_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const MAX_PROOF_PHOTOS = 6;
export const proofPhotoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PROOF_PHOTO_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';
/** Tasks in one campaign. */
export const MAX_CAMPAIGN_TASKS = 50;

const day = (what: string) => z.iso.date(`Enter the ${what} as YYYY-MM-DD`);
const hour = (what: string) => z.string(`Enter the ${what}`).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `Enter the ${what} as HH:MM`);
const text = (what: string, max: number) => z.string(`Enter ${what}`).trim().min(1, `Enter ${what}`).max(max, `At most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default('');
const httpsUrl = z.url({ protocol: /^https$/, error: 'Enter an https:// address' }).max(2000, 'At most 2000 characters');
const optionalHttpsUrl = z.union([z.literal(''), httpsUrl]).default('');

const taskBase = z.object({
  title: z.string('Enter a title').trim().min(3, 'Enter a title of at least 3 characters').max(120, 'At most 120 characters'),
  instructions: optionalText(2000),
  /** The first day the task takes no proof; empty = with the campaign. Within the campaign's dates (server). */
  closesOn: z.union([z.literal(''), z.null(), day('closing date')]).optional().transform((value) => value || null),
  /** A decimal amount in `rewardCurrency`; empty = no reward. */
  rewardAmount: z.string().trim().max(20, 'Enter an amount like 25.00').default(''),
  rewardCurrency: z.string().trim().regex(/^[A-Za-z]{3}$/, 'Use an ISO 4217 currency code like USD').transform((value) => value.toUpperCase()).default('USD'),
});

/** The task form (create and edit), one branch per kind; the server adds the checks against the campaign's dates. */
export const campaignTaskFields = z
  .discriminatedUnion('kind', [
    taskBase.extend({
      kind: z.literal('social_post'),
      platform: z.enum(socialPlatforms, 'Choose the platform'),
      requiredTag: text('the tag or handle', 100),
    }),
    taskBase.extend({
      kind: z.literal('event_day'),
      place: text('the place', 200),
      eventOn: day('day'),
      startsAt: hour('start time'),
      endsAt: hour('end time'),
      /** The business's event booth the day is at (decision record 040); its report is the booth's. */
      boothEventId: dbId.nullable().default(null),
    }),
    taskBase.extend({ kind: z.literal('field_test') }),
    taskBase.extend({ kind: z.literal('other') }),
  ], { error: 'Choose the kind of task' })
  .superRefine((value, issue) => {
    if (value.kind === 'event_day' && value.endsAt <= value.startsAt) issue.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end time must be after the start time' });
    if (value.rewardAmount === '') return;
    const minor = parseMinorUnits(value.rewardAmount, value.rewardCurrency);
    const digits = minorUnitDigits(value.rewardCurrency);
    if (minor === null) issue.addIssue({ code: 'custom', path: ['rewardAmount'], message: `Enter an amount like ${digits ? `25.${'0'.repeat(digits)}` : '2500'}` });
    else if (minor <= 0) issue.addIssue({ code: 'custom', path: ['rewardAmount'], message: 'The reward must be greater than 0, or leave it empty for none' });
    else if (minor > MAX_REWARD_UNITS * 10 ** digits) issue.addIssue({ code: 'custom', path: ['rewardAmount'], message: `The reward can be at most ${MAX_REWARD_UNITS.toLocaleString('en-US')} ${value.rewardCurrency}` });
  });
export type CampaignTaskFieldsInput = z.input<typeof campaignTaskFields>;
export type CampaignTaskFields = z.output<typeof campaignTaskFields>;

/**
 * A proof's text fields (multipart/form-data; the photos are parts named "file"). `kind` is the task's, set by the
 * server (and by the form): a social post needs its https link, an event day a note, a field test the report.
 */
export const proofFields = z
  .object({
    kind: z.enum(campaignTaskKinds),
    url: optionalHttpsUrl,
    note: optionalText(2000),
    product: optionalText(200),
    conditions: optionalText(2000),
    daysUsed: z.string().trim().max(3).default(''),
    worked: optionalText(4000),
    failed: optionalText(4000),
  })
  .superRefine((value, issue) => {
    const need = (path: string, message: string) => issue.addIssue({ code: 'custom', path: [path], message });
    if (value.kind === 'social_post' && !value.url) need('url', 'Enter the https:// link to the post');
    if (value.kind === 'event_day' && !value.note) need('note', 'Say what you did on the day');
    if (value.kind === 'other' && !value.url && !value.note) need('note', 'Enter a link or a note');
    if (value.kind === 'field_test') {
      if (!value.product) need('product', 'Enter the product you tested');
      if (!value.conditions) need('conditions', 'Describe the conditions');
      if (!/^\d{1,3}$/.test(value.daysUsed) || Number(value.daysUsed) < 1 || Number(value.daysUsed) > 365) need('daysUsed', 'Enter the days used, 1 to 365');
      if (!value.worked) need('worked', 'Say what worked');
      if (!value.failed) need('failed', 'Say what failed (or "nothing")');
    }
  });
export type ProofFieldsInput = z.input<typeof proofFields>;
export type ProofFields = z.output<typeof proofFields>;
/** The multipart text fields a proof may carry. */
export const proofFieldNames = ['url', 'note', 'product', 'conditions', 'daysUsed', 'worked', 'failed'] as const;

export const rejectProofBody = z
  .object({
    reason: z.enum(rejectionReasons, 'Choose a reason'),
    note: z.string().trim().max(1000, 'At most 1000 characters').default(''),
  })
  .superRefine((value, issue) => {
    if (value.reason === 'other' && !value.note) issue.addIssue({ code: 'custom', path: ['note'], message: 'Say why when the reason is "Other"' });
  });
export type RejectProofBodyInput = z.input<typeof rejectProofBody>;

export const fieldTestReport = z.object({ product: z.string(), conditions: z.string(), daysUsed: z.number(), worked: z.string(), failed: z.string() });
export type FieldTestReport = z.infer<typeof fieldTestReport>;

export const campaignTaskStatuses = ['scheduled', 'open', 'closed'] as const;
export type CampaignTaskStatus = (typeof campaignTaskStatuses)[number];

export const campaignTask = z.object({
  id: z.number(),
  campaignId: z.number(),
  kind: z.enum(campaignTaskKinds),
  title: z.string(),
  instructions: z.string(),
  platform: z.enum(socialPlatforms).nullable(),
  requiredTag: z.string().nullable(),
  place: z.string().nullable(),
  eventOn: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  boothEventId: z.number().nullable(),
  /** Minor units of `rewardCurrency`; both null = no reward. */
  rewardMinor: z.number().nullable(),
  rewardCurrency: z.string().nullable(),
  closesOn: z.string().nullable(),
  /** Takes proof only while open: the campaign open and before the task's own `closesOn`. */
  status: z.enum(campaignTaskStatuses),
  /** Owner: over all staffers; a staffer: their own. */
  waitingCount: z.number(),
  approvedCount: z.number(),
  submissionCount: z.number(),
  createdAt: z.string(),
});
export type CampaignTask = z.infer<typeof campaignTask>;

export const proofPhoto = z.object({ id: z.number(), fileName: z.string(), fileType: z.string(), fileSize: z.number(), url: z.string() });
export type ProofPhoto = z.infer<typeof proofPhoto>;

export const taskSubmission = z.object({
  id: z.number(),
  taskId: z.number(),
  proStaffId: z.number(),
  proStaffName: z.string(),
  status: z.enum(['submitted', 'approved', 'rejected']),
  url: z.string().nullable(),
  note: z.string(),
  report: fieldTestReport.nullable(),
  rejectionReason: z.enum(rejectionReasons).nullable(),
  rejectionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  commissionId: z.number().nullable(),
  photos: z.array(proofPhoto),
  createdAt: z.string(),
});
export type TaskSubmission = z.infer<typeof taskSubmission>;

/** GET /api/campaigns/:id/tasks: the owner sees every proof (newest first), a staffer only their own. */
export const campaignTasksView = z.object({ tasks: z.array(campaignTask), submissions: z.array(taskSubmission) });
export type CampaignTasksView = z.infer<typeof campaignTasksView>;

export const campaignTaskParams = z.object({ id: dbIdParam, taskId: dbIdParam });
export const taskSubmissionParams = z.object({ id: dbIdParam, submissionId: dbIdParam });
export const proofPhotoParams = z.object({ id: dbIdParam, submissionId: dbIdParam, photoId: dbIdParam });
