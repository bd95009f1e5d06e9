import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@shared/contracts/auth';
import type {
  CancelSubscriptionResponse,
  CreateSubscriptionBody,
  CreateSubscriptionResponse,
  StartTrialBody,
  SubscriptionStatusResponse,
  TrialStatus,
} from '@shared/contracts/billing';
import { apiRequest } from '../../lib/api';

export const subscriptionStatusKey = ['/api/subscription-status'] as const;

export function usePaymentConfig() {
  return useQuery<PublicConfig>({ queryKey: ['/api/config'] });
}

export function useSubscriptionStatus(enabled: boolean) {
  return useQuery<SubscriptionStatusResponse>({ queryKey: subscriptionStatusKey, enabled, staleTime: 0 });
}

export const createSubscription = (body: CreateSubscriptionBody) =>
  apiRequest<CreateSubscriptionResponse>('POST', '/api/create-subscription', body);

export const startTrial = (body: StartTrialBody) => apiRequest<TrialStatus>('POST', '/api/start-trial', body);

export const cancelSubscription = () => apiRequest<CancelSubscriptionResponse>('POST', '/api/cancel-subscription');

export const fetchSubscriptionStatus = () => apiRequest<SubscriptionStatusResponse>('GET', '/api/subscription-status');

export const daysLeftText = (days: number) => `${days} day${days === 1 ? '' : 's'} left`;

/** 'Jan 5, 2025' from unix seconds. */
export function formatPeriodEnd(seconds: number | null): string {
  if (!seconds) return 'the end of the billing period';
  return new Date(seconds * 1000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
