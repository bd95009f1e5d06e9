import { asc } from 'drizzle-orm';
import type { Database } from '../client';
import { businessProfiles, proStaffProfiles } from '../schema/profiles';
import { commissions } from '../schema/commissions';
import { reviews } from '../schema/reviews';
import { startOfMonthUtc } from '@server/lib/entitlements';
import { refreshProStaffRating } from '@server/modules/reviews/repository';

const DAY = 24 * 60 * 60 * 1000;

type CommissionSeed = {
  company: string; pro: string; amountCents: number; description: string;
  status: 'pending' | 'paid' | 'cancelled';
  /** Days before now it was paid; clamped into the current month unless lastMonth. */
  paidDaysAgo?: number; lastMonth?: boolean; dueInDays?: number;
};

const commissionSeeds: CommissionSeed[] = [
  { company: 'Timberline Outfitters', pro: 'Jake Morrison', amountCents: 120000, description: 'Archery elk hunt film series, episode 1-3', status: 'paid', paidDaysAgo: 6 },
  { company: 'Timberline Outfitters', pro: 'Jake Morrison', amountCents: 35000, description: 'Guided day: Gallatin opener', status: 'paid', paidDaysAgo: 2 },
  { company: 'Timberline Outfitters', pro: 'Jake Morrison', amountCents: 50000, description: 'Late-season content package', status: 'pending', dueInDays: 14 },
  { company: 'Timberline Outfitters', pro: 'Jake Morrison', amountCents: 90000, description: 'Scouting trip photography', status: 'paid', lastMonth: true },
  { company: 'Timberline Outfitters', pro: 'Grace Holloway', amountCents: 80000, description: 'Brochure photo shoot', status: 'paid', paidDaysAgo: 4 },
  { company: 'Timberline Outfitters', pro: 'Ty Granger', amountCents: 45000, description: 'Long-range ethics seminar', status: 'paid', paidDaysAgo: 1 },
  { company: 'Timberline Outfitters', pro: 'Ty Granger', amountCents: 20000, description: 'Trade show booth day (event cancelled)', status: 'cancelled' },
  { company: 'Marsh King Waterfowl', pro: 'Sarah Whitfield', amountCents: 60000, description: 'Calling clinic, Stuttgart store', status: 'paid', paidDaysAgo: 3 },
  { company: 'Marsh King Waterfowl', pro: 'Dale Simmons', amountCents: 15000, description: 'Decoy prototype field report', status: 'pending', dueInDays: 21 },
  { company: 'Ridgeline Optics', pro: 'Marcus Reed', amountCents: 150000, description: 'Thermal scope tutorial videos', status: 'paid', paidDaysAgo: 5 },
  { company: 'Ridgeline Optics', pro: 'Ty Granger', amountCents: 30000, description: 'Rangefinder review article', status: 'pending', dueInDays: 10 },
];

const praise: Record<number, { title: string; content: string; pros: string[] | null; cons: string[] | null }[]> = {
  5: [
    { title: 'Outstanding in the field', content: 'Showed up prepared every single day, kept clients safe and put them on animals. Footage was sharp and delivered on time.', pros: ['Punctual', 'Great footage'], cons: null },
    { title: 'Clients keep asking for them', content: 'Every client who hunted with them booked again for next season. Professional, patient and genuinely fun to have in camp.', pros: ['Client rapport', 'Safety first'], cons: null },
    { title: 'Best partner we have worked with', content: 'Clear communication from the first message, honest about conditions and always represented our brand well online.', pros: ['Communication', 'Brand fit'], cons: null },
    { title: 'Content that actually sells', content: 'Their posts drove real traffic to our store and the discount code usage spoke for itself. Easy to work with.', pros: ['Engaged audience'], cons: null },
    { title: 'Knows the country', content: 'Deep knowledge of the units we hunt and a calm presence when the weather turned. Would hire again without hesitation.', pros: ['Local knowledge', 'Calm under pressure'], cons: null },
  ],
  4: [
    { title: 'Solid season together', content: 'Good work overall and clients were happy. A couple of edits came in later than planned, but the quality made up for it.', pros: ['Quality work'], cons: ['Occasional delays'] },
    { title: 'Reliable and skilled', content: 'Did exactly what we agreed and handled a tough week of weather well. Would like a bit more posting between hunts.', pros: ['Reliable'], cons: ['Posting cadence'] },
    { title: 'Would work with again', content: 'Knowledgeable guide with a friendly manner. Paperwork was slow at times but the hunts themselves went great.', pros: ['Friendly', 'Knowledgeable'], cons: ['Slow paperwork'] },
  ],
  3: [
    { title: 'Mixed experience', content: 'Hunts went fine but communication between trips was patchy. Good skills, needs better follow-through.', pros: ['Field skills'], cons: ['Communication'] },
  ],
};

