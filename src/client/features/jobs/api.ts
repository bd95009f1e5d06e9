import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
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
import { apiRequest } from '../../lib/api';

export type JobFilters = { q?: string; location?: string; specialty?: string };

function jobsUrl(filters: JobFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value?.trim()) params.set(key, value.trim());
  const query = params.toString();
  return query ? `/api/job-postings?${query}` : '/api/job-postings';
}

/** Active postings, newest first. The filters travel in the URL, so each filter set is its own cache entry. */
export function useActiveJobPostings(filters: JobFilters = {}) {
  const url = jobsUrl(filters);
  return useQuery<JobPosting[]>({
    queryKey: ['/api/job-postings', 'list', url],
    queryFn: () => apiRequest<JobPosting[]>('GET', url),
  });
}

export function useOwnJobPostings(businessId: number | null) {
  return useQuery<OwnJobPosting[]>({ queryKey: ['/api/job-postings', 'business', businessId ?? 0], enabled: businessId !== null });
}

export function useBusinessJobStats(businessId: number | null) {
  return useQuery<BusinessJobStats>({
    queryKey: ['/api/job-postings', 'business', businessId ?? 0, 'stats'],
    enabled: businessId !== null,
  });
}

export function useJobApplications(jobPostingId: number, enabled = true) {
  return useQuery<ReceivedApplication[]>({ queryKey: ['/api/job-postings', jobPostingId, 'applications'], enabled });
}

export function useRecentApplications(businessId: number | null, limit = 5) {
  return useQuery<RecentApplication[]>({
    queryKey: ['/api/applications', 'business', `${businessId ?? 0}?limit=${limit}`],
    enabled: businessId !== null,
  });
}

export function useMyApplications(proStaffId: number | null) {
  return useQuery<MyApplication[]>({ queryKey: ['/api/applications', 'pro-staff', proStaffId ?? 0], enabled: proStaffId !== null });
}

function refreshJobs(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/job-postings'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/applications'] }),
  ]);
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
