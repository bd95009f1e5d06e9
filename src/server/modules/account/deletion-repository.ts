import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '@server/db/client';
import { sessions, users } from '@server/db/schema/users';
import { subscriptions } from '@server/db/schema/billing';

export async function scheduleDeletion(db: Database, userId: number, requestedAt: Date, scheduledFor: Date) {
  await db.update(users).set({ deletionRequestedAt: requestedAt, deletionScheduledFor: scheduledFor }).where(eq(users.id, userId));
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Clears a pending deletion; answers whether there was one. */
export async function cancelDeletion(db: Database, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletionRequestedAt: null, deletionScheduledFor: null })
    .where(and(eq(users.id, userId), isNotNull(users.deletionScheduledFor)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function hasLiveSubscription(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), sql`${subscriptions.status} in ('active', 'trialing', 'past_due', 'unpaid', 'incomplete')`))
    .limit(1);
  return Boolean(row);
}

export async function dueDeletions(db: Database, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(lte(users.deletionScheduledFor, now), isNull(users.deletedAt)))
    .orderBy(users.deletionScheduledFor)
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Locks the user row and answers whether its erasure is (still) due: a sign-in that cancelled it, or another
 * instance that erased it first, wins. The caller's transaction keeps the lock until the erasure commits.
 * `for no key update`, not `for update`: it still excludes the sign-in's update of the row, but lets a transaction
 * that only references the user (an acceptance notifying this business, already holding the agreement row that
 * erasure is about to end) go on, where `for update` would make the two wait for each other (a deadlock).
 */
export async function lockDueAccount(db: Database, userId: number, now: Date): Promise<boolean> {
  const due = rowsOf<{ id: number }>(
    await db.execute(sql`select id from users where id = ${userId} and deletion_scheduled_for <= ${now} and deleted_at is null for no key update`),
  );
  return due.length > 0;
}

/**
 * Erases an account in the caller's transaction, table by table as decision record 027's data map says: personal
 * data goes, the records others or the law need (messages, commissions, orders, payments) stay under a
 * "Deleted user" that can no longer sign in. Answers the storage keys of files to delete once committed.
 * Locks the user row and re-checks that the deletion is still due, so a sign-in that cancelled it wins.
 */
