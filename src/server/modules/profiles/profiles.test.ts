import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, signUp, type SignedIn } from '@server/test/factories';
import { proStaffProfiles } from '@server/db/schema/profiles';

const t = useTestApp();

const anonymous = () => new TestClient(t.app);

/**
 * Who may save a profile at `url`: signed out 401, the other account type (`wrongType`) 403, and a `userType`
 * account sending another user's id 403. Returns that other user (`someoneElse`), whose profile must be untouched.
 */
async function expectOwnProfileOnly<Other extends SignedIn>(
  url: string,
  body: object,
  userType: 'business' | 'pro_staff',
  wrongType: () => Promise<SignedIn>,
  someoneElse: () => Promise<Other>,
): Promise<Other> {
  expect((await anonymous().post(url, body)).status).toBe(401);
  expect((await (await wrongType()).client.post(url, body)).status).toBe(403);
  const other = await someoneElse();
  const { client } = await signUp(t, userType);
  expect((await client.post(url, { ...body, userId: other.user.id })).status).toBe(403);
  return other;
}

const validProStaff = {
  firstName: 'Jake',
  lastName: 'Morrison',
  bio: 'Archery elk guide',
  location: 'Bozeman, MT',
  specialties: ['Elk Hunting', ' Bow Hunting ', 'Elk Hunting'],
  experience: 12,
  socialLinks: { instagram: 'https://instagram.com/Jake_Outdoors', youtube: '', website: 'https://jake.example.com' },
  socialTags: ['#ElkHunting', 'archery'],
};

async function seedDirectory() {
  const a = await createProStaff(t, { firstName: 'Alice', lastName: 'Archer', specialties: ['Bow Hunting', 'Elk Hunting'], location: 'Bozeman, MT', experience: 3 });
  const b = await createProStaff(t, { firstName: 'Bob', lastName: 'Barrel', specialties: ['Rifle Hunting'], location: 'Casper, WY', experience: 15 });
  const c = await createProStaff(t, { firstName: 'Cara', lastName: 'Caller', specialties: ['Duck Hunting'], location: 'Stuttgart, AR', experience: 8 });
  await t.database.db.update(proStaffProfiles).set({ rating: 4.9, isVerified: true }).where(eq(proStaffProfiles.id, c.proStaffId));
  await t.database.db.update(proStaffProfiles).set({ rating: 4.1, bio: 'Long range rifle instructor' }).where(eq(proStaffProfiles.id, b.proStaffId));
  return { a, b, c };
}

const names = (list: { firstName: string }[]) => list.map((p) => p.firstName);

