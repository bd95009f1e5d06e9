import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, setNullReference } from './columns';
import { businessIdColumn } from './profiles';
import { users } from './users';

/**
 * An Enterprise business's API token (decision record 043). The token itself is shown once at creation; only its
 * SHA-256 is kept (`token_hash`), plus its first characters (`token_prefix`) so the owner can tell tokens apart.
 * Rows are never reused: revoking sets `revoked_at`, and the row stays in the list until the account is erased.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: idColumn(),
    businessId: businessIdColumn(),
    /** Who created it (the business's owner account); kept for the record, the token acts as the business owner. */
    createdByUserId: setNullReference('created_by_user_id', () => users.id),
    name: text('name').notNull(),
    /** `hs_live_` and the first six characters of the random part: enough to recognise it, nothing to guess with. */
    tokenPrefix: text('token_prefix').notNull(),
    /** Hex SHA-256 of the whole token. */
    tokenHash: text('token_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Written at most once a minute per token (API_TOKEN_TOUCH_MS), so a busy integration does not write on every call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [uniqueIndex('api_tokens_token_hash_idx').on(table.tokenHash), index('api_tokens_business_idx').on(table.businessId, table.id)],
);
