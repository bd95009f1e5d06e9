import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Application,
  ApplicationStatus,
  BusinessJobStats,
  CreateJobPostingBody,
  JobPosting,
  MyApplication,
  OwnJobPosting,
  ReceivedApplication,
  RecentApplication,
  UpdateJobPostingBody,
} from '@shared/contracts/jobs';
import { apiRequest, getJson } from '@client/lib/api';

export type JobFilters = { q?: string; location?: string; specialty?: string };

function jobsUrl(filters: JobFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value?.trim()) params.set(key, value.trim());
  const query = params.toString();
  return query ? `/api/job-postings?${query}` : '/api/job-postings';
}

const postingsKey = ['job-postings'] as const;
const applicationsKey = ['applications'] as const;

/** Active postings, newest first. Each filter set is its own cache entry. */
export const activeJobPostingsQuery = (filters: JobFilters = {}) =>
  queryOptions({ queryKey: [...postingsKey, 'list', jobsUrl(filters)], queryFn: () => getJson<JobPosting[]>(jobsUrl(filters)) });

export const ownJobPostingsQuery = (businessId: number) =>
  queryOptions({ queryKey: [...postingsKey, 'business', businessId], queryFn: () => getJson<OwnJobPosting[]>(`/api/job-postings/business/${businessId}`) });

export const businessJobStatsQuery = (businessId: number) =>
  queryOptions({
    queryKey: [...postingsKey, 'business', businessId, 'stats'],
    queryFn: () => getJson<BusinessJobStats>(`/api/job-postings/business/${businessId}/stats`),
  });

export const jobApplicationsQuery = (jobPostingId: number) =>
  queryOptions({
    queryKey: [...postingsKey, jobPostingId, 'applications'],
    queryFn: () => getJson<ReceivedApplication[]>(`/api/job-postings/${jobPostingId}/applications`),
  });

export const recentApplicationsQuery = (businessId: number, limit = 5) =>
  queryOptions({
    queryKey: [...applicationsKey, 'business', businessId, limit],
    queryFn: () => getJson<RecentApplication[]>(`/api/applications/business/${businessId}?limit=${limit}`),
  });

export const myApplicationsQuery = (proStaffId: number) =>
  queryOptions({ queryKey: [...applicationsKey, 'pro-staff', proStaffId], queryFn: () => getJson<MyApplication[]>(`/api/applications/pro-staff/${proStaffId}`) });

export function useActiveJobPostings(filters: JobFilters = {}) {
  return useQuery(activeJobPostingsQuery(filters));
}

export function useOwnJobPostings(businessId: number | null) {
  return useQuery({ ...ownJobPostingsQuery(businessId ?? 0), enabled: businessId !== null });
}

export function useBusinessJobStats(businessId: number | null) {
  return useQuery({ ...businessJobStatsQuery(businessId ?? 0), enabled: businessId !== null });
}

export function useJobApplications(jobPostingId: number, enabled = true) {
  return useQuery({ ...jobApplicationsQuery(jobPostingId), enabled });
}

export function useRecentApplications(businessId: number | null, limit = 5) {
  return useQuery({ ...recentApplicationsQuery(businessId ?? 0, limit), enabled: businessId !== null });
}

export function useMyApplications(proStaffId: number | null) {
  return useQuery({ ...myApplicationsQuery(proStaffId ?? 0), enabled: proStaffId !== null });
}

/** Every posting and application list: a save, an application or a status change can touch any of them. */
export function refreshJobs(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: postingsKey }), queryClient.invalidateQueries({ queryKey: applicationsKey })]);
}

export function useSaveJobPosting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreateJobPostingBody | UpdateJobPostingBody }) =>
      id === undefined ? apiRequest<JobPosting>('POST', '/api/job-postings', body) : apiRequest<JobPosting>('PATCH', `/api/job-postings/${id}`, body),
    onSuccess: () => refreshJobs(queryClient),
  });
}

export function useApplyToJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { jobPostingId: number; coverLetter: string }) => apiRequest<Application>('POST', '/api/applications', body),
    onSuccess: () => refreshJobs(queryClient),
  });
}

export function useSetApplicationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: Exclude<ApplicationStatus, 'pending'> }) =>
      apiRequest<Application>('PATCH', `/api/applications/${id}/status`, { status }),
    onSuccess: () => refreshJobs(queryClient),
  });
}
