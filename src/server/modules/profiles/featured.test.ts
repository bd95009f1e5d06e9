import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createProStaff } from '@server/test/factories';
import { proStaffProfiles } from '@server/db/schema/profiles';

// Featured placement (decision record 019): only a plan with the featuredPlacement flag (Elite) is featured.
const t = useTestApp();

const anonymous = () => new TestClient(t.app);
const names = (list: { firstName: string }[]) => list.map((p) => p.firstName);

async function startTrial(client: TestClient, tier: string) {
  const res = await client.post('/api/start-trial', { tier });
  expect(res.status).toBe(200);
}

describe('GET /api/pro-staff-profiles/featured', () => {
  it('lists Elite pro staff only, never Pro or Free ones, with no private fields', async () => {
    await createProStaff(t, { firstName: 'Free' });
    await createProStaff(t, { firstName: 'Pro', tier: 'pro' });
    const elite = await createProStaff(t, { firstName: 'Elite', tier: 'elite' });
    const res = await anonymous().get('/api/pro-staff-profiles/featured');
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Elite']);
    expect(res.body[0]).toMatchObject({ id: elite.proStaffId, userId: elite.user.id, featured: true });
    const keys = Object.keys(res.body[0]);
    for (const secret of ['email', 'passwordHash', 'subscriptionTier', 'tier', 'searchVector', 'searchTags', 'isAdmin']) expect(keys).not.toContain(secret);
    expect(JSON.stringify(res.body)).not.toContain('@');
  });

  it('counts a running Elite trial, not a Pro trial, and not an Elite trial that has ended', async () => {
    const trying = await createProStaff(t, { firstName: 'Trying' });
    const proTrial = await createProStaff(t, { firstName: 'ProTrial' });
    await startTrial(trying.client, 'elite');
    await startTrial(proTrial.client, 'pro');
    expect(names((await anonymous().get('/api/pro-staff-profiles/featured')).body)).toEqual(['Trying']);

    await t.database.query(`update plan_trials set ends_at = now() - interval '1 minute' where user_id = ${trying.user.id}`);
    expect((await anonymous().get('/api/pro-staff-profiles/featured')).body).toEqual([]);
  });

  it('goes by the effective tier: a Pro subscriber with a leftover Elite trial row is not featured', async () => {
    const pro = await createProStaff(t, { firstName: 'Subscribed', tier: 'pro' });
    await t.database.query(`insert into plan_trials (user_id, tier, ends_at) values (${pro.user.id}, 'elite', now() + interval '3 days')`);
    expect((await anonymous().get('/api/pro-staff-profiles/featured')).body).toEqual([]);
  });

  it('respects the directory filters and shows at most three', async () => {
    await createProStaff(t, { firstName: 'Ann', tier: 'elite', specialties: ['Duck Hunting'], location: 'Stuttgart, AR', experience: 9 });
    const bea = await createProStaff(t, { firstName: 'Bea', tier: 'elite', specialties: ['Elk Hunting'], location: 'Bozeman, MT', experience: 3 });
    await createProStaff(t, { firstName: 'Cy', tier: 'elite', specialties: ['Elk Hunting'], location: 'Casper, WY', experience: 12 });
    await createProStaff(t, { firstName: 'Dee', tier: 'elite', specialties: ['Elk Hunting'], location: 'Billings, MT', experience: 20 });
    await createProStaff(t, { firstName: 'Eve', tier: 'pro', specialties: ['Elk Hunting'], location: 'Bozeman, MT', experience: 30 });
    await t.database.db.update(proStaffProfiles).set({ isVerified: true }).where(eq(proStaffProfiles.id, bea.proStaffId));

    const get = async (query: string) => names((await anonymous().get(`/api/pro-staff-profiles/featured${query}`)).body);
    expect(await get('')).toEqual(['Ann', 'Bea', 'Cy']);
    expect(await get('?specialty=Elk%20Hunting')).toEqual(['Bea', 'Cy', 'Dee']);
    expect(await get('?location=Bozeman')).toEqual(['Bea']);
    expect(await get('?q=elk&minExperience=10')).toEqual(['Cy', 'Dee']);
    expect(await get('?verified=true')).toEqual(['Bea']);
    expect(await get('?q=zzzz-nobody')).toEqual([]);
  });

  it('with fill=true puts the featured first and tops up with the directory order (the landing page)', async () => {
    await createProStaff(t, { firstName: 'Alice' });
    await createProStaff(t, { firstName: 'Bob', tier: 'pro' });
    await createProStaff(t, { firstName: 'Cara' });
    await createProStaff(t, { firstName: 'Dana', tier: 'elite' });
    const res = await anonymous().get('/api/pro-staff-profiles/featured?fill=true');
    expect(res.status).toBe(200);
    expect(res.body.map((p: { firstName: string; featured: boolean }) => [p.firstName, p.featured])).toEqual([
      ['Dana', true],
      ['Alice', false],
      ['Bob', false],
    ]);
    // Without fill only the featured come back.
    expect(names((await anonymous().get('/api/pro-staff-profiles/featured?fill=false')).body)).toEqual(['Dana']);
  });

  it('refuses bad filters with a 400', async () => {
    for (const query of ['minExperience=-1', 'verified=yes', 'fill=1', `q=${'x'.repeat(101)}`]) {
      const res = await anonymous().get(`/api/pro-staff-profiles/featured?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
  });
});
