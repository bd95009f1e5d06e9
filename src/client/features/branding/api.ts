import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandingSettings } from '@shared/contracts/branding';
import type { BusinessProfile } from '@shared/contracts/profiles';
import type { JobPosting } from '@shared/contracts/jobs';
import { apiRequest, apiUpload, getJson } from '@client/lib/api';

export const brandingKey = ['branding'] as const;

export const brandingSettingsQuery = () => queryOptions({ queryKey: brandingKey, queryFn: () => getJson<BrandingSettings>('/api/branding') });

export function useBrandingSettings() {
  return useQuery(brandingSettingsQuery());
}

export const saveBrandColor = (color: string | null) => apiRequest<BrandingSettings>('PUT', '/api/branding/color', { color });
export const uploadBrandLogo = (file: File) => apiUpload<BrandingSettings>('/api/branding/logo', file);
export const removeBrandLogo = () => apiRequest<BrandingSettings>('DELETE', '/api/branding/logo');

/** A business's public profile (GET /api/business-profiles/:id) and its active postings. */
export function usePublicBusiness(id: number) {
  const valid = Number.isInteger(id) && id > 0;
  const profile = useQuery({ queryKey: ['business-profiles', 'id', id], queryFn: () => getJson<BusinessProfile>(`/api/business-profiles/${id}`), enabled: valid });
  const postings = useQuery({ queryKey: ['job-postings', 'public-business', id], queryFn: () => getJson<JobPosting[]>(`/api/job-postings/business/${id}`), enabled: valid });
  return { valid, profile, postings };
}

export function useJobPosting(id: number) {
  return useQuery({ queryKey: ['job-postings', 'id', id], queryFn: () => getJson<JobPosting>(`/api/job-postings/${id}`), enabled: Number.isInteger(id) && id > 0 });
}