describe('GET /api/pro-staff-profiles', () => {
  it('returns a plain array in id order to anyone, with the total in X-Total-Count', async () => {
    await seedDirectory();
    const res = await anonymous().get('/api/pro-staff-profiles');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(names(res.body)).toEqual(['Alice', 'Bob', 'Cara']);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.body[0]).toMatchObject({ id: expect.any(Number), userId: expect.any(Number), rating: 0, isVerified: false, socialLinks: {}, socialTags: [] });
    expect(typeof res.body[2].rating).toBe('number');
    expect(res.body[0]).not.toHaveProperty('searchVector');
  });

  it('filters by text across name, bio and location, and by specialty names', async () => {
    await seedDirectory();
    expect(names((await anonymous().get('/api/pro-staff-profiles?q=ali')).body)).toEqual(['Alice']);
    expect(names((await anonymous().get('/api/pro-staff-profiles?q=long%20range')).body)).toEqual(['Bob']);
    expect(names((await anonymous().get('/api/pro-staff-profiles?q=stuttgart')).body)).toEqual(['Cara']);
    expect(names((await anonymous().get('/api/pro-staff-profiles?q=duck')).body)).toEqual(['Cara']);
    expect((await anonymous().get('/api/pro-staff-profiles?q=%27%3A*%26!')).status).toBe(200);
  });

  it('filters by repeated specialty (any of), location, minimum experience and verification', async () => {
    await seedDirectory();
    const both = await anonymous().get('/api/pro-staff-profiles?specialty=Rifle%20Hunting&specialty=Duck%20Hunting');
    expect(names(both.body)).toEqual(['Bob', 'Cara']);
    expect(both.headers['x-total-count']).toBe('2');
    expect(names((await anonymous().get('/api/pro-staff-profiles?location=casper')).body)).toEqual(['Bob']);
    expect(names((await anonymous().get('/api/pro-staff-profiles?location=WY')).body)).toEqual(['Bob']);
    expect(names((await anonymous().get('/api/pro-staff-profiles?minExperience=8')).body)).toEqual(['Bob', 'Cara']);
    expect(names((await anonymous().get('/api/pro-staff-profiles?verified=true')).body)).toEqual(['Cara']);
    expect(names((await anonymous().get('/api/pro-staff-profiles?verified=false&minExperience=1')).body)).toEqual(['Alice', 'Bob']);
  });

  it('sorts by rating, experience or newest', async () => {
    await seedDirectory();
    expect(names((await anonymous().get('/api/pro-staff-profiles?sort=rating')).body)).toEqual(['Cara', 'Bob', 'Alice']);
    expect(names((await anonymous().get('/api/pro-staff-profiles?sort=experience')).body)).toEqual(['Bob', 'Cara', 'Alice']);
    expect(names((await anonymous().get('/api/pro-staff-profiles?sort=newest')).body)[0]).toBe('Cara');
  });

  it('pages with page and pageSize, returning items and totals', async () => {
    await seedDirectory();
    const res = await anonymous().get('/api/pro-staff-profiles?page=2&pageSize=2&sort=experience');
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.body).toMatchObject({ total: 3, page: 2, pageSize: 2, totalPages: 2 });
    expect(names(res.body.items)).toEqual(['Alice']);
    const defaults = await anonymous().get('/api/pro-staff-profiles?page=1');
    expect(defaults.body).toMatchObject({ pageSize: 24, total: 3 });
  });

  it('rejects bad query values', async () => {
    for (const query of ['pageSize=101', 'page=0', 'pageSize=abc', 'minExperience=-1', 'sort=name', 'verified=yes']) {
      const res = await anonymous().get(`/api/pro-staff-profiles?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
  });
});

describe('directory totals on large results', () => {
  it('reuses a big total briefly, and a new profile saved through the API refreshes it', async () => {
    await t.database.query(`
      with u as (insert into users (email, password_hash, user_type) select 'bulk' || g || '@example.com', 'x', 'pro_staff' from generate_series(1, 1000) g returning id)
      insert into pro_staff_profiles (user_id, first_name, last_name) select id, 'Bulk', id::text from u`);
    const first = await anonymous().get('/api/pro-staff-profiles?page=1&pageSize=1');
    expect(first.body.total).toBe(1000);
    await createProStaff(t);
    expect((await anonymous().get('/api/pro-staff-profiles?page=2&pageSize=1')).body.total).toBe(1000);
    const { client } = await signUp(t, 'pro_staff');
    await client.post('/api/pro-staff-profiles', validProStaff);
    expect((await anonymous().get('/api/pro-staff-profiles?page=1&pageSize=1')).headers['x-total-count']).toBe('1002');
  });
});

describe('GET /api/pro-staff-profiles/:id and /user/:userId', () => {
  it('returns one profile, publicly', async () => {
    const { a } = await seedDirectory();
    const byId = await anonymous().get(`/api/pro-staff-profiles/${a.proStaffId}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ id: a.proStaffId, userId: a.user.id, firstName: 'Alice' });
    const byUser = await anonymous().get(`/api/pro-staff-profiles/user/${a.user.id}`);
    expect(byUser.body.id).toBe(a.proStaffId);
  });

  it('answers 404 for a missing profile and 400 for a bad id', async () => {
    expect((await anonymous().get('/api/pro-staff-profiles/999999')).status).toBe(404);
    expect((await anonymous().get('/api/pro-staff-profiles/user/999999')).status).toBe(404);
    expect((await anonymous().get('/api/pro-staff-profiles/abc')).status).toBe(400);
  });
});

