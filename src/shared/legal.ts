/**
 * The version of the Terms of Service and Privacy Policy a new account accepts at sign-up (decision record 027).
 * Change it whenever either page changes in substance: the server records, per account, the version accepted.
 */
export const TERMS_VERSION = '2026-11-28';

/** The date both legal pages show as "Last updated". */
export const LEGAL_UPDATED = 'November 28, 2026';

/** Users must be at least this old (Terms of Service, "Eligibility"). */
export const MINIMUM_AGE = 18;
