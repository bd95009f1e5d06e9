import { useQuery } from '@tanstack/react-query';
import { apiRequest, ApiError } from '../../lib/api';

/** The fields the dashboards read from the profiles API (owned by the profiles feature). */
export type BusinessProfileSummary = {
  id: number;
  companyName: string;
  description: string | null;
  location: string | null;
  industry: string | null;
  size: string | null;
};

export type ProStaffProfileSummary = {
  id: number;
  firstName: string;
  lastName: string;
  location: string | null;
  rating: number;
  specialties: string[];
  bio: string | null;
};

/** A 404 means "no profile yet", which the dashboards show as a call to action rather than an error. */
async function getOrNull<T>(url: string): Promise<T | null> {
  try {
    return await apiRequest<T>('GET', url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useOwnBusinessProfile(userId: number) {
  return useQuery({
    // Same cache entry as the profile screen, so saving a profile there updates the dashboard too.
    queryKey: [`/api/business-profiles/user/${userId}`],
    queryFn: () => getOrNull<BusinessProfileSummary>(`/api/business-profiles/user/${userId}`),
  });
}

export function useOwnProStaffProfile(userId: number) {
  return useQuery({
    queryKey: [`/api/pro-staff-profiles/user/${userId}`],
    queryFn: () => getOrNull<ProStaffProfileSummary>(`/api/pro-staff-profiles/user/${userId}`),
  });
}

/** Unread messages; 0 when the count cannot be read. */
export function useUnreadCount(userId: number): number {
  const query = useQuery<{ count: number }>({ queryKey: ['/api/messages/unread', userId] });
  return query.data?.count ?? 0;
}
