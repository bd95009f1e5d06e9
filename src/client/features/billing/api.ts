import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CancelSubscriptionResponse,
  CreateSubscriptionBody,
  CreateSubscriptionResponse,
  MoneyBackResult,
  MoneyBackStatus,
  PlanChangeBody,
  PlanChangePreview,
  PlanChangeResult,
  StartTrialBody,
  SubscriptionStatusResponse,
  TrialStatus,
} from '@shared/contracts/billing';
import { formatMoney } from '@shared/currency';
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

export const previewPlanChange = (tier: string) => apiRequest<PlanChangePreview>('POST', '/api/subscription/change-preview', { tier });

export const changePlan = (body: PlanChangeBody) => apiRequest<PlanChangeResult>('POST', '/api/subscription/change', body);

export const moneyBackKey = ['money-back'] as const;

export function useMoneyBack(enabled: boolean) {
  return useQuery({ queryKey: moneyBackKey, queryFn: () => getJson<MoneyBackStatus>('/api/subscription/money-back'), enabled, staleTime: 0 });
}

export const claimMoneyBack = () => apiRequest<MoneyBackResult>('POST', '/api/subscription/money-back');

/** "USD 66.66" from minor units and Stripe's lower-case currency. */
export const money = (minor: number, currency: string) => formatMoney(minor, currency.toUpperCase());

export const daysLeftText = (days: number) => `${days} day${days === 1 ? '' : 's'} left`;

/** 'Jan 5, 2025' from unix seconds. */
export function formatPeriodEnd(seconds: number | null): string {
  if (!seconds) return 'the end of the billing period';
  return new Date(seconds * 1000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
