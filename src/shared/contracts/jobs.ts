import { z } from 'zod';
import { brand } from './branding';
import { dbId, optionalText, timestamps } from './common';
import { proStaffProfile } from './profiles';

export const applicationStatuses = ['pending', 'shortlisted', 'accepted', 'rejected', 'withdrawn'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** Statuses a business may move an application to (from pending, or from shortlisted to a decision). */
export const businessDecisions = ['shortlisted', 'accepted', 'rejected'] as const;

const specialtiesField = z
  .array(z.string().trim().min(1, 'Specialty cannot be empty').max(60, 'Specialty is too long'))
  .max(15, 'Choose at most 15 specialties')
  .transform((list) => [...new Set(list)]);

const jobPostingFields = {
  title: z.string().trim().min(1, 'Title is required').max(120, 'Title must be at most 120 characters'),
  description: z.string().trim().min(1, 'Description is required').max(5000, 'Description must be at most 5000 characters'),
  location: optionalText(120),
  specialties: specialtiesField,
  compensation: optionalText(200),
  isActive: z.boolean(),
};

export const createJobPostingBody = z.object({
  ...jobPostingFields,
  specialties: specialtiesField.default([]),
  isActive: z.boolean().default(true),
});
export type CreateJobPostingBody = z.input<typeof createJobPostingBody>;

export const updateJobPostingBody = z
  .object({
    title: jobPostingFields.title.optional(),
    description: jobPostingFields.description.optional(),
    location: jobPostingFields.location.optional(),
    specialties: specialtiesField.optional(),
    compensation: jobPostingFields.compensation.optional(),
    isActive: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to update');
export type UpdateJobPostingBody = z.input<typeof updateJobPostingBody>;

export const jobPostingsQuery = z.object({
  q: z.string().trim().max(100).optional(),
  location: z.string().trim().max(120).optional(),
  specialty: z.string().trim().max(60).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type JobPostingsQuery = z.input<typeof jobPostingsQuery>;

export { businessIdParam, proStaffIdParam } from './common';

export const createApplicationBody = z.object({
  jobPostingId: dbId,
  coverLetter: z.string().trim().max(5000, 'Cover letter must be at most 5000 characters').optional().default(''),
});
export type CreateApplicationBody = z.input<typeof createApplicationBody>;

export const updateApplicationStatusBody = z.object({
  status: z.enum(['shortlisted', 'accepted', 'rejected', 'withdrawn']),
});
export type UpdateApplicationStatusBody = z.infer<typeof updateApplicationStatusBody>;

export const jobPosting = z.object({
  id: z.number(),
  businessId: z.number(),
  businessName: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string().nullable(),
  specialties: z.array(z.string()),
  compensation: z.string().nullable(),
  isActive: z.boolean(),
  /** The business's custom branding (decision record 045), for the card and the detail page. */
  brand,
  ...timestamps,
});
export type JobPosting = z.infer<typeof jobPosting>;

/** The owner's view of a posting adds its application counts. */
export const ownJobPosting = jobPosting.extend({ applicationCount: z.number(), pendingCount: z.number() });
export type OwnJobPosting = z.infer<typeof ownJobPosting>;

export const application = z.object({
  id: z.number(),
  jobPostingId: z.number(),
  proStaffId: z.number(),
  coverLetter: z.string().nullable(),
  status: z.enum(applicationStatuses),
  ...timestamps,
});
export type Application = z.infer<typeof application>;

/** A pro staffer's own application with the job it is for. */
export const myApplication = application.extend({
  job: jobPosting.pick({ id: true, title: true, businessName: true, location: true, isActive: true }),
});
export type MyApplication = z.infer<typeof myApplication>;

/** The applicant's pro staff profile, in brief. */
export const applicantSummary = z.object({
  proStaffId: z.number(),
  ...proStaffProfile.pick({ userId: true, firstName: true, lastName: true, location: true, specialties: true, experience: true, rating: true }).shape,
});
export type ApplicantSummary = z.infer<typeof applicantSummary>;

/** An application as its business sees it, with a summary of the applicant. */
export const receivedApplication = application.extend({ applicant: applicantSummary });
export type ReceivedApplication = z.infer<typeof receivedApplication>;

/** A received application in the business-wide feed, with the job it is for. */
export const recentApplication = receivedApplication.extend({ job: jobPosting.pick({ id: true, title: true }) });
export type RecentApplication = z.infer<typeof recentApplication>;

export const recentApplicationsQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(5) });

export const businessJobStats = z.object({
  jobPostings: z.number(),
  activeJobPostings: z.number(),
  /** Postings created this calendar month (UTC), the window of the monthly plan limit. */
  postsThisMonth: z.number(),
  applications: z.number(),
  pendingApplications: z.number(),
  /** Distinct pro staff with an accepted application (hired through a posting; the roster counts agreements, record 028). */
  activeProStaff: z.number(),
});
export type BusinessJobStats = z.infer<typeof businessJobStats>;