const businessReviewSeeds = [
  { pro: 'Jake Morrison', company: 'Timberline Outfitters', rating: 5, title: 'Top outfit to guide for', content: 'Well-run camps, fair pay on time and they back their guides. The gear package is generous.', pros: ['Pays on time', 'Great camps'], cons: null, response: 'Thank you, Jake. Twelve seasons and counting, see you in September!' },
  { pro: 'Grace Holloway', company: 'Timberline Outfitters', rating: 4, title: 'Great shoots, tight schedule', content: 'Loved the locations and the crew. Shoot days were packed, so plan for long hours.', pros: ['Stunning locations'], cons: ['Long days'], response: null },
  { pro: 'Sarah Whitfield', company: 'Marsh King Waterfowl', rating: 5, title: 'They care about callers', content: 'Marsh King listens to field feedback and actually changes their products. Commission tracking is transparent.', pros: ['Listens to feedback', 'Transparent commissions'], cons: null, response: null },
  { pro: 'Marcus Reed', company: 'Ridgeline Optics', rating: 4, title: 'Excellent glass, slow replies', content: 'The optics are top notch and the team knows their stuff. Emails sometimes take a week to get answered.', pros: ['Product quality'], cons: ['Slow email'], response: 'Thanks Marcus, we have added a dedicated pro staff contact to speed things up.' },
  { pro: 'Emily Tran', company: 'Gobbler Ridge Lodge', rating: 5, title: 'Family lodge with big heart', content: 'Welcoming owners, great turkey ground and they treated my students like family during our youth hunt.', pros: ['Welcoming', 'Great ground'], cons: null, response: null },
];

/** How many 'hi'-star and 'lo'-star reviews average (rounded to one decimal, as the rating column is) to target. */
function reviewMix(target: number): number[] {
  if (target <= 0) return [];
  const lo = Math.min(4, Math.max(1, Math.floor(target)));
  for (let n = 2; n <= 10; n++) {
    for (let high = 0; high <= n; high++) {
      const avg = lo + high / n;
      if (Math.round(avg * 10) / 10 === Math.round(target * 10) / 10) {
        return [...Array<number>(high).fill(lo + 1), ...Array<number>(n - high).fill(lo)];
      }
    }
  }
  return [Math.round(target)];
}

/**
 * Demo commissions and reviews. Pro staff reviews are generated so each profile's public-review average equals the
 * rating the demo data gave it, then ratings are recomputed from the reviews so the two can never disagree.
 */
export async function seedCommissionsAndReviews(tx: Database, now = new Date()): Promise<void> {
  const businesses = await tx
    .select({ id: businessProfiles.id, userId: businessProfiles.userId, name: businessProfiles.companyName })
    .from(businessProfiles)
    .orderBy(asc(businessProfiles.id));
  const pros = await tx
    .select({ id: proStaffProfiles.id, userId: proStaffProfiles.userId, firstName: proStaffProfiles.firstName, lastName: proStaffProfiles.lastName, rating: proStaffProfiles.rating })
    .from(proStaffProfiles)
    .orderBy(asc(proStaffProfiles.id));
  const businessByName = new Map(businesses.map((b) => [b.name, b]));
  const proByName = new Map(pros.map((p) => [`${p.firstName} ${p.lastName}`, p]));

  const monthStart = startOfMonthUtc(now).getTime();
  const inThisMonth = (daysAgo: number) => new Date(Math.min(now.getTime(), Math.max(monthStart + 60_000, now.getTime() - daysAgo * DAY)));
  for (const seed of commissionSeeds) {
    const business = businessByName.get(seed.company);
    const pro = proByName.get(seed.pro);
    if (!business || !pro) continue;
    const paidAt = seed.status !== 'paid' ? null : seed.lastMonth ? new Date(monthStart - 5 * DAY) : inThisMonth(seed.paidDaysAgo ?? 1);
    const createdAt = new Date((paidAt ?? now).getTime() - 3 * DAY);
    const dueDate = seed.dueInDays ? new Date(now.getTime() + seed.dueInDays * DAY).toISOString().slice(0, 10) : null;
    await tx.insert(commissions).values({
      businessId: business.id, proStaffId: pro.id, amountCents: seed.amountCents, description: seed.description,
      status: seed.status, dueDate, createdAt, paidAt,
    });
  }

  let reviewIndex = 0;
  for (const [proIndex, pro] of pros.entries()) {
    const mix = reviewMix(pro.rating);
    // Businesses first, then fellow pro staff after this one, so no one reviews themselves or twice.
    const reviewers = [
      ...businesses.map((b) => ({ userId: b.userId, type: 'business' as const })),
      ...[...pros.slice(proIndex + 1), ...pros.slice(0, proIndex)].map((p) => ({ userId: p.userId, type: 'pro_staff' as const })),
    ];
    for (const [i, rating] of mix.entries()) {
      const reviewer = reviewers[i];
      if (!reviewer) break;
      const pool = praise[rating] ?? praise[4];
      const text = pool[(reviewIndex + proIndex) % pool.length];
      const createdAt = new Date(now.getTime() - ((reviewIndex * 7) % 90 + 1) * DAY);
      reviewIndex++;
      await tx.insert(reviews).values({
        reviewerId: reviewer.userId, reviewerType: reviewer.type, revieweeType: 'pro_staff', revieweeId: pro.id,
        rating, ...text, createdAt, updatedAt: createdAt,
      });
    }
  }

  for (const [i, seed] of businessReviewSeeds.entries()) {
    const business = businessByName.get(seed.company);
    const pro = proByName.get(seed.pro);
    if (!business || !pro) continue;
    const createdAt = new Date(now.getTime() - (i * 5 + 2) * DAY);
    await tx.insert(reviews).values({
      reviewerId: pro.userId, reviewerType: 'pro_staff', revieweeType: 'business', revieweeId: business.id,
      rating: seed.rating, title: seed.title, content: seed.content, pros: seed.pros, cons: seed.cons,
      businessResponse: seed.response, responseDate: seed.response ? new Date(createdAt.getTime() + DAY) : null,
      createdAt, updatedAt: createdAt,
    });
  }

  // The rating column is derived: recompute it from the public reviews just written.
  for (const pro of pros) await refreshProStaffRating(tx, pro.id);
}
