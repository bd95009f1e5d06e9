import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../client';
import { agreementEvents, agreements } from '../schema/agreements';
import { campaignTaskSubmissions, campaignTasks } from '../schema/campaign-tasks';
import { campaignAssets, campaigns } from '../schema/campaigns';
import { goals, seasons } from '../schema/goals';
import { businessProfiles, proStaffProfiles } from '../schema/profiles';
import { users } from '../schema/users';
import { DEMO_BUSINESS_EMAIL } from './demo-accounts';

const DAY = 24 * 60 * 60 * 1000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Demo pro staff agreements (decision record 028), so the roster, the "Active Pro Staff" card, a staffer's brands and an
 * agreement's history show something on a fresh install. Only pro staff the end-to-end tests never sign in as, offer
 * to or make codes for (the demo pro staff account is left without agreements: a rostered staffer's new codes take the
 * agreement's rate, which would change what those tests see).
 */
const DEMO_AGREEMENTS = [
  {
    business: DEMO_BUSINESS_EMAIL, proStaff: 'sarah.whitfield@example.com', status: 'active', startedDaysAgo: 90, months: 12,
    commissionRateBps: 1200, gearAllowanceMinor: 50_000, proDealDiscountPercent: 40, exclusivityCategory: 'calls_and_decoys',
    duties: 'Two field posts a month from the duck blind, the spring waterfowl expo, one field-test report on the new calls.', postsPerTerm: 24, eventsPerTerm: 1, fieldTestReportsPerTerm: 1,
  },
  {
    business: DEMO_BUSINESS_EMAIL, proStaff: 'marcus.reed@example.com', status: 'offered', startedDaysAgo: -7, months: 12,
    commissionRateBps: 1000, gearAllowanceMinor: 25_000, proDealDiscountPercent: 35, exclusivityCategory: null,
    duties: 'Predator calling videos and two in-store clinics.', postsPerTerm: 12, eventsPerTerm: 2, fieldTestReportsPerTerm: 0,
  },
  {
    business: 'ridgeline.optics@example.com', proStaff: 'cody.baxter@example.com', status: 'active', startedDaysAgo: 200, months: 12,
    commissionRateBps: 800, gearAllowanceMinor: 120_000, proDealDiscountPercent: 45, exclusivityCategory: 'optics',
    duties: 'Glassing content from Alaska brown bear hunts; one field-test report per season.', postsPerTerm: 18, eventsPerTerm: 0, fieldTestReportsPerTerm: 2,
  },
] as const;

export async function seedDemoAgreements(tx: Database, now = new Date()): Promise<void> {
  const emails = [...new Set(DEMO_AGREEMENTS.flatMap((a) => [a.business, a.proStaff]))];
  const businesses = await tx.select({ id: businessProfiles.id, userId: users.id, email: users.email }).from(businessProfiles).innerJoin(users, eq(users.id, businessProfiles.userId)).where(inArray(users.email, emails));
  const pros = await tx.select({ id: proStaffProfiles.id, userId: users.id, email: users.email }).from(proStaffProfiles).innerJoin(users, eq(users.id, proStaffProfiles.userId)).where(inArray(users.email, emails));
  for (const demo of DEMO_AGREEMENTS) {
    const business = businesses.find((b) => b.email === demo.business);
    const pro = pros.find((p) => p.email === demo.proStaff);
    if (!business || !pro) continue;
    const start = now.getTime() - demo.startedDaysAgo * DAY;
    const offeredAt = new Date(Math.min(now.getTime() - DAY, start - 10 * DAY));
    const acceptedAt = new Date(offeredAt.getTime() + 2 * DAY);
    const [row] = await tx.insert(agreements).values({
      businessId: business.id, proStaffId: pro.id, status: demo.status, version: 1,
      startDate: dayOf(start), endDate: dayOf(start + demo.months * 30 * DAY),
      commissionRateBps: demo.commissionRateBps, gearAllowanceMinor: demo.gearAllowanceMinor, currency: 'USD', proDealDiscountPercent: demo.proDealDiscountPercent,
      duties: demo.duties, postsPerTerm: demo.postsPerTerm, eventsPerTerm: demo.eventsPerTerm, fieldTestReportsPerTerm: demo.fieldTestReportsPerTerm,
      exclusivityCategory: demo.exclusivityCategory, offeredByUserId: business.userId,
      ...(demo.status === 'active' ? { acceptedByUserId: pro.userId, acceptedAt, acceptedIp: '127.0.0.1' } : {}),
      createdAt: offeredAt, updatedAt: demo.status === 'active' ? acceptedAt : offeredAt,
    }).returning({ id: agreements.id });
    await tx.insert(agreementEvents).values({ agreementId: row!.id, seriesId: row!.id, actorUserId: business.userId, action: 'offered', createdAt: offeredAt });
    if (demo.status === 'active') {
      await tx.insert(agreementEvents).values({ agreementId: row!.id, seriesId: row!.id, actorUserId: pro.userId, action: 'accepted', createdAt: acceptedAt });
    }
  }
}

/**
 * A demo campaign (decision record 031) for the demo business's roster, open now, with two links in its content
 * library: the campaign screens and Sarah Whitfield's dashboard card show something on a fresh install. Links only, so
 * the seed writes nothing to file storage.
 */
export async function seedDemoCampaign(tx: Database, now = new Date()): Promise<void> {
  const [business] = await tx.select({ id: businessProfiles.id, userId: users.id }).from(businessProfiles).innerJoin(users, eq(users.id, businessProfiles.userId)).where(eq(users.email, DEMO_BUSINESS_EMAIL));
  if (!business) return;
  const [campaign] = await tx.insert(campaigns).values({
    businessId: business.id, createdByUserId: business.userId, audience: 'roster', announcedAt: new Date(now.getTime() - 5 * DAY),
    title: 'Late-season waterfowl push',
    brief: 'Show our calls and decoy spreads in late-season conditions: cold, calm mornings and pressured birds. One post a week from the blind, with the gear in frame and the code in your caption.',
    opensOn: dayOf(now.getTime() - 5 * DAY), closesOn: dayOf(now.getTime() + 40 * DAY),
  }).returning({ id: campaigns.id });
  await tx.insert(campaignAssets).values([
    { campaignId: campaign!.id, kind: 'link', name: 'Brand photo library', url: 'https://example.com/timberline/brand-photos', usageNotes: 'Use as they are; do not crop the logo. Credit "Timberline Outfitters".' },
    { campaignId: campaign!.id, kind: 'link', name: 'Caption and hashtag guide', url: 'https://example.com/timberline/caption-guide', usageNotes: 'Always tag #TimberlineStaff and disclose the partnership.' },
  ]);
  // Two tasks (decision record 032): a weekly post, and a field-test report paid USD 50.00 on approval. Sarah has one
  // approved post without a reward (no commission, so no payout or statement figure changes), which also moves her
  // season goal's posts bar (seedDemoGoals).
  const [post] = await tx.insert(campaignTasks).values([
    { campaignId: campaign!.id, kind: 'social_post', title: 'A post from the blind', instructions: 'Gear in frame, code in the caption.', platform: 'instagram', requiredTag: '#TimberlineStaff' },
    {
      campaignId: campaign!.id, kind: 'field_test', title: 'Field-test the Mallard Magnet spread',
      instructions: 'Hunt it at least three mornings and tell us what the birds did.', rewardMinor: 5000, rewardCurrency: 'USD',
    },
  ]).returning({ id: campaignTasks.id });
  const [sarah] = await tx.select({ id: proStaffProfiles.id }).from(proStaffProfiles).innerJoin(users, eq(users.id, proStaffProfiles.userId)).where(eq(users.email, 'sarah.whitfield@example.com'));
  if (!sarah) return;
  const decidedAt = new Date(now.getTime() - 2 * DAY);
  await tx.insert(campaignTaskSubmissions).values({
    taskId: post!.id, proStaffId: sarah.id, status: 'approved', url: 'https://example.com/instagram/sarah-whitfield/late-season-teal',
    note: 'Teal over the spread at first light.', decidedAt, decidedByUserId: business.userId, createdAt: new Date(decidedAt.getTime() - DAY), updatedAt: decidedAt,
  });
}

/**
 * A demo season (decision record 033) for the demo business, covering today, with a goal for Sarah Whitfield (on its
 * roster): the Goals screens, the roster's summary and her dashboard's My Goals card show something on a fresh install.
 */
export async function seedDemoGoals(tx: Database, now = new Date()): Promise<void> {
  const [business] = await tx.select({ id: businessProfiles.id }).from(businessProfiles).innerJoin(users, eq(users.id, businessProfiles.userId)).where(eq(users.email, DEMO_BUSINESS_EMAIL));
  const [sarah] = await tx.select({ id: proStaffProfiles.id }).from(proStaffProfiles).innerJoin(users, eq(users.id, proStaffProfiles.userId)).where(eq(users.email, 'sarah.whitfield@example.com'));
  if (!business || !sarah) return;
  const [season] = await tx.insert(seasons).values({
    businessId: business.id, name: 'Late season 2026', startsOn: dayOf(now.getTime() - 30 * DAY), endsOn: dayOf(now.getTime() + 40 * DAY),
  }).returning({ id: seasons.id });
  await tx.insert(goals).values({ seasonId: season!.id, proStaffId: sarah.id, salesTargetMinor: 250_000, salesCurrency: 'USD', postsTarget: 8, eventsTarget: 1, reportsTarget: 1 });
}
