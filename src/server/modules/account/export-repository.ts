import { and, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { sessions, users } from '@server/db/schema/users';
import { businessProfiles, proStaffProfiles } from '@server/db/schema/profiles';
import { logoUrlOf } from '../branding/brand-columns';
import { massSends, messageAttachments, messages } from '@server/db/schema/messaging';
import { applications, jobPostings } from '@server/db/schema/jobs';
import { commissions } from '@server/db/schema/commissions';
import { reviews } from '@server/db/schema/reviews';
import { discountCodes } from '@server/db/schema/discounts';
import { advertisements } from '@server/db/schema/ads';
import { promotions } from '@server/db/schema/promotions';
import { moneyBackClaims, pageViews, planTrials, subscriptionPayments, subscriptionRefunds, subscriptions } from '@server/db/schema/billing';
import { demoRequests } from '@server/db/schema/demo-requests';
import { accountManagers, coachingSessions, supportTicketReplies, supportTickets } from '@server/db/schema/support';
import { payoutAccounts, payoutItems, payouts } from '@server/db/schema/payouts';
import { agreementEvents, agreements } from '@server/db/schema/agreements';
import { notificationSettings, notifications } from '@server/db/schema/notifications';
import { credentials } from '@server/db/schema/credentials';
import { campaignAssets, campaignMembers, campaigns } from '@server/db/schema/campaigns';
import { goals, seasons } from '@server/db/schema/goals';
import { outgoingWebhookEndpoints, outgoingWebhookEvents } from '@server/db/schema/webhooks-out';
import { boothEvents, boothEventStaff } from '@server/db/schema/booths';
import { commissionEntries } from '@server/db/schema/ledger';
import { fraudFlags, fraudSettings, householdAddresses } from '@server/db/schema/fraud';
import { apiTokens } from '@server/db/schema/api-tokens';
import { compensationEntries, gearMemberships, gearRequestItems, gearRequests, gearSettings, gearShipments, programTiers, proPricingCodes } from '@server/db/schema/gear';
import { campaignTaskProofFiles, campaignTaskSubmissions, campaignTasks } from '@server/db/schema/campaign-tasks';

// Everything the product holds about one account, for "Export my data" (decision record 027). Secrets are left out:
// the password hash, the two-factor secret and recovery-code hashes, session token hashes, store API keys.

type Row = Record<string, unknown>;
const none = async (): Promise<Row[]> => [];

export async function exportRows(db: Database, userId: number) {
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      userType: users.userType,
      subscriptionTier: users.subscriptionTier,
      isAdmin: users.isAdmin,
      createdAt: users.createdAt,
      lastActiveAt: users.lastActiveAt,
      termsVersion: users.termsVersion,
      termsAcceptedAt: users.termsAcceptedAt,
      ageConfirmedAt: users.ageConfirmedAt,
      emailVerifiedAt: users.emailVerifiedAt,
      twoFactorEnabledAt: users.totpEnabledAt,
      deletionScheduledFor: users.deletionScheduledFor,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [businessRow] = await db.select().from(businessProfiles).where(eq(businessProfiles.userId, userId));
  // Storage keys are never exported (the logo itself is a file of the archive); the brand logo's public URL is.
  const business = businessRow
    ? (({ brandLogoKey, ...rest }) => ({ ...rest, brandLogoUrl: logoUrlOf(brandLogoKey) }))(businessRow)
    : undefined;
  const [proRow] = await db.select().from(proStaffProfiles).where(eq(proStaffProfiles.userId, userId));
  // The generated search columns are derived from the others.
  const proStaff = proRow ? (({ searchTags: _tags, searchVector: _vector, ...rest }) => rest)(proRow) : undefined;
  const businessId = business?.id;
  const proStaffId = proStaff?.id;

  const sent = await db.select().from(messages).where(eq(messages.fromUserId, userId)).orderBy(messages.id);
  const received = await db.select().from(messages).where(eq(messages.toUserId, userId)).orderBy(messages.id);
  const messageIds = [...sent, ...received].map((message) => message.id);
  const attachments = messageIds.length
    ? await db
        .select({ id: messageAttachments.id, messageId: messageAttachments.messageId, uploaderId: messageAttachments.uploaderId, fileName: messageAttachments.fileName, fileSize: messageAttachments.fileSize, fileType: messageAttachments.fileType, createdAt: messageAttachments.createdAt })
        .from(messageAttachments)
        .where(inArray(messageAttachments.messageId, messageIds))
        .orderBy(messageAttachments.id)
    : [];

  const byBusiness = <T>(query: (id: number) => Promise<T[]>) => (businessId ? query(businessId) : none());
  const byProStaff = <T>(query: (id: number) => Promise<T[]>) => (proStaffId ? query(proStaffId) : none());
  const commissionParty: SQL[] = [
    ...(businessId ? [eq(commissions.businessId, businessId)] : []),
    ...(proStaffId ? [eq(commissions.proStaffId, proStaffId)] : []),
  ];
  const reviewed: SQL[] = [
    ...(businessId ? [and(eq(reviews.revieweeType, 'business'), eq(reviews.revieweeId, businessId))!] : []),
    ...(proStaffId ? [and(eq(reviews.revieweeType, 'pro_staff'), eq(reviews.revieweeId, proStaffId))!] : []),
  ];

  return {
    account: account ?? null,
    profile: business ?? proStaff ?? null,
    messagesSent: sent,
    messagesReceived: received,
    attachments,
    massMessagesSent: await db
      .select({ id: massSends.id, content: massSends.content, filters: massSends.filters, recipientCount: massSends.recipientCount, status: massSends.status, createdAt: massSends.createdAt })
      .from(massSends)
      .where(eq(massSends.senderId, userId)),
    jobPostings: await byBusiness((id) => db.select().from(jobPostings).where(eq(jobPostings.businessId, id))),
    applicationsMade: await byProStaff((id) => db.select().from(applications).where(eq(applications.proStaffId, id))),
    applicationsReceived: await byBusiness((id) =>
      db.select({ application: applications }).from(applications).innerJoin(jobPostings, eq(jobPostings.id, applications.jobPostingId)).where(eq(jobPostings.businessId, id)),
    ).then((rows) => rows.map((row) => (row as { application: Row }).application)),
    commissions: commissionParty.length ? await db.select().from(commissions).where(or(...commissionParty)).orderBy(commissions.id) : [],
    reviewsWritten: await db.select().from(reviews).where(eq(reviews.reviewerId, userId)),
    reviewsReceived: reviewed.length ? await db.select().from(reviews).where(or(...reviewed)) : [],
    discountCodes: businessId || proStaffId
      ? await db.select().from(discountCodes).where(or(...(businessId ? [eq(discountCodes.businessId, businessId)] : []), ...(proStaffId ? [eq(discountCodes.proStaffId, proStaffId)] : [])))
      : [],
    advertisements: await db.select().from(advertisements).where(eq(advertisements.userId, userId)),
    promotions: await byBusiness((id) => db.select().from(promotions).where(eq(promotions.businessId, id))),
    subscriptions: await db
      .select({ id: subscriptions.id, tier: subscriptions.tier, status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd, amountCents: subscriptions.amountCents, createdAt: subscriptions.createdAt })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId)),
    subscriptionPayments: await db
      .select({ id: subscriptionPayments.id, amountCents: subscriptionPayments.amountCents, currency: subscriptionPayments.currency, paidAt: subscriptionPayments.paidAt })
      .from(subscriptionPayments)
      .where(eq(subscriptionPayments.userId, userId)),
    subscriptionRefunds: await db
      .select({ id: subscriptionRefunds.id, amountCents: subscriptionRefunds.amountCents, currency: subscriptionRefunds.currency, status: subscriptionRefunds.status, source: subscriptionRefunds.source, createdAt: subscriptionRefunds.createdAt })
      .from(subscriptionRefunds)
      .where(eq(subscriptionRefunds.userId, userId)),
    moneyBackClaim: (await db.select({ source: moneyBackClaims.source, createdAt: moneyBackClaims.createdAt }).from(moneyBackClaims).where(eq(moneyBackClaims.userId, userId)))[0] ?? null,
    trials: await db.select().from(planTrials).where(eq(planTrials.userId, userId)),
    demoRequests: await db.select().from(demoRequests).where(eq(demoRequests.userId, userId)),
    // Coaching and support (decision record 046).
    ...(await supportOf(db, userId, account?.email ?? '')),
    sessions: await db.select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, userId)),
    pageViews: await db.select({ path: pageViews.path, createdAt: pageViews.createdAt }).from(pageViews).where(eq(pageViews.userId, userId)),
    // Payouts (issue 20): those the business sent, the transfers the pro staffer received, and the payout account's state.
    payoutsSent: await byBusiness((id) => db.select().from(payouts).where(eq(payouts.businessId, id)).orderBy(payouts.id)),
    payoutsReceived: await byProStaff((id) => db.select().from(payoutItems).where(eq(payoutItems.proStaffId, id)).orderBy(payoutItems.id)),
    payoutAccount: await byProStaff((id) => db.select().from(payoutAccounts).where(eq(payoutAccounts.proStaffId, id))),
    // Pro staff agreements (decision record 028): every version the account is a party to, and their history.
    ...(await agreementsOf(db, businessId, proStaffId)),
    // The notification centre (decision record 030): the list with read state, and the email settings.
    notifications: await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id),
    notificationSettings: await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
    // Verified credentials (decision record 029): every submission and its decision; the documents are in `files`.
    credentials: await byProStaff((id) =>
      db
        .select({
          id: credentials.id, type: credentials.type, issuingAuthority: credentials.issuingAuthority, number: credentials.number, issuedOn: credentials.issuedOn,
          expiresOn: credentials.expiresOn, status: credentials.status, documentName: credentials.documentName, documentType: credentials.documentType,
          documentSize: credentials.documentSize, hasDocument: sql<boolean>`${credentials.documentKey} is not null`, submittedAt: credentials.submittedAt,
          decidedAt: credentials.decidedAt, decisionReason: credentials.decisionReason,
        })
        .from(credentials)
        .where(eq(credentials.proStaffId, id))
        .orderBy(credentials.id),
    ),
    ...(await campaignsOf(db, businessId)),
    // Goals by season (decision record 033): a business's seasons and the goals in them; a staffer's own goals.
    seasons: await byBusiness((id) => db.select().from(seasons).where(eq(seasons.businessId, id)).orderBy(seasons.id)),
    // Outgoing webhooks (decision record 044): a business's endpoints (never their secrets) and the events it was sent.
    webhookEndpoints: await byBusiness((id) =>
      db
        .select({ id: outgoingWebhookEndpoints.id, url: outgoingWebhookEndpoints.url, description: outgoingWebhookEndpoints.description, eventTypes: outgoingWebhookEndpoints.eventTypes, enabled: outgoingWebhookEndpoints.enabled, createdAt: outgoingWebhookEndpoints.createdAt })
        .from(outgoingWebhookEndpoints)
        .where(eq(outgoingWebhookEndpoints.businessId, id))
        .orderBy(outgoingWebhookEndpoints.id),
    ),
    webhookEvents: await byBusiness((id) => db.select().from(outgoingWebhookEvents).where(eq(outgoingWebhookEvents.businessId, id)).orderBy(outgoingWebhookEvents.createdAt)),
    goals: businessId || proStaffId
      ? await db
        .select({ goal: goals, seasonName: seasons.name })
        .from(goals)
        .innerJoin(seasons, eq(seasons.id, goals.seasonId))
        .where(or(...(businessId ? [eq(seasons.businessId, businessId)] : []), ...(proStaffId ? [eq(goals.proStaffId, proStaffId)] : [])))
        .orderBy(goals.id)
        .then((rows) => rows.map((row) => ({ ...row.goal, seasonName: row.seasonName })))
      : [],
    // Campaign tasks (decision record 032): a business's tasks; a staffer's proofs with their photos (keys stay internal).
    campaignTasks: await byBusiness((id) =>
      db.select({ task: campaignTasks }).from(campaignTasks).innerJoin(campaigns, eq(campaigns.id, campaignTasks.campaignId)).where(eq(campaigns.businessId, id)).orderBy(campaignTasks.id),
    ).then((rows) => rows.map((row) => (row as { task: Row }).task)),
    ...(await proofsOf(db, proStaffId)),
    commissionEntries: businessId || proStaffId
      ? await db.select().from(commissionEntries).where(partyWhere(businessId, proStaffId, commissionEntries.businessId, commissionEntries.proStaffId)).orderBy(commissionEntries.id)
      : [],
    ...(await gearOf(db, businessId, proStaffId)),
    ...(await fraudOf(db, businessId, proStaffId)),
    // Event booths (decision record 040): a business's events; the booths a staffer was rostered on, with their hours.
    boothEvents: await byBusiness((id) => db.select().from(boothEvents).where(eq(boothEvents.businessId, id)).orderBy(boothEvents.id)),
    // Enterprise API tokens (decision record 043): names, scopes and dates; never the hash or any part of a token.
    apiTokens: await byBusiness((id) =>
      db
        .select({ name: apiTokens.name, scopes: apiTokens.scopes, createdAt: apiTokens.createdAt, expiresAt: apiTokens.expiresAt, lastUsedAt: apiTokens.lastUsedAt, revokedAt: apiTokens.revokedAt })
        .from(apiTokens)
        .where(eq(apiTokens.businessId, id))
        .orderBy(apiTokens.id),
    ),
    boothShifts: await byProStaff((id) =>
      db
        .select({ eventId: boothEventStaff.eventId, eventName: boothEvents.name, place: boothEvents.place, minutesWorked: boothEventStaff.minutesWorked })
        .from(boothEventStaff)
        .innerJoin(boothEvents, eq(boothEvents.id, boothEventStaff.eventId))
        .where(eq(boothEventStaff.proStaffId, id))
        .orderBy(boothEventStaff.eventId),
    ),
  };
}

