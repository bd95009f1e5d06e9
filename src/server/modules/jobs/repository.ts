import { and, count, countDistinct, desc, eq, gte, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
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
import type { Database } from '@server/db/client';
import { transactionLock } from '@server/db/locks';
import { applications, jobPostings } from '@server/db/schema/jobs';
import { businessProfiles, proStaffProfiles } from '@server/db/schema/profiles';
import { brandColumns, withBrand, type BrandColumns } from '../branding/brand-columns';

const postingColumns = {
  id: jobPostings.id,
  businessId: jobPostings.businessId,
  businessName: businessProfiles.companyName,
  title: jobPostings.title,
  description: jobPostings.description,
  location: jobPostings.location,
  specialties: jobPostings.specialties,
  compensation: jobPostings.compensation,
  isActive: jobPostings.isActive,
  ...brandColumns,
  createdAt: jobPostings.createdAt,
  updatedAt: jobPostings.updatedAt,
};

const applicationColumns = {
  id: applications.id,
  jobPostingId: applications.jobPostingId,
  proStaffId: applications.proStaffId,
  coverLetter: applications.coverLetter,
  status: applications.status,
  createdAt: applications.createdAt,
  updatedAt: applications.updatedAt,
};

type Timestamps = { createdAt: Date; updatedAt: Date };
const withIsoTimes = <T extends Timestamps>(row: T): Omit<T, keyof Timestamps> & { createdAt: string; updatedAt: string } => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
/** A posting row: its times as ISO strings and the business's brand columns as `brand` (decision record 045). */
const toPosting = <T extends Timestamps & BrandColumns>(row: T) => withIsoTimes(withBrand(row));

/** Escapes LIKE wildcards so user text matches literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function postingsQuery(db: Database) {
  return db.select(postingColumns).from(jobPostings).innerJoin(businessProfiles, eq(businessProfiles.id, jobPostings.businessId));
}

export type PostingFilters = { q?: string; location?: string; specialty?: string; limit: number; offset: number };

export async function listActivePostings(db: Database, filters: PostingFilters): Promise<JobPosting[]> {
  const conditions: (SQL | undefined)[] = [eq(jobPostings.isActive, true)];
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(or(ilike(jobPostings.title, pattern), ilike(jobPostings.description, pattern), ilike(businessProfiles.companyName, pattern)));
  }
  if (filters.location) conditions.push(ilike(jobPostings.location, likePattern(filters.location)));
  if (filters.specialty) {
    conditions.push(sql`exists (select 1 from unnest(${jobPostings.specialties}) as s(name) where lower(s.name) = lower(${filters.specialty}))`);
  }
  const rows = await postingsQuery(db)
    .where(and(...conditions))
    .orderBy(desc(jobPostings.createdAt), desc(jobPostings.id))
    .limit(filters.limit)
    .offset(filters.offset);
  return rows.map(toPosting);
}

export type PostingWithOwner = JobPosting & { ownerUserId: number };

export async function findPosting(db: Database, id: number): Promise<PostingWithOwner | null> {
  const [row] = await db
    .select({ ...postingColumns, ownerUserId: businessProfiles.userId })
    .from(jobPostings)
    .innerJoin(businessProfiles, eq(businessProfiles.id, jobPostings.businessId))
    .where(eq(jobPostings.id, id))
    .limit(1);
  return row ? toPosting(row) : null;
}

export async function businessExists(db: Database, businessId: number): Promise<boolean> {
  const [row] = await db.select({ id: businessProfiles.id }).from(businessProfiles).where(eq(businessProfiles.id, businessId)).limit(1);
  return Boolean(row);
}

export async function listBusinessPostings(db: Database, businessId: number, options: { activeOnly: boolean }): Promise<JobPosting[]> {
  const rows = await postingsQuery(db)
    .where(and(eq(jobPostings.businessId, businessId), options.activeOnly ? eq(jobPostings.isActive, true) : undefined))
    .orderBy(desc(jobPostings.createdAt), desc(jobPostings.id));
  return rows.map(toPosting);
}

export async function listOwnPostings(db: Database, businessId: number): Promise<OwnJobPosting[]> {
  const rows = await db
    .select({
      ...postingColumns,
      applicationCount: sql<number>`(select count(*) from applications a where a.job_posting_id = ${jobPostings.id} and a.status <> 'withdrawn')`.mapWith(Number),
      pendingCount: sql<number>`(select count(*) from applications a where a.job_posting_id = ${jobPostings.id} and a.status = 'pending')`.mapWith(Number),
    })
    .from(jobPostings)
    .innerJoin(businessProfiles, eq(businessProfiles.id, jobPostings.businessId))
    .where(eq(jobPostings.businessId, businessId))
    .orderBy(desc(jobPostings.createdAt), desc(jobPostings.id));
  return rows.map(toPosting);
}

/** Serialise a business's posting limit checks, or a pro staffer's application limit checks. */
export const lockBusinessPostings = transactionLock('jobPostings');
export const lockProStaffApplications = transactionLock('jobApplications');

export async function countPostingsCreatedSince(db: Database, businessId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(jobPostings)
    .where(and(eq(jobPostings.businessId, businessId), gte(jobPostings.createdAt, since)));
  return row?.n ?? 0;
}

export async function countActivePostings(db: Database, businessId: number, exceptId?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(jobPostings)
    .where(and(eq(jobPostings.businessId, businessId), eq(jobPostings.isActive, true), exceptId ? ne(jobPostings.id, exceptId) : undefined));
  return row?.n ?? 0;
}

export type PostingValues = {
  title: string;
  description: string;
  location: string | null;
  specialties: string[];
  compensation: string | null;
  isActive: boolean;
};

export async function insertPosting(db: Database, businessId: number, values: PostingValues): Promise<number> {
  const [row] = await db.insert(jobPostings).values({ businessId, ...values }).returning({ id: jobPostings.id });
  return row!.id;
}

export async function updatePosting(db: Database, id: number, values: Partial<PostingValues>, now: Date): Promise<void> {
  await db.update(jobPostings).set({ ...values, updatedAt: now }).where(eq(jobPostings.id, id));
}

export async function countApplicationsSince(db: Database, proStaffId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(applications)
    .where(and(eq(applications.proStaffId, proStaffId), gte(applications.createdAt, since)));
  return row?.n ?? 0;
}

/** Null when this pro staffer already applied to this job. */
export async function insertApplication(
  db: Database,
  values: { jobPostingId: number; proStaffId: number; coverLetter: string | null },
): Promise<Application | null> {
  const [row] = await db
    .insert(applications)
    .values(values)
    .onConflictDoNothing({ target: [applications.jobPostingId, applications.proStaffId] })
    .returning(applicationColumns);
  return row ? withIsoTimes(row) : null;
}

export async function hasApplied(db: Database, jobPostingId: number, proStaffId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.jobPostingId, jobPostingId), eq(applications.proStaffId, proStaffId)))
    .limit(1);
  return Boolean(row);
}