describe('POST /api/pro-staff-profiles', () => {
  it('creates the own profile (201), normalises input and updates it (200)', async () => {
    const { client, user } = await signUp(t, 'pro_staff');
    const created = await client.post('/api/pro-staff-profiles', { ...validProStaff, userId: user.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userId: user.id,
      firstName: 'Jake',
      specialties: ['Elk Hunting', 'Bow Hunting'],
      experience: 12,
      rating: 0,
      socialLinks: { instagram: 'https://instagram.com/Jake_Outdoors', website: 'https://jake.example.com' },
      socialMediaLinks: ['https://instagram.com/Jake_Outdoors', 'https://jake.example.com'],
      socialTags: ['#elkhunting', '#archery'],
    });
    const me = await client.get('/api/auth/me');
    expect(me.body.proStaffId).toBe(created.body.id);

    const updated = await client.post('/api/pro-staff-profiles', { ...validProStaff, firstName: 'Jacob', bio: '' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, firstName: 'Jacob', bio: null });
  });

  it('never lets the owner set rating or verification', async () => {
    const { client } = await signUp(t, 'pro_staff');
    const res = await client.post('/api/pro-staff-profiles', { ...validProStaff, rating: 5, isVerified: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rating: 0, isVerified: false });
  });

  it('validates required names, experience, URLs and picture', async () => {
    const { client } = await signUp(t, 'pro_staff');
    const missing = await client.post('/api/pro-staff-profiles', { ...validProStaff, firstName: ' ', lastName: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['firstName', 'lastName']));
    for (const experience of [-1, 1.5, '5']) {
      const res = await client.post('/api/pro-staff-profiles', { ...validProStaff, experience });
      expect(res.status, String(experience)).toBe(400);
    }
    const wrongHost = await client.post('/api/pro-staff-profiles', { ...validProStaff, socialLinks: { instagram: 'https://facebook.com/jake' } });
    expect(wrongHost.status).toBe(400);
    expect(wrongHost.body.error.details[0].path).toBe('socialLinks.instagram');
    expect((await client.post('/api/pro-staff-profiles', { ...validProStaff, socialLinks: { website: 'javascript:alert(1)' } })).status).toBe(400);
    expect((await client.post('/api/pro-staff-profiles', { ...validProStaff, socialLinks: { myspace: 'https://myspace.com/x' } })).status).toBe(400);
    expect((await client.post('/api/pro-staff-profiles', { ...validProStaff, profilePictureUrl: 'https://evil.example.com/a.png' })).status).toBe(400);
    expect((await client.post('/api/pro-staff-profiles', { ...validProStaff, socialTags: ['bad tag!'] })).status).toBe(400);
  });

  it('requires login, the pro staff role and the own user id', async () => {
    const other = await expectOwnProfileOnly('/api/pro-staff-profiles', validProStaff, 'pro_staff', () => createBusiness(t), () => createProStaff(t));
    const untouched = await anonymous().get(`/api/pro-staff-profiles/${other.proStaffId}`);
    expect(untouched.body.firstName).toBe('Pat');
  });
});