/**
 * Coaching sessions asked for, support tickets sent (signed in, or signed out with the account's address) with the
 * answers they got, and the account manager named for the account (decision record 046).
 */
async function supportOf(db: Database, userId: number, email: string) {
  const tickets = await db.select().from(supportTickets).where(or(eq(supportTickets.userId, userId), eq(supportTickets.email, email))).orderBy(supportTickets.id);
  const ids = tickets.map((ticket) => ticket.id);
  return {
    coachingSessions: await db.select().from(coachingSessions).where(eq(coachingSessions.userId, userId)).orderBy(coachingSessions.id),
    supportTickets: tickets,
    supportTicketReplies: ids.length
      ? await db.select({ id: supportTicketReplies.id, ticketId: supportTicketReplies.ticketId, message: supportTicketReplies.message, createdAt: supportTicketReplies.createdAt })
        .from(supportTicketReplies).where(inArray(supportTicketReplies.ticketId, ids)).orderBy(supportTicketReplies.id)
      : [],
    accountManager: await db.select({ managerName: accountManagers.managerName, assignedAt: accountManagers.assignedAt }).from(accountManagers).where(eq(accountManagers.businessUserId, userId)),
  };
}

/**
 * Code abuse (decision record 039): flags on the account's orders, the business's rules, the staffer's household
 * addresses as their masked labels (the keyed hash identifies nothing to a reader). The buyers' keyed hashes in
 * `order_risk_hashes` are other people's data and are not exported.
 */
