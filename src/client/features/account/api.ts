import type { ChangeEmailBody, DeletionScheduled, DisableTwoFactorBody, RecoveryCodesReply, TwoFactorSetup } from '@shared/contracts/account';
import type { SessionUser } from '@shared/contracts/auth';
import { apiRequest, throwIfNotOk } from '@client/lib/api';

export const acceptTerms = (version: string) => apiRequest<SessionUser>('POST', '/api/account/terms', { version });
export const verifyEmail = (token: string) => apiRequest('POST', '/api/account/verify-email', { token });
export const resendVerification = () => apiRequest<{ message: string }>('POST', '/api/account/verify-email/resend');
export const changeEmail = (body: ChangeEmailBody) => apiRequest<SessionUser>('POST', '/api/account/email', body);

export const setUpTwoFactor = () => apiRequest<TwoFactorSetup>('POST', '/api/account/two-factor/setup');
export const enableTwoFactor = (code: string) => apiRequest<RecoveryCodesReply>('POST', '/api/account/two-factor/enable', { code });
export const disableTwoFactor = (body: DisableTwoFactorBody) => apiRequest('POST', '/api/account/two-factor/disable', body);
export const dismissTwoFactorPrompt = () => apiRequest('POST', '/api/account/two-factor/dismiss-prompt');
export const requestDeletion = (currentPassword: string) => apiRequest<DeletionScheduled>('POST', '/api/account/deletion', { currentPassword });
export const requestExportLink = () => apiRequest<{ message: string }>('POST', '/api/account/export/email');

export type ExportAnswer = { kind: 'archive'; archive: Blob; fileName: string } | { kind: 'emailed'; message: string };

/**
 * "Download My Data" (decision record 027): the ZIP archive to save, or, for an account with more than 25 MB of
 * files, the server's word that a link is on its way by email (202).
 */
export async function downloadMyData(): Promise<ExportAnswer> {
  const res = await fetch('/api/account/export', { credentials: 'include' });
  await throwIfNotOk(res);
  if (res.status === 202) return { kind: 'emailed', message: ((await res.json()) as { message: string }).message };
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'huntstaff-data.zip';
  return { kind: 'archive', archive: await res.blob(), fileName };
}
