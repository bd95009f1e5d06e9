import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreateGoalBody, Goal, GoalTargets, Season, SeasonDetail, SeasonFieldsInput } from '@shared/contracts/goals';
import { apiRequest, getJson } from '@client/lib/api';
import { useRefreshingMutation } from '@client/lib/mutations';

// Goals by season (decision record 033): each endpoint's fetcher, query options and hook side by side.

const goalsKey = ['goals'] as const;

export const seasonsQuery = () => queryOptions({ queryKey: [...goalsKey, 'seasons'], queryFn: () => getJson<Season[]>('/api/seasons') });
export const seasonQuery = (id: number) => queryOptions({ queryKey: [...goalsKey, 'season', id], queryFn: () => getJson<SeasonDetail>(`/api/seasons/${id}`) });
export const goalsQuery = (when: 'current' | 'all') => queryOptions({ queryKey: [...goalsKey, 'list', when], queryFn: () => getJson<Goal[]>(`/api/goals?when=${when}`) });

export const useSeasons = () => useQuery(seasonsQuery());
export const useSeason = (id: number, enabled = true) => useQuery({ ...seasonQuery(id), enabled });
export const useGoals = (when: 'current' | 'all' = 'current', enabled = true) => useQuery({ ...goalsQuery(when), enabled });

export const useCreateSeason = () => useRefreshingMutation((body: SeasonFieldsInput) => apiRequest<SeasonDetail>('POST', '/api/seasons', body), goalsKey);
export const useUpdateSeason = () =>
  useRefreshingMutation(({ id, body }: { id: number; body: SeasonFieldsInput }) => apiRequest<SeasonDetail>('PUT', `/api/seasons/${id}`, body), goalsKey);
export const useDeleteSeason = () => useRefreshingMutation((id: number) => apiRequest<void>('DELETE', `/api/seasons/${id}`), goalsKey);
export const useCreateGoal = () =>
  useRefreshingMutation(({ seasonId, body }: { seasonId: number; body: CreateGoalBody }) => apiRequest<Goal>('POST', `/api/seasons/${seasonId}/goals`, body), goalsKey);
export const useUpdateGoal = () => useRefreshingMutation(({ id, body }: { id: number; body: GoalTargets }) => apiRequest<Goal>('PUT', `/api/goals/${id}`, body), goalsKey);
export const useDeleteGoal = () => useRefreshingMutation((id: number) => apiRequest<void>('DELETE', `/api/goals/${id}`), goalsKey);
