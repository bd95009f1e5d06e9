import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn, cascadingReference } from './columns';

export const users = pgTable('users', {
  id: idColumn(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  userType: text('user_type', { enum: ['business', 'pro_staff'] }).notNull(),
  subscriptionTier: text('subscription_tier').notNull().default('free'),
  isAdmin: boolean('is_admin').notNull().default(false),
  createdAt: createdAtColumn(),
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Consent at sign-up (decision record 027): the Terms/Privacy version accepted (TERMS_VERSION) and when, and when the
   * user confirmed being 18 or older. Null for accounts made before sign-up asked (and for demo and admin-script accounts).
   */
  termsVersion: text('terms_version'),
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  ageConfirmedAt: timestamp('age_confirmed_at', { withTimezone: true }),
  /** When the current email address was confirmed from its emailed link; null until then (and again after a change). */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /**
   * Two-factor sign-in (TOTP, decision record 027): the base32 secret once a code confirmed it, the one being set up
   * (both sealed with AES-256-GCM by lib/secret-box; a key from before sealing is plain base32 until its next code),
   * when it was turned on, the last 30-second step whose code was accepted (a code works once), and when the
   * user said "not now" to the prompt businesses and admins see.
   */
  totpSecret: text('totp_secret'),
  totpPendingSecret: text('totp_pending_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  totpLastStep: integer('totp_last_step'),
  twoFactorPromptDismissedAt: timestamp('two_factor_prompt_dismissed_at', { withTimezone: true }),
  /**
   * Account deletion (decision record 027): asked for at `deletion_requested_at`, carried out at `deletion_scheduled_for`
   * (14 days later) unless a sign-in cancels it; `deleted_at` marks the kept, anonymised row of a deleted account.
   */
  deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
  deletionScheduledFor: timestamp('deletion_scheduled_for', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (table) => [
  // Paid accounts only (most are Free): finds the featured-placement owners at any scale (decision record 019).
  index('users_paid_tier_idx').on(table.subscriptionTier).where(sql`${table.subscriptionTier} <> 'free'`),
  // The few accounts waiting for deletion, for the scheduled task.
  index('users_deletion_due_idx').on(table.deletionScheduledFor).where(sql`${table.deletionScheduledFor} is not null`),
]);

/** The user a row belongs to; the row goes with the account. */
export const userIdColumn = () => cascadingReference('user_id', () => users.id);

export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: userIdColumn(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last request seen on this session, kept to within an hour; drives the inactivity timeout. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** One-time password reset tokens; only the SHA-256 of the emailed token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: idColumn(),
    userId: userIdColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [index('password_reset_tokens_user_id_idx').on(table.userId)],
);

/**
 * Email verification links (decision record 027): single-use, 48 hours, only the SHA-256 of the emailed token stored.
 * `email` is the address the link confirms, so a link sent before an email change confirms nothing.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: idColumn(),
    userId: userIdColumn(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [index('email_verification_tokens_user_id_idx').on(table.userId)],
);

/** Ten single-use recovery codes per account with two-factor sign-in; only their SHA-256 is stored. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: idColumn(),
    userId: userIdColumn(),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [index('totp_recovery_codes_user_id_idx').on(table.userId)],
);

/**
 * A sign-in waiting for its second factor: the password was right, no session exists yet. Five minutes, a few code
 * attempts; only the SHA-256 of the token handed to the browser is stored.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: idColumn(),
    userId: userIdColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (table) => [index('login_challenges_user_id_idx').on(table.userId)],
);

/**
 * "Email me a download link" exports (decision record 027): built by a background task into storage, downloadable
 * by the account's owner for 7 days from a link whose token only the mail holds (its SHA-256 is stored here).
 */
export const accountExports = pgTable(
  'account_exports',
  {
    id: idColumn(),
    userId: userIdColumn(),
    status: text('status', { enum: ['queued', 'ready'] }).notNull().default('queued'),
    tokenHash: text('token_hash').unique(),
    storageKey: text('storage_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [index('account_exports_user_id_idx').on(table.userId)],
);
