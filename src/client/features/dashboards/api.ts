import { useQuery } from '@tanstack/react-query';
import { unreadCountQuery } from '../messaging/api';
import { ownBusinessProfileQuery, ownProStaffProfileQuery } from '../profiles/api';

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

// Same cache entries as the profile screen, so saving a profile there updates the dashboard too.
// A 404 reads as null ("no profile yet"), which the dashboards show as a call to action rather than an error.
export function useOwnBusinessProfile(userId: number) {
  return useQuery(ownBusinessProfileQuery(userId));
}

export function useOwnProStaffProfile(userId: number) {
  return useQuery(ownProStaffProfileQuery(userId));
}

/** Unread messages; 0 when the count cannot be read. */
export function useUnreadCount(userId: number): number {
  const query = useQuery(unreadCountQuery(userId));
  return query.data?.count ?? 0;
}
