import type { Database } from '../client';
import { users } from '../schema/users';
import { businessProfiles, proStaffProfiles } from '../schema/profiles';
import { credentials } from '../schema/credentials';
import { jobPostings } from '../schema/jobs';
import { hashPassword } from '@server/lib/passwords';
import { DEMO_ADMIN_EMAIL, DEMO_BUSINESS_EMAIL, DEMO_PASSWORD, DEMO_PRO_STAFF_EMAIL } from './demo-accounts';
import { TERMS_VERSION } from '@shared/legal';
import { seedDemoActivity } from './demo-activity';
import { seedDemoAgreements, seedDemoCampaign, seedDemoGoals } from './demo-agreements';
import { seedCommissionsAndReviews } from './demo-commissions-reviews';
import { seedDemoGear } from './demo-gear';

type BusinessSeed = {
  email: string; tier: string; companyName: string; description: string; location: string; industry: string; size: string; website: string;
  jobs: { title: string; description: string; location: string; specialties: string[]; compensation: string; isActive?: boolean }[];
};

const businesses: BusinessSeed[] = [
  {
    email: DEMO_BUSINESS_EMAIL, tier: 'professional', companyName: 'Timberline Outfitters',
    description: 'Full-service outfitter running guided elk, mule deer and black bear hunts across the northern Rockies since 1998.',
    location: 'Bozeman, MT', industry: 'Outfitter', size: '25-50 employees', website: 'https://timberline-outfitters.example.com',
    jobs: [
      { title: 'Elk Season Pro Staff Guide', description: 'Guide archery and rifle elk clients in the Gallatin range and produce weekly field content for our channels.', location: 'Bozeman, MT', specialties: ['Elk Hunting', 'Bow Hunting'], compensation: '$350/day plus gear package' },
      { title: 'Black Bear Spring Content Creator', description: 'Film and photograph spring bear hunts, edit short-form videos and post to Instagram and YouTube.', location: 'Missoula, MT', specialties: ['Bear Hunting', 'Outdoor Photography'], compensation: '$2,500 per season + commission' },
      { title: 'Hunter Education Ambassador', description: 'Lead hunter education seminars at partner retail stores across Montana and Idaho.', location: 'Helena, MT', specialties: ['Hunting Education'], compensation: '$200 per seminar', isActive: false },
    ],
  },
  {
    email: 'marsh.king@example.com', tier: 'startup', companyName: 'Marsh King Waterfowl',
    description: 'Duck and goose calls, blinds and decoys designed by competition callers on the Mississippi flyway.',
    location: 'Stuttgart, AR', industry: 'Retail', size: '10-25 employees', website: 'https://marshking.example.com',
    jobs: [
      { title: 'Flyway Ambassador – Duck Calls', description: 'Represent our call line at regional shows, run calling clinics and share hunts with your followers.', location: 'Stuttgart, AR', specialties: ['Duck Hunting'], compensation: '10% commission on code sales' },
      { title: 'Waterfowl Field Tester', description: 'Test new blind and decoy prototypes through the season and write detailed field reports.', location: 'Memphis, TN', specialties: ['Duck Hunting', 'Shotgun Hunting'], compensation: 'Free gear + $500 stipend' },
    ],
  },
  {
    email: 'ridgeline.optics@example.com', tier: 'enterprise', companyName: 'Ridgeline Optics',
    description: 'Rangefinders, binoculars and rifle scopes built for long days in big country.',
    location: 'Boise, ID', industry: 'Manufacturer', size: '100-250 employees', website: 'https://ridgelineoptics.example.com',
    jobs: [
      { title: 'Long-Range Rifle Pro Staff', description: 'Use and review our scopes on western hunts, create tutorial content and attend two trade shows per year.', location: 'Remote (Western US)', specialties: ['Rifle Hunting', 'Elk Hunting'], compensation: 'Optics package + 12% commission' },
      { title: 'Predator Calling Field Staff', description: 'Night and day predator hunts with our thermal line; share footage and teach calling tactics.', location: 'Cheyenne, WY', specialties: ['Predator Hunting'], compensation: '$1,200/quarter + commission' },
    ],
  },
  {
    email: 'gobbler.ridge@example.com', tier: 'free', companyName: 'Gobbler Ridge Lodge',
    description: 'Family-run turkey and whitetail lodge on 4,000 acres of Ozark hardwoods.',
    location: 'Branson, MO', industry: 'Hunting operation', size: '1-10 employees', website: 'https://gobblerridge.example.com',
    jobs: [
      { title: 'Spring Turkey Guide', description: 'Guide two-day turkey hunts from April through mid-May; lodging included.', location: 'Branson, MO', specialties: ['Turkey Hunting'], compensation: '$250/day' },
    ],
  },
];

