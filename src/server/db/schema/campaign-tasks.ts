import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { boothEvents } from './booths';
import { campaigns } from './campaigns';
import { cascadingReference, createdAtColumn, idColumn, setNullReference, timestampColumns } from './columns';
import { commissions } from './commissions';
import { proStaffIdColumn } from './profiles';
import { users } from './users';

/**
 * A task inside a campaign (issue 23 item 2): something a staffer in the campaign's audience does and proves. The
 * kind decides which detail columns mean something: `social_post` (platform, required tag or handle), `event_day`
 * (place, day, hours), `field_test` (a structured report is the proof), `other`. A reward is a fixed amount in minor
 * units with its currency, or none (both null). The task closes on `closes_on` (first day closed; null = with the
 * campaign).
 */
export const campaignTasks = pgTable(
  'campaign_tasks',
  {
    id: idColumn(),
    campaignId: cascadingReference('campaign_id', () => campaigns.id),
    kind: text('kind', { enum: ['social_post', 'event_day', 'field_test', 'other'] }).notNull(),
    title: text('title').notNull(),
    instructions: text('instructions').notNull().default(''),
    /** social_post: the platform (instagram, facebook, tiktok, youtube, x, other). */
    platform: text('platform'),
    /** social_post: the tag or handle the post must carry. */
    requiredTag: text('required_tag'),
    /** event_day: where, which day and the hours (`HH:MM`, UTC-free wall-clock times of the place). */
    place: text('place'),
    eventOn: date('event_on', { mode: 'string' }),
    startsAt: text('starts_at'),
    endsAt: text('ends_at'),
    /** event_day: the business's event booth the day is at (decision record 040), for its report. */
    boothEventId: setNullReference('booth_event_id', () => boothEvents.id),
    rewardMinor: integer('reward_minor'),
    rewardCurrency: text('reward_currency'),
    /** The first day submissions are refused; null means the task closes with its campaign. */
    closesOn: date('closes_on', { mode: 'string' }),
    ...timestampColumns(),
  },
  (table) => [index('campaign_tasks_campaign_idx').on(table.campaignId, table.id)],
);

/**
 * One proof a staffer submitted for a task. A rejected proof stays as history and the staffer submits a new row; at
 * most one proof per task and staffer is waiting for a decision and at most one is approved (the reward is paid once:
 * `commission_id` is unique and set in the approving transaction).
 */
export const campaignTaskSubmissions = pgTable(
  'campaign_task_submissions',
  {
    id: idColumn(),
    taskId: cascadingReference('task_id', () => campaignTasks.id),
    proStaffId: proStaffIdColumn(),
    status: text('status', { enum: ['submitted', 'approved', 'rejected'] }).notNull().default('submitted'),
    /** A link to the post or other evidence (https). */
    url: text('url'),
    /** field_test: { product, conditions, daysUsed, worked, failed }. */
    report: jsonb('report'),
    note: text('note').notNull().default(''),
    /** On rejection: a code from the shared list and free text. */
    rejectionReason: text('rejection_reason'),
    rejectionNote: text('rejection_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: setNullReference('decided_by_user_id', () => users.id),
    commissionId: setNullReference('commission_id', () => commissions.id),
    ...timestampColumns(),
  },
  (table) => [
    index('campaign_task_submissions_task_idx').on(table.taskId, table.proStaffId),
    index('campaign_task_submissions_pro_staff_idx').on(table.proStaffId, table.decidedAt),
    uniqueIndex('campaign_task_submissions_one_waiting_idx')
      .on(table.taskId, table.proStaffId)
      .where(sql`${table.status} = 'submitted'`),
    uniqueIndex('campaign_task_submissions_one_approved_idx')
      .on(table.taskId, table.proStaffId)
      .where(sql`${table.status} = 'approved'`),
    uniqueIndex('campaign_task_submissions_commission_idx').on(table.commissionId),
  ],
);

/** Photos attached to a proof (stored through the Storage interface under `campaign-proofs/`). */
export const campaignTaskProofFiles = pgTable(
  'campaign_task_proof_files',
  {
    id: idColumn(),
    submissionId: cascadingReference('submission_id', () => campaignTaskSubmissions.id),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    fileSize: integer('file_size').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('campaign_task_proof_files_submission_idx').on(table.submissionId)],
);
