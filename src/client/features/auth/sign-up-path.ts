import type { UserType } from '@shared/plans';

/** Where a "join" call to action leads: the sign-up form with the visitor's account type already chosen. */
export function signUpPath(userType?: UserType): string {
  return userType ? `/auth?mode=signup&type=${userType}` : '/auth?mode=signup';
}
