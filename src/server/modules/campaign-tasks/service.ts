import type { SessionUser } from '@shared/contracts/auth';
import {
  MAX_CAMPAIGN_TASKS,
  MAX_PROOF_PHOTOS,
  campaignTaskKindLabels,
  proofFields,
  proofPhotoTypes,
  rejectionReasonLabels,
  type CampaignTask,
  type CampaignTaskFields,
  type CampaignTaskStatus,
  type CampaignTasksView,
  type FieldTestReport,
  type RejectionReason,
  type TaskSubmission,
} from '@shared/contracts/campaign-tasks';
import { DEFAULT_CURRENCY, formatMoney, parseMinorUnits } from '@shared/currency';
import { appOrigin } from '@server/config';
import type { AppContext } from '@server/lib/context';
import type { Database } from '@server/db/client';
import { AppError, conflict, notFound } from '@server/lib/errors';
import { sniffFileType } from '@server/lib/file-type';
import type { MultipartFile } from '@server/lib/multipart-form';
import { publishBestEffort } from '@server/lib/publish';
import { newStorageKey, type StoredObject } from '@server/lib/storage';
import { parse } from '@server/lib/validate';
import { DEFAULT_HOLD_DAYS } from '@shared/contracts/commissions';
import { payableAtFor } from '@server/modules/commissions/lifecycle';
import { findCampaignRow, ownCampaign, statusOf, todayOf, visibleCampaign, type BusinessUser, type CampaignRow } from '@server/modules/campaigns/service';
import { announceNotifications, recordNotifications, type NotificationInput } from '@server/modules/notifications/service';
import { checkGoalsReachedAfterCommit } from '@server/modules/goals/service';
import { isOwnBoothEvent } from '@server/modules/booths/service';
import * as repo from './repository';
import { announceCreated } from '@server/modules/ledger/announce';
import { recordOutgoingEvent } from '@server/modules/webhooks-out/outbox';
import { mailBrander } from '@server/modules/branding/mail';

// Tasks with proof inside campaigns (issue 23 item 2, docs/decisions/032-campaign-tasks.md). Who sees a campaign is
// record 031's rule (visibleCampaign / ownCampaign); this module adds who may act on its tasks and proofs.

type ProStaffUser = SessionUser & { proStaffId: number };

const fieldError = (path: string, message: string) => new AppError('VALIDATION', `${path}: ${message}`, [{ path, message }]);

/**
 * A task takes proof only while it is open: its campaign is open and the day is before the task's own `closesOn`
 * (the first day it is closed, like the campaign's). A closed campaign closes all its tasks.
 */
export function taskStatusOf(campaign: { opensOn: string; closesOn: string }, task: { closesOn: string | null }, today: string): CampaignTaskStatus {
  const status = statusOf(campaign, today);
  if (status !== 'open') return status;
  return task.closesOn !== null && today >= task.closesOn ? 'closed' : 'open';
}

function toTask(row: repo.TaskRow, campaign: CampaignRow, today: string, counts?: repo.TaskCounts): CampaignTask {
  const { updatedAt: _updated, createdAt, ...rest } = row;
  return {
    ...rest,
    platform: rest.platform as CampaignTask['platform'],
    status: taskStatusOf(campaign, row, today),
    waitingCount: counts?.waiting ?? 0,
    approvedCount: counts?.approved ?? 0,
    submissionCount: counts?.total ?? 0,
    createdAt: createdAt.toISOString(),
  };
}

const photoUrl = (campaignId: number, submissionId: number, fileId: number) => `/api/campaigns/${campaignId}/submissions/${submissionId}/photos/${fileId}`;

