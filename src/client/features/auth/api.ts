import { useQuery } from '@tanstack/react-query';
import type { LoginBody, PublicConfig, RegisterBody, SessionUser } from '@shared/contracts/auth';
import { apiRequest } from '../../lib/api';

export const login = (body: LoginBody) => apiRequest<SessionUser>('POST', '/api/auth/login', body);
export const register = (body: RegisterBody) => apiRequest<SessionUser>('POST', '/api/auth/register', body);

export function usePublicConfig() {
  return useQuery<PublicConfig>({ queryKey: ['/api/config'] });
}