type ProSeed = {
  email: string; firstName: string; lastName: string; location: string; specialties: string[]; experience: number;
  rating: number; isVerified: boolean; bio: string; instagram?: string; youtube?: string; tiktok?: string;
  /** Subscription tier; Free when absent. Grace is on Elite so featured placement shows (decision record 019). */
  tier?: 'pro' | 'elite';
};

const proStaff: ProSeed[] = [
  { email: DEMO_PRO_STAFF_EMAIL, firstName: 'Jake', lastName: 'Morrison', location: 'Bozeman, MT', specialties: ['Elk Hunting', 'Bow Hunting', 'Outdoor Photography'], experience: 12, rating: 4.8, isVerified: true, bio: 'Archery elk fanatic and backcountry filmmaker. Twelve seasons guiding in the Gallatin and Madison ranges.', instagram: 'https://instagram.com/jakemorrison_outdoors', youtube: 'https://youtube.com/@jakemorrisonhunts' },
  { email: 'sarah.whitfield@example.com', firstName: 'Sarah', lastName: 'Whitfield', location: 'Stuttgart, AR', specialties: ['Duck Hunting', 'Shotgun Hunting'], experience: 9, rating: 4.9, isVerified: true, bio: 'Competition duck caller and flooded-timber guide. Two-time regional calling champion.', instagram: 'https://instagram.com/sarahcallsducks' },
  { email: 'marcus.reed@example.com', firstName: 'Marcus', lastName: 'Reed', location: 'Casper, WY', specialties: ['Predator Hunting', 'Rifle Hunting'], experience: 15, rating: 4.7, isVerified: true, bio: 'Predator control specialist and long-range shooting instructor.', youtube: 'https://youtube.com/@marcusreedpredators' },
  { email: 'emily.tran@example.com', firstName: 'Emily', lastName: 'Tran', location: 'Asheville, NC', specialties: ['Turkey Hunting', 'Hunting Education'], experience: 6, rating: 4.6, isVerified: false, bio: 'Hunter education instructor teaching new hunters the ethics and skills of turkey hunting.', instagram: 'https://instagram.com/emilytranoutdoors', tiktok: 'https://tiktok.com/@emilyhunts' },
  { email: 'cody.baxter@example.com', firstName: 'Cody', lastName: 'Baxter', location: 'Anchorage, AK', specialties: ['Bear Hunting', 'Fishing Guide'], experience: 18, rating: 5, isVerified: true, bio: 'Registered Alaska guide for brown bear and salmon fly-outs.' },
  { email: 'luis.ortega@example.com', firstName: 'Luis', lastName: 'Ortega', location: 'San Antonio, TX', specialties: ['Deer Hunting', 'Bow Hunting'], experience: 8, rating: 4.4, isVerified: false, bio: 'South Texas whitetail bowhunter and habitat manager.', instagram: 'https://instagram.com/luisortegabowhunts' },
  { email: 'hannah.price@example.com', firstName: 'Hannah', lastName: 'Price', location: 'Pierre, SD', specialties: ['Upland Game', 'Shotgun Hunting'], experience: 7, rating: 4.5, isVerified: true, bio: 'Pheasant guide and bird dog trainer on the Missouri River breaks.' },
  { email: 'noah.fischer@example.com', firstName: 'Noah', lastName: 'Fischer', location: 'Madison, WI', specialties: ['Deer Hunting', 'Muzzleloader'], experience: 11, rating: 4.3, isVerified: false, bio: 'Traditional muzzleloader hunter writing about early American hunting methods.' },
  { email: 'grace.holloway@example.com', firstName: 'Grace', lastName: 'Holloway', location: 'Jackson, WY', specialties: ['Outdoor Photography', 'Elk Hunting'], experience: 5, rating: 4.9, isVerified: true, bio: 'Wildlife photographer whose work appears in national hunting magazines.', instagram: 'https://instagram.com/gracehollowayphoto', tier: 'elite' },
  { email: 'dale.simmons@example.com', firstName: 'Dale', lastName: 'Simmons', location: 'Lake Charles, LA', specialties: ['Duck Hunting', 'Small Game'], experience: 20, rating: 4.2, isVerified: false, bio: 'Coastal marsh guide with two decades of teal and gadwall seasons.' },
  { email: 'ava.lindqvist@example.com', firstName: 'Ava', lastName: 'Lindqvist', location: 'Duluth, MN', specialties: ['Bear Hunting', 'Bow Hunting'], experience: 4, rating: 0, isVerified: false, bio: 'Northwoods bear and whitetail bowhunter building her first sponsor partnerships.' },
  { email: 'ty.granger@example.com', firstName: 'Ty', lastName: 'Granger', location: 'Billings, MT', specialties: ['Rifle Hunting', 'Elk Hunting', 'Deer Hunting', 'Predator Hunting'], experience: 14, rating: 4.7, isVerified: true, bio: 'Rifle builder and mule deer guide; runs a long-range ethics course.', youtube: 'https://youtube.com/@tygranger' },
  { email: 'rosa.delgado@example.com', firstName: 'Rosa', lastName: 'Delgado', location: 'Albuquerque, NM', specialties: ['Small Game', 'Hunting Education'], experience: 3, rating: 0, isVerified: false, bio: 'Mentors first-time hunters through small game seasons in New Mexico.', tiktok: 'https://tiktok.com/@rosahunts' },
  { email: 'ben.carver@example.com', firstName: 'Ben', lastName: 'Carver', location: 'Knoxville, TN', specialties: ['Turkey Hunting', 'Deer Hunting'], experience: 10, rating: 4.1, isVerified: false, bio: 'Appalachian turkey and whitetail hunter, call maker and storyteller.' },
];

