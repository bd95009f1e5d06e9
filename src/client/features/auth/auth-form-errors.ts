/**
 * What the sign-in and sign-up forms say after a native post came back with `?error=<code>` (the server's
 * form-routes.ts, decision record 034). Fixed texts by code: the address never carries words to show, so a crafted
 * link cannot put its own message on our page, and never anything that was typed.
 */
const messages: Record<string, string> = {
  invalid: 'Invalid email or password. Please check your credentials.',
  'rate-limited': 'Too many failed attempts. Please wait a few minutes and try again.',
  taken: 'An account with this email already exists. Sign in instead, or reset your password.',
  'invalid-input': 'Please check the form: a valid email, a password of at least 8 characters, and both boxes ticked to sign up.',
  'cross-site': 'For your security this sign-in was refused because it came from another site. Please try again here.',
  expired: 'This sign-in has expired. Enter your email and password again.',
  failed: 'Something went wrong. Please try again.',
};

const twoFactorMessages: Record<string, string> = {
  'invalid-input': 'That code is not right. Check your authenticator app and try again.',
  'rate-limited': 'Too many wrong codes. Please wait a few minutes and try again.',
};

/** The message for an error code from the address, or null for none (an unknown code reads as a general failure). */
export function formErrorMessage(code: string | null, step: 'credentials' | 'two-factor' = 'credentials'): string | null {
  if (!code) return null;
  return (step === 'two-factor' ? twoFactorMessages[code] : undefined) ?? messages[code] ?? messages.failed;
}
