import type { SessionUser } from '@shared/contracts/auth';
import type {
  Application,
  ApplicationStatus,
  BusinessJobStats,
  JobPosting,
  MyApplication,
  OwnJobPosting,
  ReceivedApplication,
  RecentApplication,
} from '@shared/contracts/jobs';
import type { AppContext } from '@server/lib/context';
import { withDb } from '@server/lib/transaction';
import { appOrigin } from '@server/config';
import { publishBestEffort } from '@server/lib/publish';
import { announceNotifications, notify, recordNotifications } from '@server/modules/notifications/service';
import { AppError, conflict, forbidden, notFound } from '@server/lib/errors';
import { assertWithinLimit, startOfMonthUtc } from '@server/lib/entitlements';
import * as repo from './repository';

type BusinessUser = SessionUser & { businessId: number };
type ProStaffUser = SessionUser & { proStaffId: number };

export function listActivePostings(ctx: AppContext, filters: repo.PostingFilters): Promise<JobPosting[]> {
  return repo.listActivePostings(ctx.db, filters);
}

const publicPosting = ({ ownerUserId: _owner, ...posting }: repo.PostingWithOwner): JobPosting => posting;

/** Active postings are public; an inactive one is visible to its owner only. */
export async function getPosting(ctx: AppContext, viewer: SessionUser | null, id: number): Promise<JobPosting> {
  const posting = await repo.findPosting(ctx.db, id);
  if (!posting || (!posting.isActive && posting.ownerUserId !== viewer?.id)) throw notFound('Job posting');
  return publicPosting(posting);
}

/** The owner sees every posting with application counts; everyone else sees the active ones. */
export async function listBusinessPostings(ctx: AppContext, viewer: SessionUser | null, businessId: number): Promise<JobPosting[] | OwnJobPosting[]> {
  if (viewer?.businessId === businessId) return repo.listOwnPostings(ctx.db, businessId);
  if (!(await repo.businessExists(ctx.db, businessId))) throw notFound('Business');
  return repo.listBusinessPostings(ctx.db, businessId, { activeOnly: true });
}

export async function businessStats(ctx: AppContext, user: SessionUser, businessId: number): Promise<BusinessJobStats> {
  if (user.businessId !== businessId) throw forbidden('You can only see statistics for your own business');
  return repo.businessStats(ctx.db, businessId, startOfMonthUtc());
}

async function assertCanActivate(ctx: AppContext, user: BusinessUser, exceptId?: number): Promise<void> {
  const active = await repo.countActivePostings(ctx.db, user.businessId, exceptId);
  assertWithinLimit(user, 'activeJobPostings', active);
}

export async function createPosting(ctx: AppContext, user: BusinessUser, values: repo.PostingValues): Promise<JobPosting> {
  const id = await ctx.db.transaction(async (tx) => {
    await repo.lockBusinessPostings(tx, user.businessId);
    const postedThisMonth = await repo.countPostingsCreatedSince(tx, user.businessId, startOfMonthUtc());
    assertWithinLimit(user, 'jobPostsPerMonth', postedThisMonth);
    if (values.isActive) await assertCanActivate(withDb(ctx, tx), user);
    return repo.insertPosting(tx, user.businessId, values);
  });
  ctx.log.info({ jobPostingId: id, businessId: user.businessId }, 'job posting created');
  return publicPosting((await repo.findPosting(ctx.db, id))!);
}

async function ownPosting(ctx: AppContext, user: BusinessUser, id: number): Promise<repo.PostingWithOwner> {
  const posting = await repo.findPosting(ctx.db, id);
  if (!posting) throw notFound('Job posting');
  if (posting.businessId !== user.businessId) throw forbidden('You can only manage your own job postings');
  return posting;
}

export async function updatePosting(ctx: AppContext, user: BusinessUser, id: number, changes: Partial<repo.PostingValues>): Promise<JobPosting> {
  const posting = await ownPosting(ctx, user, id);
  await ctx.db.transaction(async (tx) => {
    if (changes.isActive && !posting.isActive) {
      await repo.lockBusinessPostings(tx, user.businessId);
      await assertCanActivate(withDb(ctx, tx), user, id);
    }
    await repo.updatePosting(tx, id, changes, new Date());
  });
  return publicPosting((await repo.findPosting(ctx.db, id))!);
}