export type ApplicationWithParties = Application & { businessId: number; businessUserId: number; proStaffUserId: number; jobTitle: string; businessName: string };

export async function findApplication(db: Database, id: number): Promise<ApplicationWithParties | null> {
  const [row] = await db
    .select({
      ...applicationColumns,
      businessId: jobPostings.businessId,
      businessUserId: businessProfiles.userId,
      proStaffUserId: proStaffProfiles.userId,
      jobTitle: jobPostings.title,
      businessName: businessProfiles.companyName,
    })
    .from(applications)
    .innerJoin(jobPostings, eq(jobPostings.id, applications.jobPostingId))
    .innerJoin(businessProfiles, eq(businessProfiles.id, jobPostings.businessId))
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, applications.proStaffId))
    .where(eq(applications.id, id))
    .limit(1);
  return row ? withIsoTimes(row) : null;
}

/** Moves an application to `status` only if it is still in one of `from`; null when it was not. */
export async function transitionApplication(
  db: Database,
  id: number,
  from: readonly ApplicationStatus[],
  status: ApplicationStatus,
  now: Date,
): Promise<Application | null> {
  const [row] = await db
    .update(applications)
    .set({ status, updatedAt: now })
    .where(and(eq(applications.id, id), inArray(applications.status, [...from])))
    .returning(applicationColumns);
  return row ? withIsoTimes(row) : null;
}