function toSubmission(campaignId: number, row: repo.SubmissionRow, files: repo.ProofFileRow[]): TaskSubmission {
  return {
    id: row.id,
    taskId: row.taskId,
    proStaffId: row.proStaffId,
    proStaffName: row.proStaffName,
    status: row.status,
    url: row.url,
    note: row.note,
    report: (row.report as FieldTestReport | null) ?? null,
    rejectionReason: row.rejectionReason as RejectionReason | null,
    rejectionNote: row.rejectionNote,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    commissionId: row.commissionId,
    photos: files
      .filter((file) => file.submissionId === row.id)
      .map((file) => ({ id: file.id, fileName: file.fileName, fileType: file.fileType, fileSize: file.fileSize, url: photoUrl(campaignId, row.id, file.id) })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The owner sees every task with counts over all staffers and every proof; a staffer in the audience only their own. */
export async function view(ctx: AppContext, user: SessionUser, campaignId: number, now = new Date()): Promise<CampaignTasksView> {
  const today = todayOf(now);
  const { row, owner } = await visibleCampaign(ctx, user, campaignId, today);
  const proStaffId = owner ? undefined : user.proStaffId!;
  const [tasks, counts, submissions] = await Promise.all([
    repo.listTasks(ctx.db, campaignId),
    repo.countsFor(ctx.db, campaignId, proStaffId),
    repo.listSubmissions(ctx.db, campaignId, proStaffId),
  ]);
  const files = await repo.proofFilesOf(ctx.db, submissions.map((submission) => submission.id));
  const countsByTask = new Map(counts.map((count) => [count.taskId, count]));
  return {
    tasks: tasks.map((task) => toTask(task, row, today, countsByTask.get(task.id))),
    submissions: submissions.map((submission) => toSubmission(campaignId, submission, files)),
  };
}

/** The checks that need the campaign: its dates bound the task's closing day and the event's day. */
function checkAgainstCampaign(campaign: CampaignRow, input: CampaignTaskFields, today: string): void {
  if (statusOf(campaign, today) === 'closed') throw conflict('This campaign is closed; tasks can be added or changed only while it is scheduled or open.');
  if (input.closesOn !== null && (input.closesOn <= campaign.opensOn || input.closesOn > campaign.closesOn)) {
    throw fieldError('closesOn', `The task must close after the campaign opens (${campaign.opensOn}) and no later than it closes (${campaign.closesOn})`);
  }
  if (input.closesOn !== null && input.closesOn <= today) throw fieldError('closesOn', 'The closing date must be after today');
  if (input.kind === 'event_day' && (input.eventOn < campaign.opensOn || input.eventOn >= campaign.closesOn)) {
    throw fieldError('eventOn', `The day must be while the campaign is open (${campaign.opensOn} to the day before ${campaign.closesOn})`);
  }
}

/** An event-day task may point at one of the business's own event booths. */
async function checkBoothEvent(ctx: AppContext, businessId: number, input: CampaignTaskFields): Promise<void> {
  if (input.kind === 'event_day' && input.boothEventId !== null && !(await isOwnBoothEvent(ctx.db, businessId, input.boothEventId))) {
    throw fieldError('boothEventId', 'Choose one of your events');
  }
}

/** The columns of a task form: the kind's own fields, the others cleared; the reward in minor units or none. */
function taskValues(input: CampaignTaskFields) {
  const rewardMinor = input.rewardAmount === '' ? null : parseMinorUnits(input.rewardAmount, input.rewardCurrency);
  return {
    kind: input.kind,
    title: input.title,
    instructions: input.instructions,
    platform: input.kind === 'social_post' ? input.platform : null,
    requiredTag: input.kind === 'social_post' ? input.requiredTag : null,
    place: input.kind === 'event_day' ? input.place : null,
    eventOn: input.kind === 'event_day' ? input.eventOn : null,
    startsAt: input.kind === 'event_day' ? input.startsAt : null,
    endsAt: input.kind === 'event_day' ? input.endsAt : null,
    boothEventId: input.kind === 'event_day' ? input.boothEventId : null,
    rewardMinor,
    rewardCurrency: rewardMinor === null ? null : input.rewardCurrency || DEFAULT_CURRENCY,
    closesOn: input.closesOn,
  };
}

/** The owner adds a task while the campaign is scheduled or open (409 once closed), at most MAX_CAMPAIGN_TASKS. */
export async function create(ctx: AppContext, user: BusinessUser, campaignId: number, input: CampaignTaskFields, now = new Date()): Promise<CampaignTasksView> {
  const campaign = await ownCampaign(ctx, user, campaignId);
  checkAgainstCampaign(campaign, input, todayOf(now));
  await checkBoothEvent(ctx, campaign.businessId, input);
  if ((await repo.countTasks(ctx.db, campaignId)) >= MAX_CAMPAIGN_TASKS) throw conflict(`A campaign holds at most ${MAX_CAMPAIGN_TASKS} tasks`);
  await repo.insertTask(ctx.db, { ...taskValues(input), campaignId, createdAt: now, updatedAt: now });
  return view(ctx, user, campaignId, now);
}

async function ownTask(db: Database, campaignId: number, taskId: number): Promise<repo.TaskRow> {
  const task = await repo.findTask(db, campaignId, taskId);
  if (!task) throw notFound('Task');
  return task;
}

/** Edits a task that has no proof yet (409 once someone submitted: they worked to its terms). */
export async function update(ctx: AppContext, user: BusinessUser, campaignId: number, taskId: number, input: CampaignTaskFields, now = new Date()): Promise<CampaignTasksView> {
  const campaign = await ownCampaign(ctx, user, campaignId);
  await ownTask(ctx.db, campaignId, taskId);
  checkAgainstCampaign(campaign, input, todayOf(now));
  await checkBoothEvent(ctx, campaign.businessId, input);
  await ctx.db.transaction(async (tx) => {
    await repo.lockTask(tx, taskId);
    if ((await repo.countSubmissions(tx, taskId)) > 0) throw conflict('Proof was submitted for this task; it can no longer be changed.');
    await repo.updateTask(tx, taskId, { ...taskValues(input), updatedAt: now });
  });
  return view(ctx, user, campaignId, now);
}

/** Deletes a task that has no proof yet. */
export async function remove(ctx: AppContext, user: BusinessUser, campaignId: number, taskId: number, now = new Date()): Promise<CampaignTasksView> {
  await ownCampaign(ctx, user, campaignId);
  await ownTask(ctx.db, campaignId, taskId);
  await ctx.db.transaction(async (tx) => {
    await repo.lockTask(tx, taskId);
    if ((await repo.countSubmissions(tx, taskId)) > 0) throw conflict('Proof was submitted for this task; it can no longer be deleted.');
    await repo.deleteTask(tx, taskId);
  });
  return view(ctx, user, campaignId, now);
}

/** The file name as stored and shown: the last path segment, printable, at most 120 characters. */
function safeFileName(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[^\p{L}\p{N} ._()-]/gu, '_').trim().slice(0, 120);
  return base || `photo.${ext}`;
}

/** Every photo is checked before any is stored: a refused proof stores nothing. */
function checkedPhotos(files: MultipartFile[]): { file: MultipartFile; ext: string; mime: string }[] {
  if (files.length > MAX_PROOF_PHOTOS) throw new AppError('VALIDATION', `Attach at most ${MAX_PROOF_PHOTOS} photos`);
  return files.map((file) => {
    if (file.data.length === 0) throw new AppError('VALIDATION', `The photo "${file.fileName.slice(0, 60)}" is empty`);
    const sniffed = sniffFileType(file.data);
    if (!sniffed || !(proofPhotoTypes as readonly string[]).includes(sniffed.mime)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Attach photos as JPEG, PNG or WebP');
    }
    return { file, ...sniffed };
  });
}

const campaignLink = (id: number) => `/campaigns/${id}`;

/**
 * A staffer in the audience submits proof for an open task: 409 when a proof of theirs is waiting or approved, or
 * the task has closed. A rejected proof stays as history; submitting again adds a new row. The business is told.
 */
export async function submit(
  ctx: AppContext, user: ProStaffUser, campaignId: number, taskId: number, raw: Record<string, string>, files: MultipartFile[], now = new Date(),
): Promise<TaskSubmission> {
  const today = todayOf(now);
  const { row: campaign, owner } = await visibleCampaign(ctx, user, campaignId, today);
  if (owner) throw notFound('Campaign');
  const task = await ownTask(ctx.db, campaignId, taskId);
  if (taskStatusOf(campaign, task, today) !== 'open') throw conflict('This task is closed and takes no more proof.');
  const fields = parse(proofFields, { ...raw, kind: task.kind });
  const photos = checkedPhotos(files);
  const report: FieldTestReport | null = fields.kind === 'field_test'
    ? { product: fields.product, conditions: fields.conditions, daysUsed: Number(fields.daysUsed), worked: fields.worked, failed: fields.failed }
    : null;

  const stored: string[] = [];
  try {
    for (const photo of photos) {
      const key = newStorageKey('campaign-proofs', photo.ext);
      await ctx.storage.put(key, photo.file.data);
      stored.push(key);
    }
    const { id, told } = await ctx.db.transaction(async (tx) => {
      await repo.lockTask(tx, taskId);
      const live = await repo.liveSubmission(tx, taskId, user.proStaffId);
      if (live) throw conflict(live.status === 'approved' ? 'Your proof for this task was approved already.' : 'Your proof for this task is waiting for a decision.');
      const submissionId = await repo.insertSubmission(tx, {
        taskId, proStaffId: user.proStaffId, url: fields.url || null, note: fields.note, report, createdAt: now, updatedAt: now,
      });
      await repo.insertProofFiles(tx, photos.map((photo, index) => ({
        submissionId, fileKey: stored[index], fileName: safeFileName(photo.file.fileName, photo.ext), fileType: photo.mime, fileSize: photo.file.data.length, createdAt: now,
      })));
      await recordOutgoingEvent(tx, campaign.businessId, 'proof.submitted', { submissionId, campaignId, taskId, proStaffId: user.proStaffId, submittedAt: now.toISOString() });
      const name = (await repo.findSubmission(tx, campaignId, submissionId))!.proStaffName;
      const title = `${name} submitted proof for "${task.title}"`;
      const body = `${campaignTaskKindLabels[task.kind]} in ${campaign.title}. Approve or reject it.`;
      const userIds = await recordNotifications(ctx, tx, [{
        userId: campaign.businessUserId, kind: 'task', title, body, link: campaignLink(campaignId),
        mail: { subject: title, text: `${body}\n\nReview it: ${appOrigin(ctx.config)}${campaignLink(campaignId)}\n` },
      }]);
      return { id: submissionId, told: userIds };
    });
    await announceNotifications(ctx, told);
    ctx.log.info({ campaignId, taskId, submissionId: id }, 'task proof submitted');
    const row = (await repo.findSubmission(ctx.db, campaignId, id))!;
    return toSubmission(campaignId, row, await repo.proofFilesOf(ctx.db, [id]));
  } catch (error) {
    for (const key of stored) await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** A waiting proof of the owner's campaign, locked with its task for the decision; 409 when it is no longer waiting. */
async function waitingProof(tx: Database, campaignId: number, submissionId: number): Promise<{ submission: repo.SubmissionRow; task: repo.TaskRow }> {
  const found = await repo.findSubmission(tx, campaignId, submissionId);
  if (!found) throw notFound('Proof');
  await repo.lockTask(tx, found.taskId);
  const submission = (await repo.findSubmission(tx, campaignId, submissionId, true))!;
  if (submission.status !== 'submitted') throw conflict(`This proof was ${submission.status} already; only a waiting proof can be decided.`);
  const task = (await repo.findTask(tx, campaignId, submission.taskId))!;
  return { submission, task };
}

/**
 * Approves a waiting proof. A task with a reward gets its commission (source `task`, payable at once) in the same
 * transaction, its id stored on the proof: the task lock, the row lock and the unique indexes make it exactly once.
 * Allowed after the campaign or task closed: the proof came in while it was open.
 */
export async function approve(ctx: AppContext, user: BusinessUser, campaignId: number, submissionId: number, now = new Date()): Promise<TaskSubmission> {
  const campaign = await ownCampaign(ctx, user, campaignId);
  const { told, commissionId, proStaffUserId, proStaffId } = await ctx.db.transaction(async (tx) => {
    const { submission, task } = await waitingProof(tx, campaignId, submissionId);
    let newCommissionId: number | null = null;
    const items: NotificationInput[] = [];
    const link = campaignLink(campaignId);
    if (task.rewardMinor !== null && task.rewardCurrency) {
      const description = `Reward for the task "${task.title}" in the campaign "${campaign.title}"`;
      newCommissionId = await repo.insertRewardCommission(tx, {
        businessId: campaign.businessId, proStaffId: submission.proStaffId, amountCents: task.rewardMinor, currency: task.rewardCurrency,
        description, createdAt: now, payableAt: payableAtFor('task', now, DEFAULT_HOLD_DAYS),
      });
      await announceCreated(tx, { id: newCommissionId, businessId: campaign.businessId, proStaffId: submission.proStaffId, amountCents: task.rewardMinor, currency: task.rewardCurrency, source: 'task' });
      // As every new commission tells its pro staffer (commissions service, decision record 030).
      const money = formatMoney(task.rewardMinor, task.rewardCurrency);
      const title = `${campaign.businessName} recorded a ${money} commission for you`;
      const body = `Commission #${newCommissionId}: ${description}`;
      items.push({
        userId: submission.proStaffUserId, kind: 'commission', title, body, link: '/pro-staff-dashboard',
        mail: { subject: title, text: `${title}.\n${body}\n\nSee your commissions: ${appOrigin(ctx.config)}/pro-staff-dashboard\n` },
      });
    }
    if (!(await repo.decide(tx, submissionId, { status: 'approved', decidedAt: now, decidedByUserId: user.id, commissionId: newCommissionId, updatedAt: now }))) {
      throw conflict('This proof was decided already; only a waiting proof can be decided.');
    }
    await recordOutgoingEvent(tx, campaign.businessId, 'proof.decided', {
      submissionId, campaignId, taskId: task.id, proStaffId: submission.proStaffId, decision: 'approved', commissionId: newCommissionId, decidedAt: now.toISOString(),
    });
    const reward = task.rewardMinor !== null && task.rewardCurrency ? ` Your reward of ${formatMoney(task.rewardMinor, task.rewardCurrency)} is on its way.` : '';
    const title = `${campaign.businessName} approved your proof for "${task.title}"`;
    const body = `${campaign.title}.${reward}`;
    items.unshift({
      userId: submission.proStaffUserId, kind: 'task', title, body, link,
      mail: (await mailBrander(tx, campaign.businessId))({ subject: title, text: `${body}\n\nSee the campaign: ${appOrigin(ctx.config)}${link}\n` }),
    });
    return { told: await recordNotifications(ctx, tx, items), commissionId: newCommissionId, proStaffUserId: submission.proStaffUserId, proStaffId: submission.proStaffId };
  });
  await announceNotifications(ctx, told);
  if (commissionId !== null) {
    await publishBestEffort(ctx, { userId: proStaffUserId, event: { type: 'commission.created', data: { commissionId, status: 'pending' } } });
  }
  // The approved proof may complete the staffer's season goal with the business: told now, not within the hour.
  await checkGoalsReachedAfterCommit(ctx, proStaffId, campaign.businessId, now);
  return decided(ctx, campaignId, submissionId);
}

/** Rejects a waiting proof with a reason from the shared list and free text; the staffer may submit again while the task is open. */
export async function reject(
  ctx: AppContext, user: BusinessUser, campaignId: number, submissionId: number, input: { reason: RejectionReason; note: string }, now = new Date(),
): Promise<TaskSubmission> {
  const campaign = await ownCampaign(ctx, user, campaignId);
  const told = await ctx.db.transaction(async (tx) => {
    const { submission, task } = await waitingProof(tx, campaignId, submissionId);
    if (!(await repo.decide(tx, submissionId, {
      status: 'rejected', rejectionReason: input.reason, rejectionNote: input.note || null, decidedAt: now, decidedByUserId: user.id, updatedAt: now,
    }))) {
      throw conflict('This proof was decided already; only a waiting proof can be decided.');
    }
    await recordOutgoingEvent(tx, campaign.businessId, 'proof.decided', {
      submissionId, campaignId, taskId: task.id, proStaffId: submission.proStaffId, decision: 'rejected', reason: input.reason, commissionId: null, decidedAt: now.toISOString(),
    });
    const link = campaignLink(campaignId);
    const title = `${campaign.businessName} rejected your proof for "${task.title}"`;
    const again = taskStatusOf(campaign, task, todayOf(now)) === 'open' ? ' You can submit again until the task closes.' : '';
    const body = `Reason: ${rejectionReasonLabels[input.reason]}${input.note ? ` — ${input.note}` : ''}.${again}`;
    return recordNotifications(ctx, tx, [{
      userId: submission.proStaffUserId, kind: 'task', title, body, link,
      mail: (await mailBrander(tx, campaign.businessId))({ subject: title, text: `${body}\n\nSee the campaign: ${appOrigin(ctx.config)}${link}\n` }),
    }]);
  });
  await announceNotifications(ctx, told);
  return decided(ctx, campaignId, submissionId);
}

async function decided(ctx: AppContext, campaignId: number, submissionId: number): Promise<TaskSubmission> {
  const row = (await repo.findSubmission(ctx.db, campaignId, submissionId))!;
  return toSubmission(campaignId, row, await repo.proofFilesOf(ctx.db, [submissionId]));
}

/**
 * A proof photo, to the staffer who submitted it and the campaign's owner; 404 to anyone else (admins included, as
 * for the campaign itself: record 031), so ids reveal nothing.
 */
export async function proofPhoto(
  ctx: AppContext, user: SessionUser, campaignId: number, submissionId: number, photoId: number,
): Promise<StoredObject & { fileName: string; fileType: string }> {
  const campaign = await findCampaignRow(ctx, campaignId);
  const submission = campaign ? await repo.findSubmission(ctx.db, campaignId, submissionId) : null;
  const owner = campaign !== null && user.userType === 'business' && user.businessId === campaign.businessId;
  const submitter = submission !== null && user.userType === 'pro_staff' && user.proStaffId === submission.proStaffId;
  if (!submission || !(owner || submitter)) throw notFound('Photo');
  const file = await repo.findProofFile(ctx.db, submissionId, photoId);
  const stored = file ? await ctx.storage.get(file.fileKey) : null;
  if (!file || !stored) throw notFound('Photo');
  return { ...stored, fileName: file.fileName, fileType: file.fileType };
}
