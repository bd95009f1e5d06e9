import { asc, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../client';
import { users } from '../schema/users';
import { businessProfiles, proStaffProfiles } from '../schema/profiles';
import { applications, jobPostings } from '../schema/jobs';
import { conversations, messages } from '../schema/messaging';
import { discountCodes, storeOrders } from '../schema/discounts';
import { commissions } from '../schema/commissions';
import { promotionDailyStats, promotions } from '../schema/promotions';
import { profileViews } from '../schema/analytics';
import { startOfMonthUtc } from '@server/lib/entitlements';
import { DEMO_ADMIN_EMAIL, DEMO_BUSINESS_EMAIL, DEMO_PRO_STAFF_EMAIL } from './demo-accounts';

// Twelve weeks of activity so the analytics charts (docs/decisions/019-analytics-charts.md) have something to
// draw in the demo: sign-up dates, profile views, applications, messages, coded store orders with their
// commissions, and a finished promotion with per-day stats. Everything is deterministic (no Math.random).
//
// It stays out of the way of what the demo accounts are used for elsewhere: messages are already read (unread
// counts unchanged), in-month applications and messages stay under the Free pro staff limits and come from pro
// staff nobody signs in as, commissions paid before this month (rankings are per month) or still pending, and
// the promotion has ended, so no pro staffer is shown it.

const DAY = 24 * 60 * 60 * 1000;
const WEEKS = 12;
/** Pro staff the end-to-end tests sign in as or apply with; they get no seeded applications or messages. */
const RESERVED_PRO_STAFF = [DEMO_PRO_STAFF_EMAIL, 'rosa.delgado@example.com', 'ben.carver@example.com'];
/** The pro staff code the seeded store orders used. */
export const DEMO_CODE = 'TIMBER10';

export async function seedDemoActivity(tx: Database, now = new Date()): Promise<{ orderCommissions: number }> {
  const at = (daysAgo: number, hour = 15) => {
    const day = new Date(now.getTime() - daysAgo * DAY);
    return new Date(Math.min(now.getTime() - 60_000, Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour)));
  };
  const monthStart = startOfMonthUtc(now).getTime();

  // Sign-ups spread over the weeks (admin growth chart); the admin account stays the oldest.
  const accounts = await tx.select({ id: users.id, email: users.email }).from(users).orderBy(asc(users.id));
  for (const [index, account] of accounts.entries()) {
    const daysAgo = account.email === DEMO_ADMIN_EMAIL ? WEEKS * 7 + 30 : Math.round((WEEKS * 7 - 3) * (1 - index / accounts.length));
    await tx.update(users).set({ createdAt: at(daysAgo, 9) }).where(eq(users.id, account.id));
  }

  const [business] = await tx
    .select({ id: businessProfiles.id, userId: businessProfiles.userId })
    .from(businessProfiles)
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .where(eq(users.email, DEMO_BUSINESS_EMAIL));
  if (!business) return { orderCommissions: 0 };
  const pros = await tx
    .select({ id: proStaffProfiles.id, userId: proStaffProfiles.userId, email: users.email, firstName: proStaffProfiles.firstName })
    .from(proStaffProfiles)
    .innerJoin(users, eq(users.id, proStaffProfiles.userId))
    .where(notInArray(users.email, RESERVED_PRO_STAFF))
    .orderBy(asc(proStaffProfiles.id));

  // Profile views of the demo business: a rising trend with some wobble.
  const views: (typeof profileViews.$inferInsert)[] = [];
  for (let week = 0; week < WEEKS; week++) {
    const count = 4 + (WEEKS - week) + ((week * 7) % 5);
    for (let k = 0; k < count; k++) {
      const viewer = pros[(week + k) % pros.length];
      views.push({ profileType: 'business', profileId: business.id, viewerUserId: k % 3 === 0 ? null : viewer.userId, createdAt: at(week * 7 + (k % 7), 8 + (k % 12)) });
    }
  }
  await tx.insert(profileViews).values(views);

  // Applications to the demo business's postings: one per pro staffer and posting, at most one per pro this month.
  const jobs = await tx.select({ id: jobPostings.id }).from(jobPostings).where(eq(jobPostings.businessId, business.id)).orderBy(asc(jobPostings.id));
  const inMonthApplicants = new Set<number>();
  let slot = 0;
  for (const job of jobs) {
    for (const pro of pros) {
      slot++;
      if (slot % 3 === 0) continue;
      let daysAgo = (slot * 5) % (WEEKS * 7);
      if (at(daysAgo).getTime() >= monthStart) {
        if (inMonthApplicants.has(pro.id)) daysAgo += 35;
        inMonthApplicants.add(pro.id);
      }
      const createdAt = at(daysAgo);
      await tx.insert(applications).values({ jobPostingId: job.id, proStaffId: pro.id, status: daysAgo > 30 ? 'accepted' : 'pending', createdAt, updatedAt: createdAt })
        .onConflictDoNothing();
    }
  }

  // Conversations with five pro staffers: a question and an answer most weeks, all read.
  for (const [index, pro] of pros.slice(0, 5).entries()) {
    const [userAId, userBId] = [business.userId, pro.userId].sort((a, b) => a - b);
    const [conversation] = await tx.insert(conversations).values({ userAId, userBId, createdAt: at(WEEKS * 7) }).returning({ id: conversations.id });
    let last = at(WEEKS * 7);
    for (let week = WEEKS - 1; week >= 0; week--) {
      if ((week + index) % 4 === 3) continue;
      const daysAgo = week * 7 + index;
      // This month the pro staffer sends at most one message (Free plans allow 10).
      if (at(daysAgo).getTime() >= monthStart && week > 1) continue;
      const asked = at(daysAgo, 10);
      const answered = at(daysAgo, 16);
      const thread: (typeof messages.$inferInsert)[] = [
        { conversationId: conversation.id, fromUserId: pro.userId, toUserId: business.userId, content: `Checking in on the ${week === 0 ? 'late' : 'early'} season plans.`, isRead: true, readAt: answered, createdAt: asked },
      ];
      // Most weeks the business answers; some weeks it also follows up.
      if ((week + index) % 5 !== 1) {
        thread.push({ conversationId: conversation.id, fromUserId: business.userId, toUserId: pro.userId, content: 'Thanks, the schedule is in the shared calendar.', isRead: true, readAt: answered, createdAt: answered });
      }
      if ((week * 3 + index) % 4 === 0) {
        thread.push({ conversationId: conversation.id, fromUserId: business.userId, toUserId: pro.userId, content: 'Gear for the next hunt ships Friday.', isRead: true, readAt: answered, createdAt: new Date(answered.getTime() + 60_000) });
      }
      await tx.insert(messages).values(thread);
      last = thread[thread.length - 1].createdAt!;
    }
    await tx.update(conversations).set({ lastMessageAt: last }).where(eq(conversations.id, conversation.id));
  }

  // A pro staff code and the store orders placed with it: US dollars every week, Canadian dollars now and then.
  const payee = pros.find((pro) => pro.firstName === 'Grace') ?? pros[0];
  const [code] = await tx.insert(discountCodes).values({
    businessId: business.id, code: DEMO_CODE, description: '10% off for followers of Grace Holloway', discountType: 'percentage',
    discountValueHundredths: 1000, platform: 'All platforms', proStaffId: payee.id, commissionRateBps: 1000, createdAt: at(WEEKS * 7 + 1),
  }).returning({ id: discountCodes.id });
  let orderCommissions = 0;
  for (let week = WEEKS - 1; week >= 0; week--) {
    const orders = 2 + ((week * 5) % 4) + Math.floor((WEEKS - week) / 4);
    for (let n = 0; n < orders; n++) {
      const canadian = n === 0 && week % 3 === 1;
      const refunded = n === 1 && week % 5 === 2;
      const createdAt = at(week * 7 + ((n * 2) % 7), 12 + (n % 8));
      const orderId = `demo-${week}-${n}`;
      const valueCents = 6500 + ((week * 37 + n * 53) % 20) * 1000;
      await tx.insert(storeOrders).values({
        businessId: business.id, orderId, source: 'api', discountCodeId: code.id, code: DEMO_CODE, orderValueCents: valueCents,
        currency: canadian ? 'CAD' : 'USD', status: refunded ? 'refunded' : 'placed', createdAt, updatedAt: createdAt,
      });
      const paid = !refunded && createdAt.getTime() + 7 * DAY < monthStart;
      await tx.insert(commissions).values({
        businessId: business.id, proStaffId: payee.id, amountCents: Math.round(valueCents / 10), source: 'order', orderId,
        description: `Order ${orderId} with code ${DEMO_CODE} (10%)`, status: refunded ? 'cancelled' : paid ? 'paid' : 'pending',
        createdAt, paidAt: paid ? new Date(createdAt.getTime() + 7 * DAY) : null,
        // The default 30-day hold of order commissions (decision record 024); older ones were announced already.
        payableAt: new Date(createdAt.getTime() + 30 * DAY),
        payableNotifiedAt: createdAt.getTime() + 30 * DAY <= now.getTime() || paid || refunded ? new Date(Math.min(createdAt.getTime() + 30 * DAY, now.getTime())) : null,
      });
      orderCommissions++;
    }
  }

  // A promotion that ran for the last 28 days and ended yesterday, with its per-day numbers.
  const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY).toISOString().slice(0, 10);
  const stats = Array.from({ length: 28 }, (_, i) => {
    const daysAgo = 28 - i;
    const impressions = 30 + ((i * 17) % 40) + i;
    const clicks = 1 + ((i * 7) % 6);
    return { day: day(daysAgo), impressions, clicks, spentCents: clicks * 200 };
  });
  const total = (key: 'impressions' | 'clicks' | 'spentCents') => stats.reduce((sum, s) => sum + s[key], 0);
  const [promotion] = await tx.insert(promotions).values({
    businessId: business.id, title: 'Early Season Elk Calls', description: 'Twenty percent off elk calls for pro staff.',
    targetUrl: 'https://timberline.example.com/elk-calls', promotionType: 'spotlight', targetAudience: 'all_pro_staff',
    budgetCents: 50_000, dailyBudgetCents: 2_000, costPerClickCents: 200, startDate: day(28), endDate: day(1),
    totalImpressions: total('impressions'), totalClicks: total('clicks'), totalSpentCents: total('spentCents'), createdAt: at(29),
  }).returning({ id: promotions.id });
  await tx.insert(promotionDailyStats).values(stats.map((s) => ({ promotionId: promotion.id, ...s })));

  return { orderCommissions };
}