async function fraudOf(db: Database, businessId: number | null | undefined, proStaffId: number | null | undefined) {
  if (!businessId && !proStaffId) return { fraudFlags: [], fraudSettings: [], householdAddresses: [] };
  return {
    fraudFlags: await db.select().from(fraudFlags).where(partyWhere(businessId, proStaffId, fraudFlags.businessId, fraudFlags.proStaffId)).orderBy(fraudFlags.id),
    fraudSettings: businessId ? await db.select().from(fraudSettings).where(eq(fraudSettings.businessId, businessId)) : [],
    householdAddresses: proStaffId
      ? await db.select({ id: householdAddresses.id, label: householdAddresses.label, createdAt: householdAddresses.createdAt }).from(householdAddresses).where(eq(householdAddresses.proStaffId, proStaffId)).orderBy(householdAddresses.id)
      : [],
  };
}

/** A staffer's task proofs (decision record 032) and the photos attached to them, without storage keys. */
async function proofsOf(db: Database, proStaffId: number | null | undefined) {
  if (!proStaffId) return { campaignTaskSubmissions: [], campaignProofPhotos: [] };
  const submissions = await db
    .select({ submission: campaignTaskSubmissions, campaignId: campaignTasks.campaignId, taskTitle: campaignTasks.title })
    .from(campaignTaskSubmissions)
    .innerJoin(campaignTasks, eq(campaignTasks.id, campaignTaskSubmissions.taskId))
    .where(eq(campaignTaskSubmissions.proStaffId, proStaffId))
    .orderBy(campaignTaskSubmissions.id);
  const ids = submissions.map((row) => row.submission.id);
  const photos = ids.length
    ? await db
        .select({
          id: campaignTaskProofFiles.id, submissionId: campaignTaskProofFiles.submissionId, campaignId: campaignTasks.campaignId, fileName: campaignTaskProofFiles.fileName,
          fileType: campaignTaskProofFiles.fileType, fileSize: campaignTaskProofFiles.fileSize, createdAt: campaignTaskProofFiles.createdAt,
        })
        .from(campaignTaskProofFiles)
        .innerJoin(campaignTaskSubmissions, eq(campaignTaskSubmissions.id, campaignTaskProofFiles.submissionId))
        .innerJoin(campaignTasks, eq(campaignTasks.id, campaignTaskSubmissions.taskId))
        .where(inArray(campaignTaskProofFiles.submissionId, ids))
        .orderBy(campaignTaskProofFiles.id)
    : [];
  return {
    campaignTaskSubmissions: submissions.map(({ submission, campaignId, taskTitle }) => ({ ...submission, campaignId, taskTitle })),
    campaignProofPhotos: photos,
  };
}

