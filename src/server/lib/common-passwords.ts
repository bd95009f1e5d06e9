import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from './errors';

let commonPasswords: Set<string> | undefined;

/** True when the password is in zxcvbn's ranked list of about 49,000 commonly used passwords (any letter case). */
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(password.toLowerCase());
}

/** ASVS 6.2.4: a new password must not be one attackers try first. `field` names the form field in the error details. */
export function assertNotCommonPassword(password: string, field: string): void {
  if (!isCommonPassword(password)) return;
  const message = 'This password is too common and easy to guess. Choose another.';
  throw new AppError('VALIDATION', message, [{ path: field, message }]);
}