/**
 * Seeds the demo marketplace in one transaction. Safe to call only on an empty database.
 * `withAdmin: false` leaves out admin@example.com: production refuses to start while an admin has the
 * published demo password, so a forced production seed has no demo admin (issue 17).
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

/** A demo credential: a guide licence from the person's state, or a hunter education certificate for educators. */
function demoCredential(person: (typeof proStaff)[number]) {
  const state = person.location.split(', ').pop() ?? 'MT';
  const educator = person.specialties.includes('Hunting Education');
  return {
    type: educator ? ('hunter_education' as const) : ('guide_license' as const),
    issuingAuthority: state,
    number: `DEMO-${state}-${person.firstName.toUpperCase()}`,
    issuedOn: isoDay(-400),
    expiresOn: educator ? null : isoDay(330),
    // Demo rows carry no file: there is no document to download.
    documentKey: null,
    documentName: 'demo-credential.pdf',
    documentType: 'application/pdf',
    documentSize: 0,
  };
}

export async function seedDemoData(db: Database, options: { withAdmin?: boolean } = {}): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // Demo accounts are seeded verified (decision record 027), so every demo flow works from the first sign-in.
  const emailVerifiedAt = new Date();
  // They have accepted the current Terms too, so no demo sign-in opens on the "We updated our Terms" notice.
  const accepted = { emailVerifiedAt, termsVersion: TERMS_VERSION, termsAcceptedAt: emailVerifiedAt };
  await db.transaction(async (tx) => {
    if (options.withAdmin ?? true) await tx.insert(users).values({ email: DEMO_ADMIN_EMAIL, passwordHash, userType: 'business', isAdmin: true, ...accepted });

    for (const [index, business] of businesses.entries()) {
      const [user] = await tx
        .insert(users)
        .values({ email: business.email, passwordHash, userType: 'business', subscriptionTier: business.tier, ...accepted })
        .returning({ id: users.id });
      const [profile] = await tx
        .insert(businessProfiles)
        .values({
          userId: user.id, companyName: business.companyName, description: business.description, location: business.location,
          industry: business.industry, size: business.size, website: business.website, socialLinks: { website: business.website },
        })
        .returning({ id: businessProfiles.id });
      for (const [jobIndex, job] of business.jobs.entries()) {
        // Spread creation dates so "newest first" means something in the demo.
        const createdAt = new Date(Date.now() - (index * 5 + jobIndex * 2 + 1) * 24 * 60 * 60 * 1000);
        await tx.insert(jobPostings).values({ businessId: profile.id, ...job, isActive: job.isActive ?? true, createdAt, updatedAt: createdAt });
      }
    }

    for (const person of proStaff) {
      const [user] = await tx.insert(users).values({ email: person.email, passwordHash, userType: 'pro_staff', subscriptionTier: person.tier ?? 'free', ...accepted }).returning({ id: users.id });
      const socialLinks = Object.fromEntries(
        (['instagram', 'youtube', 'tiktok'] as const).flatMap((key) => (person[key] ? [[key, person[key]]] : [])),
      );
      const credential = demoCredential(person);
      const [profile] = await tx
        .insert(proStaffProfiles)
        .values({
          userId: user.id, firstName: person.firstName, lastName: person.lastName, bio: person.bio, location: person.location,
          specialties: person.specialties, experience: person.experience, rating: person.rating, isVerified: person.isVerified,
          verifiedCredentialTypes: person.isVerified ? [credential.type] : [],
          socialLinks, socialMediaLinks: Object.values(socialLinks),
        })
        .returning({ id: proStaffProfiles.id });
      // The badge is earned (decision record 029): each verified demo profile has an approved credential behind it,
      // and Emily's hunter education certificate waits in the admin's review queue.
      if (person.isVerified || person.email === 'emily.tran@example.com') {
        await tx.insert(credentials).values({
          proStaffId: profile.id, ...credential, status: person.isVerified ? 'approved' : 'pending',
          decidedAt: person.isVerified ? new Date() : null,
        });
      }
    }

    await seedCommissionsAndReviews(tx);
    await seedDemoActivity(tx);
    await seedDemoAgreements(tx);
    await seedDemoCampaign(tx);
    await seedDemoGoals(tx);
    await seedDemoGear(tx);
  });
}