/** A business's campaigns with their members and assets (decision record 031); file keys stay internal. */
async function campaignsOf(db: Database, businessId: number | null | undefined): Promise<{ campaigns: Row[]; campaignMembers: Row[]; campaignAssets: (Row & { id: number; campaignId: number; kind: string; fileName: string | null })[] }> {
  if (!businessId) return { campaigns: [], campaignMembers: [], campaignAssets: [] };
  const rows = await db.select().from(campaigns).where(eq(campaigns.businessId, businessId)).orderBy(campaigns.id);
  const ids = rows.map((row) => row.id);
  if (!ids.length) return { campaigns: rows, campaignMembers: [], campaignAssets: [] };
  return {
    campaigns: rows,
    campaignMembers: await db.select().from(campaignMembers).where(inArray(campaignMembers.campaignId, ids)).orderBy(campaignMembers.campaignId, campaignMembers.proStaffId),
    campaignAssets: await db
      .select({
        id: campaignAssets.id, campaignId: campaignAssets.campaignId, kind: campaignAssets.kind, name: campaignAssets.name, usageNotes: campaignAssets.usageNotes,
        url: campaignAssets.url, fileName: campaignAssets.fileName, fileType: campaignAssets.fileType, fileSize: campaignAssets.fileSize, createdAt: campaignAssets.createdAt,
      })
      .from(campaignAssets)
      .where(inArray(campaignAssets.campaignId, ids))
      .orderBy(campaignAssets.id),
  };
}

