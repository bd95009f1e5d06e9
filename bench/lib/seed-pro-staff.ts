import type pg from 'pg';

// Set-based seed: one statement for users, one for profiles, values varied by the row number.
const SEED_SQL = `
with first_names as (select array['Jake','Sarah','Marcus','Emily','Cody','Luis','Hannah','Noah','Grace','Dale','Ava','Ty','Rosa','Ben','Wyatt','Piper','Cole','Maya','Hank','June'] as a),
     last_names as (select array['Morrison','Whitfield','Reed','Tran','Baxter','Ortega','Price','Fischer','Holloway','Simmons','Lindqvist','Granger','Delgado','Carver','Hayes','Bishop','Sutton','Keller','Boone','Walsh'] as a),
     places as (select array['Bozeman, MT','Missoula, MT','Billings, MT','Casper, WY','Jackson, WY','Cheyenne, WY','Boise, ID','Stuttgart, AR','Memphis, TN','Knoxville, TN','Asheville, NC','Anchorage, AK','San Antonio, TX','Austin, TX','Pierre, SD','Madison, WI','Duluth, MN','Lake Charles, LA','Albuquerque, NM','Branson, MO','Denver, CO','Salt Lake City, UT','Reno, NV','Bend, OR','Spokane, WA'] as a),
     specs as (select array['Bow Hunting','Rifle Hunting','Shotgun Hunting','Muzzleloader','Duck Hunting','Turkey Hunting','Deer Hunting','Elk Hunting','Bear Hunting','Predator Hunting','Upland Game','Small Game','Fishing Guide','Outdoor Photography','Hunting Education'] as a),
     staff as (
       insert into users (email, password_hash, user_type, email_verified_at)
       select $2::text || g || '@example.com', 'x', 'pro_staff', now() from generate_series(1, $1::int) g
       returning id
     )
insert into pro_staff_profiles (user_id, first_name, last_name, bio, location, specialties, experience, rating, is_verified, social_links, social_tags, created_at)
select s.id,
       f.a[1 + s.id % 20],
       l.a[1 + (s.id / 20) % 20] || (s.id % 97)::text,
       'Guide and content creator number ' || s.id || ' hunting ' || lower(sp.a[1 + s.id % 15]) || ' seasons in ' || p.a[1 + (s.id / 7) % 25],
       p.a[1 + (s.id / 7) % 25],
       array_remove(array[sp.a[1 + s.id % 15], case when s.id % 3 = 0 then sp.a[1 + (s.id / 3) % 15] end, case when s.id % 5 = 0 then sp.a[1 + (s.id / 5) % 15] end], null),
       s.id % 31,
       case when s.id % 4 = 0 then 0 else round(((s.id % 41) / 10.0 + 1)::numeric, 1)::float end,
       s.id % 6 = 0,
       jsonb_build_object('instagram', 'https://instagram.com/hunter' || s.id, 'youtube', 'https://youtube.com/@channel' || s.id),
       array['#tag' || (s.id % 500)],
       now() - (s.id || ' minutes')::interval
from staff s, first_names f, last_names l, places p, specs sp`;

/** Inserts `count` pro staff users (emails `${emailPrefix}N@example.com`) with varied, searchable profiles. */
export async function seedProStaff(pool: pg.Pool, count: number, emailPrefix: string): Promise<void> {
  await pool.query(SEED_SQL, [count, emailPrefix]);
}
