import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminGrowthSeries, BusinessAnalyticsSeries, PromotionsDailySeries } from '@shared/contracts/analytics';
import { ApiError } from '../../lib/api';

// A refusal (403 plan, 401 signed out) will not change on a retry; show it at once.
const retry = (failures: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && failures < 2;

// Changing the range keeps the old chart on screen until the new numbers arrive (no skeleton flash).
export const useBusinessSeries = (weeks: number) =>
  useQuery<BusinessAnalyticsSeries>({ queryKey: [`/api/analytics/business?weeks=${weeks}`], retry, placeholderData: keepPreviousData });

export const usePromotionsSeries = (days: number) =>
  useQuery<PromotionsDailySeries>({ queryKey: [`/api/analytics/promotions?days=${days}`], retry, placeholderData: keepPreviousData });

export const useGrowthSeries = (enabled: boolean) =>
  useQuery<AdminGrowthSeries>({ queryKey: ['/api/admin/growth?weeks=12'], enabled, retry });

/** True when the server refused because the plan lacks the feature (details.reason "plan_feature"). */
export function isPlanFeatureRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && (error.details as { reason?: string } | undefined)?.reason === 'plan_feature';
}