export async function apply(ctx: AppContext, user: ProStaffUser, input: { jobPostingId: number; coverLetter: string }): Promise<Application> {
  const posting = await repo.findPosting(ctx.db, input.jobPostingId);
  if (!posting) throw notFound('Job posting');
  if (!posting.isActive) throw conflict('This job is no longer accepting applications');
  const application = await ctx.db.transaction(async (tx) => {
    await repo.lockProStaffApplications(tx, user.proStaffId);
    if (await repo.hasApplied(tx, posting.id, user.proStaffId)) throw conflict('You have already applied to this job');
    const usedThisMonth = await repo.countApplicationsSince(tx, user.proStaffId, startOfMonthUtc());
    assertWithinLimit(user, 'applicationsPerMonth', usedThisMonth);
    const inserted = await repo.insertApplication(tx, {
      jobPostingId: posting.id,
      proStaffId: user.proStaffId,
      coverLetter: input.coverLetter || null,
    });
    if (!inserted) throw conflict('You have already applied to this job');
    const title = `New application for “${posting.title}”`;
    await recordNotifications(ctx, tx, [{
      userId: posting.ownerUserId, kind: 'application', title, body: 'A pro staffer applied to your job posting.', link: '/business-dashboard',
      mail: { subject: title, text: `A pro staffer applied to your job posting “${posting.title}”.\n\nSee your applications: ${appOrigin(ctx.config)}/business-dashboard\n` },
    }]);
    return inserted;
  });
  // Best effort: the application is saved; a failed push must not turn it into an error (issue 19).
  await publishBestEffort(ctx, { userId: posting.ownerUserId, event: { type: 'application.created', data: { applicationId: application.id, jobPostingId: posting.id } } });
  await announceNotifications(ctx, [posting.ownerUserId]);
  ctx.log.info({ applicationId: application.id, jobPostingId: posting.id }, 'application created');
  return application;
}

export async function listMyApplications(ctx: AppContext, user: SessionUser, proStaffId: number): Promise<MyApplication[]> {
  if (user.proStaffId !== proStaffId) throw forbidden('You can only see your own applications');
  return repo.listApplicationsByProStaff(ctx.db, proStaffId);
}

export async function listApplicationsForPosting(ctx: AppContext, user: BusinessUser, jobPostingId: number): Promise<ReceivedApplication[]> {
  await ownPosting(ctx, user, jobPostingId);
  return repo.listApplicationsForJob(ctx.db, jobPostingId);
}

export async function listRecentApplications(ctx: AppContext, user: SessionUser, businessId: number, limit: number): Promise<RecentApplication[]> {
  if (user.businessId !== businessId) throw forbidden('You can only see applications to your own business');
  return repo.listRecentApplicationsForBusiness(ctx.db, businessId, limit);
}

/** Which statuses each party may move an application to, and from where. */
const businessTransitions: Partial<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  shortlisted: ['pending'],
  accepted: ['pending', 'shortlisted'],
  rejected: ['pending', 'shortlisted'],
};
const proStaffTransitions: Partial<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  withdrawn: ['pending', 'shortlisted'],
};

export async function changeApplicationStatus(ctx: AppContext, user: SessionUser, id: number, status: ApplicationStatus): Promise<Application> {
  const application = await repo.findApplication(ctx.db, id);
  const isBusiness = application !== null && user.userType === 'business' && user.businessId === application.businessId;
  const isApplicant = application !== null && user.userType === 'pro_staff' && user.proStaffId === application.proStaffId;
  if (!application) throw notFound('Application');
  if (!isBusiness && !isApplicant) throw forbidden('You can only manage applications to your own jobs or your own applications');

  const allowedFrom = (isBusiness ? businessTransitions : proStaffTransitions)[status];
  if (!allowedFrom) {
    throw forbidden(isBusiness ? 'A business can shortlist, accept or reject an application' : 'You can only withdraw your application');
  }
  const updated = await repo.transitionApplication(ctx.db, id, allowedFrom, status, new Date());
  if (!updated) {
    throw new AppError('CONFLICT', `This application is ${application.status} and can no longer be ${status}`, {
      status: application.status,
    });
  }
  const other = isBusiness ? application.proStaffUserId : application.businessUserId;
  await publishBestEffort(ctx, { userId: other, event: { type: 'application.status_changed', data: { applicationId: id, jobPostingId: application.jobPostingId, status } } });
  const title = isBusiness
    ? `${application.businessName} ${status === 'rejected' ? 'declined' : status} your application for “${application.jobTitle}”`
    : `An applicant withdrew from “${application.jobTitle}”`;
  const link = isBusiness ? '/pro-staff-dashboard' : '/business-dashboard';
  await notify(ctx, [{ userId: other, kind: 'application', title, body: '', link, mail: { subject: title, text: `${title}.\n\nSee it on HuntStaff: ${appOrigin(ctx.config)}${link}\n` } }]);
  return updated;
}
