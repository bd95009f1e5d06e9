import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CancelSubscriptionResponse,
  CreateSubscriptionBody,
  CreateSubscriptionResponse,
  StartTrialBody,
  SubscriptionStatusResponse,
  TrialStatus,
} from '@shared/contracts/billing';
import { apiRequest, getJson } from '@client/lib/api';
import { publicConfigQuery } from '../auth/api';

export const subscriptionStatusKey = ['subscription-status'] as const;

export function usePaymentConfig() {
  return useQuery(publicConfigQuery());
}

export const fetchSubscriptionStatus = () => getJson<SubscriptionStatusResponse>('/api/subscription-status');

export const subscriptionStatusQuery = () => queryOptions({ queryKey: subscriptionStatusKey, queryFn: fetchSubscriptionStatus, staleTime: 0 });

export function useSubscriptionStatus(enabled: boolean) {
  return useQuery({ ...subscriptionStatusQuery(), enabled });
}

export const createSubscription = (body: CreateSubscriptionBody) =>
  apiRequest<CreateSubscriptionResponse>('POST', '/api/create-subscription', body);

export const startTrial = (body: StartTrialBody) => apiRequest<TrialStatus>('POST', '/api/start-trial', body);

export const cancelSubscription = () => apiRequest<CancelSubscriptionResponse>('POST', '/api/cancel-subscription');

export const daysLeftText = (days: number) => `${days} day${days === 1 ? '' : 's'} left`;

/** 'Jan 5, 2025' from unix seconds. */
export function formatPeriodEnd(seconds: number | null): string {
  if (!seconds) return 'the end of the billing period';
  return new Date(seconds * 1000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