export async function listApplicationsByProStaff(db: Database, proStaffId: number): Promise<MyApplication[]> {
  const rows = await db
    .select({
      ...applicationColumns,
      jobTitle: jobPostings.title,
      jobLocation: jobPostings.location,
      jobIsActive: jobPostings.isActive,
      businessName: businessProfiles.companyName,
    })
    .from(applications)
    .innerJoin(jobPostings, eq(jobPostings.id, applications.jobPostingId))
    .innerJoin(businessProfiles, eq(businessProfiles.id, jobPostings.businessId))
    .where(eq(applications.proStaffId, proStaffId))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  return rows.map(({ jobTitle, jobLocation, jobIsActive, businessName, ...application }) => ({
    ...withIsoTimes(application),
    job: { id: application.jobPostingId, title: jobTitle, businessName, location: jobLocation, isActive: jobIsActive },
  }));
}

const applicantColumns = {
  userId: proStaffProfiles.userId,
  firstName: proStaffProfiles.firstName,
  lastName: proStaffProfiles.lastName,
  location: proStaffProfiles.location,
  specialties: proStaffProfiles.specialties,
  experience: proStaffProfiles.experience,
  rating: proStaffProfiles.rating,
};

type ApplicantRow = Omit<Application, 'createdAt' | 'updatedAt'> & Timestamps & Omit<ReceivedApplication['applicant'], 'proStaffId'>;

function toReceived({ userId, firstName, lastName, location, specialties, experience, rating, ...application }: ApplicantRow): ReceivedApplication {
  return {
    ...withIsoTimes(application),
    applicant: { proStaffId: application.proStaffId, userId, firstName, lastName, location, specialties, experience, rating },
  };
}

export async function listApplicationsForJob(db: Database, jobPostingId: number): Promise<ReceivedApplication[]> {
  const rows = await db
    .select({ ...applicationColumns, ...applicantColumns })
    .from(applications)
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, applications.proStaffId))
    .where(eq(applications.jobPostingId, jobPostingId))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  return rows.map(toReceived);
}

/** The newest applications across all of a business's postings (withdrawn ones left out). */
export async function listRecentApplicationsForBusiness(db: Database, businessId: number, limit: number): Promise<RecentApplication[]> {
  const rows = await db
    .select({ ...applicationColumns, ...applicantColumns, jobTitle: jobPostings.title })
    .from(applications)
    .innerJoin(jobPostings, eq(jobPostings.id, applications.jobPostingId))
    .innerJoin(proStaffProfiles, eq(proStaffProfiles.id, applications.proStaffId))
    .where(and(eq(jobPostings.businessId, businessId), ne(applications.status, 'withdrawn')))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(limit);
  return rows.map(({ jobTitle, ...row }) => ({ ...toReceived(row), job: { id: row.jobPostingId, title: jobTitle } }));
}

export async function businessStats(db: Database, businessId: number, monthStart: Date): Promise<BusinessJobStats> {
  const [postings] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${jobPostings.isActive})`.mapWith(Number),
      thisMonth: sql<number>`count(*) filter (where ${jobPostings.createdAt} >= ${monthStart.toISOString()})`.mapWith(Number),
    })
    .from(jobPostings)
    .where(eq(jobPostings.businessId, businessId));
  const [received] = await db
    .select({
      total: sql<number>`count(*) filter (where ${applications.status} <> 'withdrawn')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${applications.status} = 'pending')`.mapWith(Number),
      acceptedProStaff: countDistinct(sql`case when ${applications.status} = 'accepted' then ${applications.proStaffId} end`),
    })
    .from(applications)
    .innerJoin(jobPostings, eq(jobPostings.id, applications.jobPostingId))
    .where(eq(jobPostings.businessId, businessId));
  return {
    jobPostings: postings?.total ?? 0,
    activeJobPostings: postings?.active ?? 0,
    postsThisMonth: postings?.thisMonth ?? 0,
    applications: received?.total ?? 0,
    pendingApplications: received?.pending ?? 0,
    activeProStaff: received?.acceptedProStaff ?? 0,
  };
}
