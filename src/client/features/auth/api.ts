import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChangePasswordBody, LoginBody, PublicConfig, RegisterBody, SessionUser } from '@shared/contracts/auth';
import type { LoginTwoFactorBody, TwoFactorChallenge } from '@shared/contracts/account';
import { apiRequest, getJson } from '@client/lib/api';

/** A session user, or (202) a two-factor challenge to finish with `loginTwoFactor` (decision record 027). */
export const login = (body: LoginBody) => apiRequest<SessionUser | TwoFactorChallenge>('POST', '/api/auth/login', body);
export const loginTwoFactor = (body: LoginTwoFactorBody) => apiRequest<SessionUser>('POST', '/api/auth/login/two-factor', body);
export const register = (body: RegisterBody) => apiRequest<SessionUser>('POST', '/api/auth/register', body);
export const changePassword = (body: ChangePasswordBody) => apiRequest('POST', '/api/auth/change-password', body);

/** GET /api/config: also read by the billing feature (the Stripe key), one cache entry for both. */
export const publicConfigQuery = () => queryOptions({ queryKey: ['config'], queryFn: () => getJson<PublicConfig>('/api/config') });

export function usePublicConfig() {
  return useQuery(publicConfigQuery());
}
