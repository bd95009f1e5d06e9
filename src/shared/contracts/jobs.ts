import { z } from 'zod';
import { dbId, dbIdParam } from './common';

export const applicationStatuses = ['pending', 'shortlisted', 'accepted', 'rejected', 'withdrawn'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** Statuses a business may move an application to (from pending, or from shortlisted to a decision). */
export const businessDecisions = ['shortlisted', 'accepted', 'rejected'] as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

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

export const businessIdParam = z.object({ businessId: dbIdParam });
export const proStaffIdParam = z.object({ proStaffId: dbIdParam });

export const createApplicationBody = z.object({
  jobPostingId: dbId,
  coverLetter: z.string().trim().max(5000, 'Cover letter must be at most 5000 characters').optional().default(''),
});
export type CreateApplicationBody = z.input<typeof createApplicationBody>;

export const updateApplicationStatusBody = z.object({
  status: z.enum(['shortlisted', 'accepted', 'rejected', 'withdrawn']),
});
export type UpdateApplicationStatusBody = z.infer<typeof updateApplicationStatusBody>;

export type JobPosting = {
  id: number;
  businessId: number;
  businessName: string;
  title: string;
  description: string;
  location: string | null;
  specialties: string[];
  compensation: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};

/** The owner's view of a posting adds its application counts. */
export type OwnJobPosting = JobPosting & { applicationCount: number; pendingCount: number };

export type Application = {
  id: number;
  jobPostingId: number;
  proStaffId: number;
  coverLetter: string | null;
  status: ApplicationStatus;
  createdAt: string;
  updatedAt: string;
};

/** A pro staffer's own application with the job it is for. */
export type MyApplication = Application & {
  job: { id: number; title: string; businessName: string; location: string | null; isActive: boolean };
};

export type ApplicantSummary = {
  proStaffId: number;
  userId: number;
  firstName: string;
  lastName: string;
  location: string | null;
  specialties: string[];
  experience: number;
  rating: number;
};

/** An application as its business sees it, with a summary of the applicant. */
export type ReceivedApplication = Application & { applicant: ApplicantSummary };

/** A received application in the business-wide feed, with the job it is for. */
export type RecentApplication = ReceivedApplication & { job: { id: number; title: string } };

export const recentApplicationsQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(5) });

export type BusinessJobStats = {
  jobPostings: number;
  activeJobPostings: number;
  /** Postings created this calendar month (UTC), the window of the monthly plan limit. */
  postsThisMonth: number;
  applications: number;
  pendingApplications: number;
  /** Distinct pro staff with an accepted application. */
  activeProStaff: number;
};
