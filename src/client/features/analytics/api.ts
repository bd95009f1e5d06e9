import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminGrowthSeries, BusinessAnalyticsSeries, PromotionsDailySeries } from '@shared/contracts/analytics';
import { ApiError, getJson } from '@client/lib/api';
import { adminKey } from '../admin/api';

// A refusal (403 plan, 401 signed out) will not change on a retry; show it at once.
const retry = (failures: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && failures < 2;

// Changing the range keeps the old chart on screen until the new numbers arrive (no skeleton flash).
const rangeSeriesQuery = <T>(queryKey: readonly unknown[], url: string) =>
  queryOptions({ queryKey, queryFn: () => getJson<T>(url), retry, placeholderData: keepPreviousData });

export const businessSeriesQuery = (weeks: number) =>
  rangeSeriesQuery<BusinessAnalyticsSeries>(['analytics', 'business', weeks], `/api/analytics/business?weeks=${weeks}`);

export const promotionsSeriesQuery = (days: number) =>
  rangeSeriesQuery<PromotionsDailySeries>(['analytics', 'promotions', days], `/api/analytics/promotions?days=${days}`);

// Under the admin prefix: the admin screen's Refresh re-reads it with the rest.
export const growthSeriesQuery = () =>
  queryOptions({ queryKey: [...adminKey, 'growth', 12], queryFn: () => getJson<AdminGrowthSeries>('/api/admin/growth?weeks=12'), retry });

export const useBusinessSeries = (weeks: number) => useQuery(businessSeriesQuery(weeks));
export const usePromotionsSeries = (days: number) => useQuery(promotionsSeriesQuery(days));
export const useGrowthSeries = (enabled: boolean) => useQuery({ ...growthSeriesQuery(), enabled });

/** True when the server refused because the plan lacks the feature (details.reason "plan_feature"). */
export function isPlanFeatureRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && (error.details as { reason?: string } | undefined)?.reason === 'plan_feature';
}
