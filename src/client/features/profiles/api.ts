import { useQuery } from '@tanstack/react-query';
import type { BusinessProfile, ProStaffProfile } from '@shared/contracts/profiles';
import { ApiError } from '../../lib/api';

async function getOrNull<T>(url: string): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include' });
  if (res.status === 404) return null;
  if (!res.ok) {
    const text = await res.text();
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, undefined, undefined, undefined);
  }
  return (await res.json()) as T;
}

export const proStaffByUserKey = (userId: number) => [`/api/pro-staff-profiles/user/${userId}`];
export const businessByUserKey = (userId: number) => [`/api/business-profiles/user/${userId}`];

/** The user's own profile, or null before they have created one. */
export function useOwnProStaffProfile(userId: number) {
  return useQuery({ queryKey: proStaffByUserKey(userId), queryFn: () => getOrNull<ProStaffProfile>(proStaffByUserKey(userId)[0]) });
}

export function useOwnBusinessProfile(userId: number) {
  return useQuery({ queryKey: businessByUserKey(userId), queryFn: () => getOrNull<BusinessProfile>(businessByUserKey(userId)[0]) });
}

export function useProStaffProfile(id: number) {
  return useQuery<ProStaffProfile>({ queryKey: [`/api/pro-staff-profiles/${id}`], enabled: Number.isInteger(id) && id > 0 });
}

/** Where the "Message" buttons lead: the messages page opens (or starts) that conversation. */
export const messageLink = (userId: number) => `/messages?to=${userId}`;