/** Pay in gear (decision record 038): what the account is a party to; store credentials are never exported. */
async function gearOf(db: Database, businessId: number | null | undefined, proStaffId: number | null | undefined) {
  const empty = { gearTiers: [], gearSettings: [], gearMemberships: [], gearRequests: [], gearRequestItems: [], gearShipments: [], proPricingCodes: [], compensationEntries: [] };
  if (!businessId && !proStaffId) return empty;
  const requests = await db.select().from(gearRequests).where(party(gearRequests.businessId, gearRequests.proStaffId)).orderBy(gearRequests.id);
  const requestIds = requests.map((row) => row.id);
  return {
    gearTiers: businessId ? await db.select().from(programTiers).where(eq(programTiers.businessId, businessId)).orderBy(programTiers.id) : [],
    gearSettings: businessId ? await db.select().from(gearSettings).where(eq(gearSettings.businessId, businessId)) : [],
    gearMemberships: await db.select().from(gearMemberships).where(party(gearMemberships.businessId, gearMemberships.proStaffId)).orderBy(gearMemberships.id),
    gearRequests: requests,
    gearRequestItems: requestIds.length ? await db.select().from(gearRequestItems).where(inArray(gearRequestItems.requestId, requestIds)).orderBy(gearRequestItems.id) : [],
    gearShipments: await db.select().from(gearShipments).where(party(gearShipments.businessId, gearShipments.proStaffId)).orderBy(gearShipments.id),
    proPricingCodes: await db.select().from(proPricingCodes).where(party(proPricingCodes.businessId, proPricingCodes.proStaffId)).orderBy(proPricingCodes.id),
    compensationEntries: await db.select().from(compensationEntries).where(party(compensationEntries.businessId, compensationEntries.proStaffId)).orderBy(compensationEntries.id),
  };

  function party(business: AnyColumn, proStaff: AnyColumn) {
    return partyWhere(businessId, proStaffId, business, proStaff);
  }
}

