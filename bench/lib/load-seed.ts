import type pg from 'pg';
import { hashPassword } from '../../src/server/lib/passwords';
import { seedProStaff } from './seed-pro-staff';

export const LOAD_PASSWORD = 'load-bench-password';

export type LoadSeed = {
  proStaff: number;
  businesses: number;
  jobs: number;
  /** Signed-in pro staff on the Pro plan: { userId, proStaffId, email }. */
  proLogins: { userId: number; proStaffId: number; email: string }[];
  /** Signed-in businesses on the Enterprise plan. */
  businessLogins: { userId: number; businessId: number; email: string }[];
  activeJobIds: number[];
};

const PLACES = `array['Bozeman, MT','Casper, WY','Boise, ID','Stuttgart, AR','Memphis, TN','Anchorage, AK','Austin, TX','Pierre, SD','Duluth, MN','Denver, CO','Reno, NV','Bend, OR']`;
const SPECIALTIES = `array['Bow Hunting','Rifle Hunting','Duck Hunting','Turkey Hunting','Deer Hunting','Elk Hunting','Bear Hunting','Predator Hunting','Upland Game','Fishing Guide','Outdoor Photography','Hunting Education']`;

/** The accounts the load signs in with, per kind: their profiles, the id the load needs and the plan they get. */
const loginKinds = {
  proStaff: { profiles: 'pro_staff_profiles', profileId: 'proStaffId', tier: 'pro' },
  business: { profiles: 'business_profiles', profileId: 'businessId', tier: 'enterprise' },
} as const;

/** Gives the first `count` profiles of `kind` the load password and their plan; their { userId, <profileId>, email }. */
async function makeLogins(pool: pg.Pool, kind: keyof typeof loginKinds, count: number, passwordHash: string) {
  const { profiles, profileId, tier } = loginKinds[kind];
  const result = await pool.query(
    `update users u set password_hash = $2, subscription_tier = '${tier}'
     from ${profiles} p where p.user_id = u.id and p.id <= $1
     returning u.id as "userId", p.id as "${profileId}", u.email`,
    [count, passwordHash],
  );
  return result.rows;
}

/**
 * A marketplace of a realistic size: pro staff with profiles, businesses with profiles, job postings
 * (a fifth closed), applications and conversations from people who are not part of the load, plus
 * `proLogins` and `businessLogins` accounts with a real password for the load to sign in with.
 */
export async function seedLoadData(pool: pg.Pool, sizes: { proStaff: number; businesses: number; jobsPerBusiness: number; proLogins: number; businessLogins: number }): Promise<LoadSeed> {
  await seedProStaff(pool, sizes.proStaff, 'load.pro.');
  await pool.query(
    `with biz as (
       insert into users (email, password_hash, user_type, subscription_tier, email_verified_at)
       select 'load.biz.' || g || '@example.com', 'x', 'business', (array['free','startup','professional','enterprise'])[1 + g % 4], now()
       from generate_series(1, $1::int) g
       returning id
     )
     insert into business_profiles (user_id, company_name, description, location, website, industry, size)
     select id,
            (array['Ridge','Timber','Prairie','Cedar','Hollow','Summit','Marsh','Canyon'])[1 + id % 8] || ' '
              || (array['Outfitters','Optics','Calls','Archery','Apparel','Decoys','Guides','Arms'])[1 + (id / 8) % 8] || ' ' || id,
            'Hunting gear and guided trips; we sponsor pro staff who film their seasons. Business number ' || id,
            (${PLACES})[1 + id % 12], 'https://example.com/business' || id, 'Outdoor', '11-50'
     from biz`,
    [sizes.businesses],
  );
  await pool.query(
    `insert into job_postings (business_id, title, description, location, specialties, compensation, is_active, created_at, updated_at)
     select b.id,
            (array['Pro staff','Field tester','Content creator','Hunting guide','Brand ambassador'])[1 + (b.id + k) % 5] || ' for ' || (${SPECIALTIES})[1 + (b.id * 3 + k) % 12],
            'We are looking for someone who hunts all season, films every hunt and posts weekly. Gear, travel and a monthly fee included. Posting ' || k || ' of ' || b.company_name,
            (${PLACES})[1 + (b.id + k) % 12],
            array[(${SPECIALTIES})[1 + (b.id * 3 + k) % 12]],
            '$' || (200 + (b.id * 37 + k) % 1800) || '/month',
            (b.id + k) % 5 <> 0,
            now() - ((b.id * 7 + k * 13) || ' hours')::interval,
            now() - ((b.id * 7 + k * 13) || ' hours')::interval
     from business_profiles b, generate_series(1, $1::int) k`,
    [sizes.jobsPerBusiness],
  );
  // Applications from pro staff who are not signed in during the load, so load applications never collide.
  await pool.query(
    `insert into applications (job_posting_id, pro_staff_id, cover_letter, status)
     select j.id, p.id, 'I have hunted ' || p.location || ' for ' || p.experience || ' years and post every week.',
            (array['pending','pending','shortlisted','accepted','rejected'])[1 + (p.id + j.id) % 5]
     from job_postings j join pro_staff_profiles p on p.id > $1 and (p.id + j.id * 7) % 1000 < 3`,
    [sizes.proLogins],
  );
  // Ten conversations per business with four messages each, some unread.
  await pool.query(
    `with pairs as (
       insert into conversations (user_a_id, user_b_id, created_at, last_message_at)
       select p.user_id, b.user_id, now() - interval '10 days', now() - ((b.id + k) || ' hours')::interval
       from business_profiles b cross join generate_series(1, 10) k
       join lateral (select user_id from pro_staff_profiles where id = 1 + (b.id * 13 + k * 57) % $1) p on true
       on conflict do nothing
       returning id, user_a_id, user_b_id, last_message_at
     )
     insert into messages (conversation_id, from_user_id, to_user_id, content, is_read, created_at)
     select c.id,
            case when m % 2 = 1 then c.user_b_id else c.user_a_id end,
            case when m % 2 = 1 then c.user_a_id else c.user_b_id end,
            'Message ' || m || ': thanks for reaching out, here is my media kit and last season''s numbers.',
            m < 4,
            c.last_message_at - ((4 - m) || ' hours')::interval
     from pairs c, generate_series(1, 4) m`,
    [sizes.proStaff],
  );

  const passwordHash = await hashPassword(LOAD_PASSWORD);
  const proLogins = await makeLogins(pool, 'proStaff', sizes.proLogins, passwordHash);
  const businessLogins = await makeLogins(pool, 'business', sizes.businessLogins, passwordHash);
  const activeJobIds = (await pool.query<{ id: number }>('select id from job_postings where is_active order by id')).rows.map((row) => row.id);
  // What autovacuum would have done by the time the site is busy: statistics and visibility maps.
  await pool.query('vacuum analyze');
  return {
    proStaff: sizes.proStaff,
    businesses: sizes.businesses,
    jobs: sizes.businesses * sizes.jobsPerBusiness,
    proLogins: proLogins.sort((a, b) => a.proStaffId - b.proStaffId),
    businessLogins: businessLogins.sort((a, b) => a.businessId - b.businessId),
    activeJobIds,
  };
}