describe('business profiles', () => {
  const validBusiness = { companyName: 'Ridge Co', location: 'Boise, ID', website: 'https://ridge.example.com', industry: 'Retail', size: '10-25', socialLinks: { facebook: 'https://facebook.com/ridgeco' } };

  it('creates (201), updates (200) and reads by user and id', async () => {
    const { client, user } = await signUp(t, 'business');
    const created = await client.post('/api/business-profiles', { ...validBusiness, userId: user.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ userId: user.id, companyName: 'Ridge Co', socialLinks: { facebook: 'https://facebook.com/ridgeco' } });
    expect((await client.get('/api/auth/me')).body.businessId).toBe(created.body.id);
    const updated = await client.post('/api/business-profiles', { ...validBusiness, companyName: 'Ridge Company', website: '' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, companyName: 'Ridge Company', website: null });
    expect((await anonymous().get(`/api/business-profiles/user/${user.id}`)).body.companyName).toBe('Ridge Company');
    expect((await anonymous().get(`/api/business-profiles/${created.body.id}`)).body.userId).toBe(user.id);
    expect((await anonymous().get('/api/business-profiles/user/999999')).status).toBe(404);
  });

  it('requires a company name and valid URLs', async () => {
    const { client } = await signUp(t, 'business');
    const res = await client.post('/api/business-profiles', { ...validBusiness, companyName: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('companyName');
    expect((await client.post('/api/business-profiles', { ...validBusiness, website: 'not a url' })).status).toBe(400);
  });

  it('requires login, the business role and the own user id', async () => {
    await expectOwnProfileOnly('/api/business-profiles', validBusiness, 'business', () => createProStaff(t), () => createBusiness(t));
  });
});

describe('GET /api/social-media-tags/search', () => {
  async function seedTagged() {
    const jake = await signUp(t, 'pro_staff');
    await jake.client.post('/api/pro-staff-profiles', validProStaff);
    const sarah = await signUp(t, 'pro_staff');
    await sarah.client.post('/api/pro-staff-profiles', {
      firstName: 'Sarah',
      lastName: 'Whitfield',
      socialLinks: { twitter: 'https://x.com/jake_outdoors', tiktok: 'https://www.tiktok.com/@SarahCalls/?lang=en' },
    });
    return { jake, sarah };
  }

  it('finds pro staff by handle or hashtag, ignoring case, @ and #', async () => {
    await seedTagged();
    const business = await createBusiness(t, { tier: 'startup' });
    const byHandle = await business.client.get('/api/social-media-tags/search?tag=%40JAKE_outdoors');
    expect(byHandle.status).toBe(200);
    expect(names(byHandle.body).sort()).toEqual(['Jake', 'Sarah']);
    const onInstagram = await business.client.get('/api/social-media-tags/search?tag=jake_outdoors&platform=instagram');
    expect(names(onInstagram.body)).toEqual(['Jake']);
    const all = await business.client.get('/api/social-media-tags/search?tag=jake_outdoors&platform=all');
    expect(all.body).toHaveLength(2);
    expect(names((await business.client.get('/api/social-media-tags/search?tag=%23elkhunting&platform=tiktok')).body)).toEqual(['Jake']);
    expect(names((await business.client.get('/api/social-media-tags/search?tag=sarahcalls&platform=tiktok')).body)).toEqual(['Sarah']);
    expect((await business.client.get('/api/social-media-tags/search?tag=nobody')).body).toEqual([]);
    // The candidates travel as one array parameter: characters that mean something in an array literal are data.
    for (const tag of ['a,b', 'x"y', '{jake_outdoors}', 'back\\slash', 'NULL']) {
      const odd = await business.client.get(`/api/social-media-tags/search?tag=${encodeURIComponent(tag)}`);
      expect(odd.status, tag).toBe(200);
      expect(odd.body, tag).toEqual([]);
    }
  });

  it('indexes profiles written straight to the database too', async () => {
    const pro = await createProStaff(t);
    await t.database.db.update(proStaffProfiles).set({ socialLinks: { youtube: 'https://youtube.com/@DirectWrite' } }).where(eq(proStaffProfiles.id, pro.proStaffId));
    const business = await createBusiness(t, { tier: 'professional' });
    const res = await business.client.get('/api/social-media-tags/search?tag=directwrite&platform=youtube');
    expect(res.body.map((p: { id: number }) => p.id)).toEqual([pro.proStaffId]);
  });

  it('needs a tag and a known platform', async () => {
    const business = await createBusiness(t, { tier: 'startup' });
    expect((await business.client.get('/api/social-media-tags/search?tag=%20%23%20')).status).toBe(400);
    expect((await business.client.get('/api/social-media-tags/search')).status).toBe(400);
    expect((await business.client.get('/api/social-media-tags/search?tag=x&platform=myspace')).status).toBe(400);
  });

  it('is for signed-in businesses on a plan that includes it', async () => {
    expect((await anonymous().get('/api/social-media-tags/search?tag=jake')).status).toBe(401);
    const pro = await createProStaff(t);
    expect((await pro.client.get('/api/social-media-tags/search?tag=jake')).status).toBe(403);
    const free = await createBusiness(t);
    const res = await free.client.get('/api/social-media-tags/search?tag=jake');
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('PLAN_LIMIT');
  });
});
