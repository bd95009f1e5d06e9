import { describe, expect, it } from 'vitest';
import { restoreAfterEach, useTestApp } from '@server/test/use-test-app';
import { createProStaff } from '@server/test/factories';
import { directoryCounting, roundEstimate } from './service';
import { countProStaff, findProStaffById, listProStaff, sampleCountProStaff, type DirectoryCriteria, type DirectoryPlan } from './repository';

// Decision record 017: estimated totals for huge results, and plans that never change the results.
const t = useTestApp();
restoreAfterEach(directoryCounting);
const anonymous = () => t.anonymous();

/** 300 varied profiles, set-based, then ANALYZE so the planner statistics see them. */
async function bulkDirectory() {
  await t.database.query(`
    with u as (insert into users (email, password_hash, user_type) select 'bulk' || g || '@example.com', 'x', 'pro_staff' from generate_series(1, 300) g returning id)
    insert into pro_staff_profiles (user_id, first_name, last_name, bio, location, specialties, experience, rating, is_verified, created_at)
    select id, (array['Jake','Sarah','Cody'])[1 + id % 3], (array['Morrison','Reed','Tran','Baxter'])[1 + id % 4] || (id % 7)::text,
      'Guide number ' || id, (array['Bozeman, MT','Casper, WY','Boise, ID','XBozeman Flats'])[1 + id % 4],
      array_remove(array[(array['Elk Hunting','Duck Hunting','Bow Hunting'])[1 + id % 3], case when id % 5 = 0 then 'Predator Hunting' end], null),
      id % 31, (id % 9) / 2.0, id % 6 = 0, now() - (id % 50 || ' minutes')::interval
    from u`);
  await t.database.query('analyze pro_staff_profiles');
}

describe('directory totals at scale', () => {
  it('shows a huge result as an estimate ("about"), rounded, and says so in the page and the headers', async () => {
    await bulkDirectory();
    // Make the test table count as big and read all of it as the "sample", so the figure is known.
    Object.assign(directoryCounting, { estimateFromTableRows: 0, estimateMin: 50, samplePercent: 100 });
    const elk = await anonymous().get('/api/pro-staff-profiles?specialty=Elk%20Hunting&page=1&pageSize=24&sort=rating');
    expect(elk.status).toBe(200);
    expect(elk.body).toMatchObject({ total: 100, totalEstimated: true, page: 1, pageSize: 24, totalPages: 5 });
    expect(elk.headers['x-total-count']).toBe('100');
    expect(elk.headers['x-total-count-estimated']).toBe('true');

    // The whole table: the planner's row count, rounded to two digits.
    const all = await anonymous().get('/api/pro-staff-profiles?page=1&pageSize=24');
    expect(all.body).toMatchObject({ total: 300, totalEstimated: true });

    // Few matches are always counted exactly.
    const few = await anonymous().get('/api/pro-staff-profiles?specialty=Predator%20Hunting&verified=true&page=1&pageSize=24');
    expect(few.body.totalEstimated).toBe(false);
    expect(few.body.total).toBe(few.body.items.length);
    expect(few.headers['x-total-count-estimated']).toBeUndefined();

    // The last page of an estimate comes back short: then the total is exact after all.
    const last = await anonymous().get('/api/pro-staff-profiles?specialty=Elk%20Hunting&page=5&pageSize=24&sort=rating');
    expect(last.body).toMatchObject({ total: 100, totalEstimated: false });
    expect(last.body.items).toHaveLength(4);
  });

  it('counts exactly on a small table, whatever the result size', async () => {
    await bulkDirectory();
    const elk = await anonymous().get('/api/pro-staff-profiles?specialty=Elk%20Hunting&page=1&pageSize=24');
    expect(elk.body).toMatchObject({ total: 100, totalEstimated: false });
    expect(elk.headers['x-total-count-estimated']).toBeUndefined();
    const plain = await anonymous().get('/api/pro-staff-profiles');
    expect(plain.headers['x-total-count']).toBe('300');
  });

  it('rounds an estimate to the digits it can vouch for', () => {
    expect([7, 99, 518, 48_213, 50_000, 102_222, 1_000_053].map(roundEstimate)).toEqual([7, 99, 520, 48_000, 50_000, 100_000, 1_000_000]);
  });
});

