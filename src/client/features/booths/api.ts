import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Agreement } from '@shared/contracts/agreements';
import type { BoothEvent, BoothEventFields, BoothReport } from '@shared/contracts/booths';
import { apiRequest, getJson } from '@client/lib/api';
import { useRefreshingMutation } from '@client/lib/mutations';

// Event booths (decision record 040): each endpoint's fetcher, query options and hook side by side.

const boothsKey = ['booth-events'] as const;

export const boothEventsQuery = () => queryOptions({ queryKey: [...boothsKey, 'list'], queryFn: () => getJson<BoothEvent[]>('/api/booth-events') });
export const boothReportQuery = (id: number) => queryOptions({ queryKey: [...boothsKey, 'report', id], queryFn: () => getJson<BoothReport>(`/api/booth-events/${id}/report`) });
export const boothReportCsvUrl = (id: number) => `/api/booth-events/${id}/report.csv`;

export const useBoothEvents = () => useQuery(boothEventsQuery());
export const useBoothReport = (id: number | null) => useQuery({ ...boothReportQuery(id ?? 0), enabled: id !== null });
/** Who can work a booth: the staffers with an active agreement. */
export const useActiveRoster = () => useQuery({ queryKey: [...boothsKey, 'roster'], queryFn: () => getJson<Agreement[]>('/api/agreements?status=active') });

export const useSaveBoothEvent = () =>
  useRefreshingMutation(({ id, body }: { id: number | null; body: BoothEventFields }) => apiRequest<BoothEvent>(id === null ? 'POST' : 'PUT', id === null ? '/api/booth-events' : `/api/booth-events/${id}`, body), boothsKey);
export const useDeleteBoothEvent = () => useRefreshingMutation((id: number) => apiRequest<void>('DELETE', `/api/booth-events/${id}`), boothsKey);
