import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';

/**
 * Advisory lock namespaces, one per count-then-write limit check (decision record 018). Kept in one table so two
 * checks can never share a namespace by accident.
 */
const lockNamespaces = {
  jobPostings: 4101,
  jobApplications: 4102,
  discountCodes: 4103,
  advertisements: 4104,
  integrationPlatforms: 4105,
  directMessageQuota: 7301,
  /** One Pay now per business at a time, so a double click cannot put the same commissions in two payouts. */
  payouts: 7401,
  /** Agreement acceptances of one pro staffer: no two exclusive agreements in one category (decision record 028). */
  agreementsProStaff: 7501,
  /** Agreement offers of one business: the plan's active-agreement limit (decision record 028). */
  agreementsBusiness: 7502,
  /** The daily expiry notices (one owner, 0): two instances never write the same `expired` event twice. */
  agreementsExpiry: 7503,
  /** Credential changes of one pro staffer: the badge is recomputed from a state no other change is writing (decision record 029). */
  credentialsProStaff: 7601,
  /** Campaign creation of one business: the plan's campaign limit (decision record 031). */
  campaignsBusiness: 7701,
  /** A campaign's opening announcement: told once, by the request or the task, never both (decision record 031). */
  campaignsAnnounce: 7702,
  /** A goal's "reached" notification: told once, by the hourly task or an inline check, never both (decision record 033). */
  goalsReached: 7901,
  /** Proofs of one campaign task: submissions, decisions and task edits (decision record 032). */
  campaignTasks: 7801,
  /** A staffer's gear requests, edits and approvals: the yearly allotment is checked against a state nobody else is writing (decision record 038). */
  gearAllotment: 8101,
  /** A business's tier list: the ten-tier limit (decision record 038). */
  gearTiers: 8102,
  /** A pro staffer's coaching requests: the waiting-requests limit (decision record 046). */
  coachingRequests: 8201,
  /** A business's API tokens: the live-token limit (decision record 043). */
  apiTokens: 8301,
  /** A business's outgoing webhook endpoints: the endpoint limit (decision record 044). */
  webhookEndpoints: 8401,
} as const;

/**
 * A lock on one owner's (business, pro staffer or user) `namespace`: callers holding it for the same owner run one
 * at a time, so concurrent requests cannot both pass a limit check. Held until the transaction ends.
 */
export function transactionLock(namespace: keyof typeof lockNamespaces): (tx: Database, ownerId: number) => Promise<void> {
  return async (tx, ownerId) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockNamespaces[namespace]}, ${ownerId})`);
  };
}