describe('directory plans', () => {
  const criteria: (Partial<DirectoryCriteria> & { label: string })[] = [
    { label: 'text', words: ['morrison'] },
    { label: 'text or specialty name', words: ['elk'], textSpecialties: ['Elk Hunting'] },
    { label: 'specialties', specialties: ['Duck Hunting', 'Predator Hunting'] },
    { label: 'location (word start only)', location: 'Bozeman' },
    { label: 'location + specialty + experience', location: 'casper', specialties: ['Predator Hunting', 'Bow Hunting'], minExperience: 10 },
    { label: 'verified', verified: true },
    { label: 'unverified + text', verified: false, words: ['sar'] },
    { label: 'nothing matches', location: '100%_\\' },
  ];

  it('returns the same rows in the same order whichever index a page is read from', async () => {
    await bulkDirectory();
    await createProStaff(t, { firstName: 'Zed', lastName: 'Morrison', location: 'Bozeman, MT', specialties: ['Elk Hunting'], experience: 12 });
    for (const { label, ...partial } of criteria) {
      const full: DirectoryCriteria = { words: [], textSpecialties: [], specialties: [], ...partial };
      for (const sort of [undefined, 'rating', 'experience', 'newest'] as const) {
        for (const [limit, offset] of [[24, 0], [10, 20]]) {
          const read = (plan: DirectoryPlan) => listProStaff(t.database.db, full, { sort, limit, offset, plan }).then((rows) => rows.map((row) => row.id));
          const planner = await read('planner');
          expect(await read('sort-index'), `${label}, ${sort}, offset ${offset}`).toEqual(planner);
          expect(await read('filter-index'), `${label}, ${sort}, offset ${offset}`).toEqual(planner);
        }
      }
    }
    // The location filter keeps word starts only: "XBozeman Flats" is not in Bozeman.
    const bozeman = await listProStaff(t.database.db, { words: [], textSpecialties: [], specialties: [], location: 'Bozeman' }, { limit: 1000, offset: 0, plan: 'sort-index' });
    expect(bozeman.length).toBeGreaterThan(0);
    expect(bozeman.every((row) => row.location === 'Bozeman, MT')).toBe(true);
  });

  it('answers each request with its own filters and values, though each shape of query is built once (decision record 017)', async () => {
    await bulkDirectory();
    const everyone = await listProStaff(t.database.db, { words: [], textSpecialties: [], specialties: [] }, { limit: 1000, offset: 0, plan: 'planner' });
    const ids = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);
    // Same shape, other values: each answer is the rows those values select, not the previous request's.
    const sameShape: [DirectoryCriteria, (row: (typeof everyone)[number]) => boolean][] = [
      [{ words: [], textSpecialties: [], specialties: ['Elk Hunting'], minExperience: 5, verified: true }, (row) => row.specialties.includes('Elk Hunting') && row.experience >= 5 && row.isVerified],
      [{ words: [], textSpecialties: [], specialties: ['Duck Hunting'], minExperience: 20, verified: false }, (row) => row.specialties.includes('Duck Hunting') && row.experience >= 20 && !row.isVerified],
      [{ words: [], textSpecialties: [], specialties: ['Bow Hunting', 'Predator Hunting'], minExperience: 0, verified: true }, (row) => row.specialties.some((s) => s === 'Bow Hunting' || s === 'Predator Hunting') && row.isVerified],
    ];
    for (const plan of ['planner', 'sort-index', 'filter-index'] as const) {
      for (const [criteria, matches] of [...sameShape, ...sameShape.toReversed()]) {
        const expected = ids(everyone.filter(matches));
        expect(expected.length).toBeGreaterThan(0);
        expect(ids(await listProStaff(t.database.db, criteria, { sort: 'rating', limit: 1000, offset: 0, plan })), plan).toEqual(expected);
        expect(await countProStaff(t.database.db, criteria), plan).toBe(expected.length);
      }
    }
    // Shapes one filter apart, in both orders: each request gets its own filters. The page and the exact count are
    // both built once per shape; a whole-table "sample" is built anew with its values bound, so it is the referee.
    const base: DirectoryCriteria = { words: [], textSpecialties: [], specialties: ['Elk Hunting'] };
    const oneApart: (Partial<DirectoryCriteria> & { label: string })[] = [
      { label: 'base' },
      { label: 'text', words: ['morrison'] },
      { label: 'text or specialty name', words: ['cody'], textSpecialties: ['Duck Hunting'] },
      { label: 'location with words', location: 'Boise' },
      { label: 'location without words', location: '%%' },
      { label: 'minExperience', minExperience: 12 },
      { label: 'verified', verified: true },
      { label: 'credential', credentialType: 'hunter_education' },
    ];
    for (const plan of ['planner', 'sort-index', 'filter-index'] as const) {
      for (const { label, ...partial } of [...oneApart, ...oneApart.toReversed()]) {
        const criteria = { ...base, ...partial };
        const rows = await listProStaff(t.database.db, criteria, { sort: 'newest', limit: 1000, offset: 0, plan });
        const referee = await sampleCountProStaff(t.database.db, criteria, 100);
        expect(rows.length, `${label}, ${plan}`).toBe(referee);
        expect(await countProStaff(t.database.db, criteria), `${label}, ${plan}`).toBe(referee);
      }
    }
  });

  it('reads a page of rows raw into the same profiles as the ORM mapping gives, every field', async () => {
    const pro = await createProStaff(t, { firstName: 'Zoë', lastName: "O'Hara", location: 'Bozeman, MT', specialties: ['Elk Hunting', 'Bow Hunting'], experience: 17 });
    await t.database.query(
      `update pro_staff_profiles set bio = 'Guide, "elk" & bow', rating = 4.25, is_verified = true, verified_credential_types = '{hunter_education}',
        portfolio_urls = '{https://example.com/a}', social_media_links = '{https://instagram.com/zoe}', profile_picture_url = '/api/files/x',
        social_links = '{"instagram":"https://instagram.com/zoe","youtube":"https://youtube.com/@zoe"}', social_tags = '{#elk,#bow}',
        created_at = '2024-02-29 23:59:59.123456+00', updated_at = '2026-01-01 00:00:00+00'
      where id = ${pro.proStaffId}`,
    );
    await createProStaff(t, { firstName: 'Plain', specialties: ['Elk Hunting'] });
    const elk: DirectoryCriteria = { words: [], textSpecialties: [], specialties: ['Elk Hunting'] };
    for (const plan of ['planner', 'sort-index', 'filter-index'] as const) {
      const rows = await listProStaff(t.database.db, elk, { sort: 'newest', limit: 10, offset: 0, plan });
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row, plan).toEqual(await findProStaffById(t.database.db, row.id));
    }
    const [zoe] = await listProStaff(t.database.db, { ...elk, words: ['zoë'] }, { limit: 10, offset: 0, plan: 'filter-index' });
    expect(zoe).toMatchObject({ rating: 4.25, isVerified: true, bio: 'Guide, "elk" & bow', createdAt: '2024-02-29T23:59:59.123Z', updatedAt: '2026-01-01T00:00:00.000Z' });
    expect(zoe.socialLinks).toEqual({ instagram: 'https://instagram.com/zoe', youtube: 'https://youtube.com/@zoe' });
  });

  it('leaves out erased accounts on every plan and in every count (decision record 027)', async () => {
    await bulkDirectory();
    await t.database.query(`update pro_staff_profiles set erased_at = now() where user_id % 10 = 0`);
    const deleted = new Set((await t.database.query<{ id: number }>(`select id from pro_staff_profiles where erased_at is not null`)).map((row) => row.id));
    expect(deleted.size).toBe(30);
    for (const { label, ...partial } of [{ label: 'everything' }, ...criteria]) {
      const full: DirectoryCriteria = { words: [], textSpecialties: [], specialties: [], ...partial };
      const total = await countProStaff(t.database.db, full);
      expect(await sampleCountProStaff(t.database.db, full, 100), label).toBe(total);
      for (const plan of ['planner', 'sort-index', 'filter-index'] as const) {
        const rows = await listProStaff(t.database.db, full, { sort: 'rating', limit: 1000, offset: 0, plan });
        expect(rows.length, `${label}, ${plan}`).toBe(total);
        expect(rows.filter((row) => deleted.has(row.id)), `${label}, ${plan}`).toEqual([]);
      }
    }
    expect(await countProStaff(t.database.db, { words: [], textSpecialties: [], specialties: [] })).toBe(270);
  });
});
