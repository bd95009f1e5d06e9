import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
}, (table) => [
  // Paid accounts only (most are Free): finds the featured-placement owners at any scale (decision record 019).
  index('users_paid_tier_idx').on(table.subscriptionTier).where(sql`${table.subscriptionTier} <> 'free'`),
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