export async function eraseAccount(db: Database, userId: number, now: Date, unusablePasswordHash: string): Promise<{ erased: boolean; fileKeys: string[] }> {
  const rows = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? (result as T[]));
  if (!(await lockDueAccount(db, userId, now))) return { erased: false, fileKeys: [] };

  const brandLogos = rows<{ key: string | null }>(await db.execute(sql`select brand_logo_key as key from business_profiles where user_id = ${userId}`));
  const avatars = rows<{ url: string | null }>(
    await db.execute(sql`select profile_picture_url as url from business_profiles where user_id = ${userId}
      union all select profile_picture_url from pro_staff_profiles where user_id = ${userId}`),
  );
  const exportFiles = rows<{ key: string | null }>(await db.execute(sql`delete from account_exports where user_id = ${userId} returning storage_key as key`));
  // Verified credentials (decision record 029): numbers and documents are personal data with nothing else hanging
  // off them, so the rows go with their documents (the badge columns are cleared with the profile below).
  const credentialFiles = rows<{ key: string | null }>(
    await db.execute(sql`delete from credentials where pro_staff_id in (select id from pro_staff_profiles where user_id = ${userId}) returning document_key as key`),
  );
  // Campaigns (decision record 031): a business's briefs and brand files go with it (members and assets cascade);
  // an erased staffer leaves the campaigns they were selected for.
  const campaignFiles = rows<{ key: string | null }>(
    await db.execute(sql`select a.file_key as key from campaign_assets a join campaigns c on c.id = a.campaign_id
      where c.business_id in (select id from business_profiles where user_id = ${userId})`),
  );
  // Campaign tasks (decision record 032): a business's tasks and the proofs sent to them go with its campaigns; an
  // erased staffer's proof photos are deleted and the texts of their proofs cleared. The rows stay (status and
  // dates): the reward commissions point at them and seasonal goals count the approved ones.
  const proofFiles = rows<{ key: string }>(
    await db.execute(sql`select f.file_key as key from campaign_task_proof_files f
      join campaign_task_submissions s on s.id = f.submission_id join campaign_tasks t on t.id = s.task_id join campaigns c on c.id = t.campaign_id
      where c.business_id in (select id from business_profiles where user_id = ${userId})
         or s.pro_staff_id in (select id from pro_staff_profiles where user_id = ${userId})`),
  );
  const statements = [
    sql`delete from campaign_task_proof_files where submission_id in (select id from campaign_task_submissions
      where pro_staff_id in (select id from pro_staff_profiles where user_id = ${userId}))`,
    sql`update campaign_task_submissions set url = null, report = null, note = '', updated_at = ${now}
      where pro_staff_id in (select id from pro_staff_profiles where user_id = ${userId})`,
    sql`delete from campaigns where business_id in (select id from business_profiles where user_id = ${userId})`,
    sql`delete from campaign_members where pro_staff_id in (select id from pro_staff_profiles where user_id = ${userId})`,
    // Goals by season (decision record 033): a business's seasons with their goals; an erased staffer's goals.
    sql`delete from seasons where business_id in (select id from business_profiles where user_id = ${userId})`,
    // Outgoing webhooks (decision record 044): an erased business's endpoints (with deliveries and attempts) and its events.
    sql`delete from outgoing_webhook_endpoints where business_id in (select id from business_profiles where user_id = ${userId})`,
    sql`delete from outgoing_webhook_events where business_id in (select id from business_profiles where user_id = ${userId})`,
    sql`delete from goals where pro_staff_id in (select id from pro_staff_profiles where user_id = ${userId})`,
    // Pay in gear (decision record 038): an erased staffer's shipping addresses and notes go (the requests and their
    // gear value stay: compensation entries are records); an erased business's store credentials go.
    sql`update gear_requests set shipping_address = '{}'::jsonb, note = '', updated_at = ${now}
      where pro_staff_id in (select id from pro_staff_profiles where user_id = ${userId})`,
    sql`delete from store_admin_credentials where platform_id in (select id from integration_platforms
      where business_id in (select id from business_profiles where user_id = ${userId}))`,
    // Code abuse (decision record 039): an erased staffer's household addresses (keyed hashes and masked labels) go;
    // the buyers' keyed hashes an erased business's checks used go with it (they serve only its future checks).
    // Flags stay with the commission history they explain: they carry no raw personal data.
    sql`delete from household_addresses where pro_staff_id in (select id from pro_staff_profiles where user_id = ${userId})`,
    sql`delete from order_risk_hashes where business_id in (select id from business_profiles where user_id = ${userId})`,
    // Event booths (decision record 040): an erased business's events go with their windows, rosters and booth sales
    // (the commissions they made stay, record 036); an erased staffer leaves every booth roster.
    sql`delete from booth_events where business_id in (select id from business_profiles where user_id = ${userId})`,
    sql`delete from booth_event_staff where pro_staff_id in (select id from pro_staff_profiles where user_id = ${userId})`,
    // Agreements (record 028) were ended by the agreements module before this (endForClosedAccount); both sides keep
    // their history under "Deleted user", without the address the acceptance came from.
    sql`update agreements set accepted_ip = null
      where accepted_ip is not null and (business_id in (select id from business_profiles where user_id = ${userId})
         or pro_staff_id in (select id from pro_staff_profiles where user_id = ${userId}))`,
    // Sign-in and its secrets, and an Enterprise business's API tokens (decision record 043).
    sql`delete from api_tokens where business_id in (select id from business_profiles where user_id = ${userId})`,
    sql`delete from sessions where user_id = ${userId}`,
    sql`delete from password_reset_tokens where user_id = ${userId}`,
    sql`delete from email_verification_tokens where user_id = ${userId}`,
    sql`delete from totp_recovery_codes where user_id = ${userId}`,
    sql`delete from login_challenges where user_id = ${userId}`,
    // Profiles stay as "Deleted user" rows: commissions, job postings and codes hang off them.
    sql`update business_profiles set company_name = 'Deleted user', description = null, location = null, website = null, industry = null,
      size = null, profile_picture_url = null, social_links = '{}'::jsonb, brand_logo_key = null, brand_color = null, erased_at = ${now}, updated_at = ${now} where user_id = ${userId}`,
    sql`update pro_staff_profiles set first_name = 'Deleted', last_name = 'user', bio = null, location = null, specialties = '{}',
      experience = 0, rating = 0, is_verified = false, verified_credential_types = '{}', portfolio_urls = '{}', social_media_links = '{}', profile_picture_url = null,
      social_links = '{}'::jsonb, social_tags = '{}', erased_at = ${now}, updated_at = ${now} where user_id = ${userId}`,
    // What the user published or asked for.
    sql`update job_postings set is_active = false, updated_at = ${now} where business_id in (select id from business_profiles where user_id = ${userId})`,
    sql`update applications set status = 'withdrawn', updated_at = ${now}
      where status in ('pending', 'shortlisted') and pro_staff_id in (select id from pro_staff_profiles where user_id = ${userId})`,
    sql`delete from reviews where reviewer_id = ${userId}`,
    sql`delete from reviews where (reviewee_type = 'business' and reviewee_id in (select id from business_profiles where user_id = ${userId}))
      or (reviewee_type = 'pro_staff' and reviewee_id in (select id from pro_staff_profiles where user_id = ${userId}))`,
    sql`delete from review_votes where user_id = ${userId}`,
    sql`delete from advertisements where user_id = ${userId}`,
    sql`delete from promotions where business_id in (select id from business_profiles where user_id = ${userId})`,
    sql`delete from ad_views where viewer_user_id = ${userId}`,
    sql`delete from promotion_views where viewer_user_id = ${userId}`,
    sql`delete from mass_sends where sender_id = ${userId}`,
    sql`update discount_codes set is_active = false, updated_at = ${now}
      where business_id in (select id from business_profiles where user_id = ${userId})
         or pro_staff_id in (select id from pro_staff_profiles where user_id = ${userId})`,
    sql`delete from integration_platforms where business_id in (select id from business_profiles where user_id = ${userId})`,
    sql`delete from plan_trials where user_id = ${userId}`,
    // An inactivity warning (record 026) is moot once the account is erased.
    sql`delete from retention_warnings where user_id = ${userId}`,
    sql`delete from demo_requests where user_id = ${userId}`,
    // Coaching and support (decision record 046): the staffer's sessions, the messages they sent to support (signed
    // in, or with the account's address while signed out) with the answers, and the account's manager naming. An
    // erased admin's answers stay with the requester's ticket, unsigned; an erased admin no longer manages accounts.
    sql`delete from coaching_sessions where user_id = ${userId}`,
    sql`update coaching_sessions set coach_id = null where coach_id = ${userId}`,
    sql`delete from support_tickets where user_id = ${userId} or email = (select email from users where id = ${userId})`,
    sql`update support_ticket_replies set user_id = null where user_id = ${userId}`,
    sql`delete from account_managers where business_user_id = ${userId} or manager_user_id = ${userId}`,
    // The notification centre: the texts name the other party and the deleted user's own dealings (record 030).
    sql`delete from notifications where user_id = ${userId}`,
    sql`delete from notification_settings where user_id = ${userId}`,
    // Usage data loses its link to the person.
    sql`update page_views set user_id = null where user_id = ${userId}`,
    sql`update profile_views set viewer_user_id = null where viewer_user_id = ${userId}`,
    // The account row itself stays (messages, commissions and payments point at it), without anything personal.
    sql`update users set email = ${`deleted-user-${userId}@deleted.invalid`}, password_hash = ${unusablePasswordHash}, is_admin = false,
      subscription_tier = 'free', email_verified_at = null, totp_secret = null, totp_pending_secret = null, totp_enabled_at = null,
      totp_last_step = null, two_factor_prompt_dismissed_at = null, deletion_requested_at = null, deletion_scheduled_for = null,
      deleted_at = ${now} where id = ${userId}`,
  ];
  for (const statement of statements) await db.execute(statement);
  const fileKeys = [
    ...avatars.flatMap(({ url }) => (url?.startsWith('/api/uploads/avatars/') ? [`avatars/${url.slice('/api/uploads/avatars/'.length)}`] : [])),
    ...exportFiles.flatMap(({ key }) => (key ? [key] : [])),
    ...brandLogos.flatMap(({ key }) => (key ? [key] : [])),
    ...credentialFiles.flatMap(({ key }) => (key ? [key] : [])),
    ...campaignFiles.flatMap(({ key }) => (key ? [key] : [])),
    ...proofFiles.map(({ key }) => key),
  ];
  return { erased: true, fileKeys };
}