/** Rows whose business is the account's business or whose pro staffer is the account's profile. */
function partyWhere(businessId: number | null | undefined, proStaffId: number | null | undefined, business: AnyColumn, proStaff: AnyColumn) {
  return or(...(businessId ? [eq(business, businessId)] : []), ...(proStaffId ? [eq(proStaff, proStaffId)] : []));
}

async function agreementsOf(db: Database, businessId: number | null | undefined, proStaffId: number | null | undefined): Promise<{ agreements: Row[]; agreementHistory: Row[] }> {
  const party: SQL[] = [
    ...(businessId ? [eq(agreements.businessId, businessId)] : []),
    ...(proStaffId ? [eq(agreements.proStaffId, proStaffId)] : []),
  ];
  if (!party.length) return { agreements: [], agreementHistory: [] };
  const rows = await db.select().from(agreements).where(or(...party)).orderBy(agreements.id);
  const ids = rows.map((row) => row.id);
  const agreementHistory = ids.length ? await db.select().from(agreementEvents).where(inArray(agreementEvents.agreementId, ids)).orderBy(agreementEvents.id) : [];
  return { agreements: rows, agreementHistory };
}

type KeyRow = { id: number; key: string | null };

/** Where each exported file is stored, by row id: the keys stay internal, the archive carries the bytes (record 027). */
export async function exportFileKeys(db: Database, ids: { attachments: number[]; credentials: number[]; campaignAssets: number[]; campaignProofPhotos: number[] }) {
  const keys = async (list: number[], query: (list: number[]) => Promise<KeyRow[]>) =>
    new Map((list.length ? await query(list) : []).flatMap((row) => (row.key ? [[row.id, row.key] as const] : [])));
  return {
    attachments: await keys(ids.attachments, (list) => db.select({ id: messageAttachments.id, key: messageAttachments.storageKey }).from(messageAttachments).where(inArray(messageAttachments.id, list))),
    credentials: await keys(ids.credentials, (list) => db.select({ id: credentials.id, key: credentials.documentKey }).from(credentials).where(inArray(credentials.id, list))),
    campaignAssets: await keys(ids.campaignAssets, (list) => db.select({ id: campaignAssets.id, key: campaignAssets.fileKey }).from(campaignAssets).where(inArray(campaignAssets.id, list))),
    campaignProofPhotos: await keys(ids.campaignProofPhotos, (list) =>
      db.select({ id: campaignTaskProofFiles.id, key: campaignTaskProofFiles.fileKey }).from(campaignTaskProofFiles).where(inArray(campaignTaskProofFiles.id, list)),
    ),
  };
}
