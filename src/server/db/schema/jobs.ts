import { sql } from 'drizzle-orm';
import { index, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, cascadingReference, isActiveColumn } from './columns';
import { businessIdColumn, proStaffIdColumn } from './profiles';

export const jobPostings = pgTable(
  'job_postings',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: text('location'),
    specialties: text('specialties').array().notNull().default([]),
    compensation: text('compensation'),
    isActive: isActiveColumn(),
    ...timestampColumns(),
  },
  (table) => [
    index('job_postings_business_id_idx').on(table.businessId),
    // The public job list (open postings, newest first) reads a page off this instead of sorting every posting ever made.
    index('job_postings_active_created_at_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()).where(sql`${table.isActive} = true`),
  ],
);

export const applications = pgTable(
  'applications',
  {
    id: idColumn(),
    jobPostingId: cascadingReference('job_posting_id', () => jobPostings.id),
    proStaffId: proStaffIdColumn(),
    coverLetter: text('cover_letter'),
    status: text('status', { enum: ['pending', 'shortlisted', 'accepted', 'rejected', 'withdrawn'] }).notNull().default('pending'),
    ...timestampColumns(),
  },
  (table) => [
    unique('applications_job_pro_staff_unique').on(table.jobPostingId, table.proStaffId),
    index('applications_pro_staff_id_idx').on(table.proStaffId),
  ],
);
