import { describe, expect, it } from 'vitest';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, signUp } from '@server/test/factories';
import { utcDay } from './service';

const t = useTestApp();

const validAd = (overrides: Record<string, unknown> = {}) => ({
  title: 'Looking for elk guides',
  description: 'Archery elk season collaboration in Montana.',
  adType: 'collaboration',
  targetAudience: 'pro_staff',
  budget: 2500,
  duration: 30,
  contactInfo: 'hire@example.com',
  location: 'Bozeman, MT',
  tags: ' elk,  archery ,, montana , elk',
  ...overrides,
});

describe('POST /api/advertisements', () => {
  it('creates an ad with cents budget, trimmed tags and endDate = now + duration', async () => {
    const { client, user } = await createBusiness(t, { tier: 'startup' });
    const before = Date.now();
    const res = await client.post('/api/advertisements', validAd({ endDate: '2000-01-01T00:00:00.000Z' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: user.id, title: 'Looking for elk guides', budget: 2500, duration: 30, status: 'active',
      tags: ['elk', 'archery', 'montana'], impressions: 0, clicks: 0, location: 'Bozeman, MT',
    });
    const end = Date.parse(res.body.endDate);
    expect(end).toBeGreaterThanOrEqual(before + 30 * 86_400_000 - 1000);
    expect(end).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000 + 1000);
  });

  it('accepts tags as a list and an empty location', async () => {
    const { client } = await createBusiness(t, { tier: 'startup' });
    const res = await client.post('/api/advertisements', validAd({ tags: [' a ', 'b', ''], location: '' }));
    expect(res.status).toBe(201);
    expect(res.body.tags).toEqual(['a', 'b']);
    expect(res.body.location).toBeNull();
  });

  it('rejects a budget under $1, a duration outside 1-365 and missing fields', async () => {
    const { client } = await createBusiness(t, { tier: 'startup' });
    for (const body of [validAd({ budget: 99 }), validAd({ budget: 150.5 }), validAd({ duration: 0 }), validAd({ duration: 366 }), validAd({ contactInfo: '  ' }), validAd({ adType: 'spam' })]) {
      const res = await client.post('/api/advertisements', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
    const res = await client.post('/api/advertisements', { title: 'x' });
    const paths = res.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['description', 'adType', 'targetAudience', 'budget', 'duration', 'contactInfo']));
  });

  it('needs a session', async () => {
    const res = await new TestClient(t.app).post('/api/advertisements', validAd());
    expect(res.status).toBe(401);
  });

  it('enforces the plan limit with 402 PLAN_LIMIT', async () => {
    const free = await createBusiness(t);
    const denied = await free.client.post('/api/advertisements', validAd());
    expect(denied.status).toBe(402);
    expect(denied.body.error.code).toBe('PLAN_LIMIT');

    const startup = await createBusiness(t, { tier: 'startup' });
    for (let i = 0; i < 3; i++) expect((await startup.client.post('/api/advertisements', validAd())).status).toBe(201);
    expect((await startup.client.post('/api/advertisements', validAd())).status).toBe(402);

    // A completed ad frees its slot, and reopening it needs a free slot again.
    const [first] = (await startup.client.get('/api/advertisements')).body;
    expect((await startup.client.put(`/api/advertisements/${first.id}`, { status: 'completed' })).status).toBe(200);
    expect((await startup.client.post('/api/advertisements', validAd())).status).toBe(201);
    const reopen = await startup.client.put(`/api/advertisements/${first.id}`, { status: 'active' });
    expect(reopen.status).toBe(402);
  });

  it('lets pro staff on a paid plan create ads too', async () => {
    const pro = await createProStaff(t, { tier: 'pro' });
    expect((await pro.client.post('/api/advertisements', validAd({ targetAudience: 'business' }))).status).toBe(201);
    const free = await createProStaff(t);
    expect((await free.client.post('/api/advertisements', validAd())).status).toBe(402);
  });
});

describe('GET /api/advertisements and /active', () => {
  it('lists own ads only, and active unexpired ads aimed at the viewer', async () => {
    const owner = await createBusiness(t, { tier: 'professional' });
    const forPros = (await owner.client.post('/api/advertisements', validAd({ title: 'For pros' }))).body;
    const forBiz = (await owner.client.post('/api/advertisements', validAd({ title: 'For businesses', targetAudience: 'business' }))).body;
    const paused = (await owner.client.post('/api/advertisements', validAd({ title: 'Paused' }))).body;
    await owner.client.put(`/api/advertisements/${paused.id}`, { status: 'paused' });
    const expired = (await owner.client.post('/api/advertisements', validAd({ title: 'Expired' }))).body;
    await t.database.query(`update advertisements set end_date = now() - interval '1 minute' where id = ${expired.id}`);

    const other = await createBusiness(t, { tier: 'startup' });
    expect((await other.client.get('/api/advertisements')).body).toEqual([]);
    const own = (await owner.client.get('/api/advertisements')).body.map((a: { title: string }) => a.title);
    expect(own).toHaveLength(4);

    const pro = await createProStaff(t);
    const proSees = (await pro.client.get('/api/advertisements/active')).body.map((a: { id: number }) => a.id);
    expect(proSees).toEqual([forPros.id]);
    const bizSees = (await other.client.get('/api/advertisements/active')).body.map((a: { id: number }) => a.id);
    expect(bizSees).toEqual([forBiz.id]);
    const ownerSees = (await owner.client.get('/api/advertisements/active')).body.map((a: { id: number }) => a.id).sort();
    expect(ownerSees).toEqual([forPros.id, forBiz.id].sort());
  });

  it('needs a session', async () => {
    expect((await new TestClient(t.app).get('/api/advertisements')).status).toBe(401);
    expect((await new TestClient(t.app).get('/api/advertisements/active')).status).toBe(401);
  });
});

describe('PUT and DELETE /api/advertisements/:id', () => {
  it('lets the owner edit any field and status; duration moves endDate from creation', async () => {
    const owner = await createBusiness(t, { tier: 'startup' });
    const ad = (await owner.client.post('/api/advertisements', validAd())).body;
    const res = await owner.client.put(`/api/advertisements/${ad.id}`, { ...validAd({ title: 'New title', budget: 10000, tags: 'x, y' }), duration: 10, status: 'draft' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'New title', budget: 10000, tags: ['x', 'y'], duration: 10, status: 'draft' });
    expect(Date.parse(res.body.endDate) - Date.parse(ad.createdAt)).toBe(10 * 86_400_000);
  });

  it('changes only the field an edit names, leaving every other field as it was', async () => {
    const owner = await createBusiness(t, { tier: 'startup' });
    const ad = (await owner.client.post('/api/advertisements', validAd())).body;
    const edits: [string, unknown, unknown][] = [
      ['description', 'Spring turkey collaboration.', 'Spring turkey collaboration.'],
      ['adType', 'service_offer', 'service_offer'],
      ['targetAudience', 'both', 'both'],
      ['contactInfo', 'ads@example.com', 'ads@example.com'],
      ['location', 'Boise, ID', 'Boise, ID'],
      ['budget', 7500, 7500],
      ['tags', 'turkey', ['turkey']],
    ];
    let expected = { ...ad };
    for (const [field, sent, stored] of edits) {
      const res = await owner.client.put(`/api/advertisements/${ad.id}`, { [field]: sent });
      expect(res.status, field).toBe(200);
      expected = { ...expected, [field]: stored };
      expect({ ...res.body, updatedAt: expected.updatedAt }, field).toEqual(expected);
    }
  });

  it('an empty edit changes nothing, not even updatedAt', async () => {
    const owner = await createBusiness(t, { tier: 'startup' });
    const ad = (await owner.client.post('/api/advertisements', validAd())).body;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await owner.client.put(`/api/advertisements/${ad.id}`, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual(ad);
    expect((await owner.client.get('/api/advertisements')).body).toEqual([ad]);
  });

  it('counts the plan limit only when an edit brings an ad back to life: reactivating or extending past the limit is 402', async () => {
    const owner = await createBusiness(t, { tier: 'startup' }); // 3 live ads
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await owner.client.post('/api/advertisements', validAd({ title: `Ad ${i}` }))).body.id);
    // At the limit, a live ad is edited freely, and one may be completed.
    expect((await owner.client.put(`/api/advertisements/${ids[0]}`, { title: 'Still live' })).status).toBe(200);
    expect((await owner.client.put(`/api/advertisements/${ids[0]}`, { status: 'completed' })).status).toBe(200);
    expect((await owner.client.post('/api/advertisements', validAd({ title: 'Third live' }))).status).toBe(201);
    // Completed -> active while 3 others are live: refused.
    const reactivate = await owner.client.put(`/api/advertisements/${ids[0]}`, { status: 'active' });
    expect(reactivate.status).toBe(402);
    expect(reactivate.body.error.code).toBe('PLAN_LIMIT');
    // Editing the completed ad without reactivating it is no new live ad.
    expect((await owner.client.put(`/api/advertisements/${ids[0]}`, { title: 'Completed, renamed' })).status).toBe(200);
    // An expired ad extended by a new duration comes back to life too: refused at the limit, allowed with room.
    await t.database.query(`update advertisements set end_date = now() - interval '1 day' where id = ${ids[1]}`);
    const expiredAdId = ids[1];
    expect((await owner.client.post('/api/advertisements', validAd({ title: 'Back to three' }))).status).toBe(201);
    expect((await owner.client.put(`/api/advertisements/${expiredAdId}`, { duration: 365 })).status).toBe(402);
    expect((await owner.client.put(`/api/advertisements/${expiredAdId}`, { title: 'Expired, renamed' })).status).toBe(200);
  });

  it('lets an owner over the limit (after a downgrade) keep editing and completing live ads', async () => {
    const owner = await createBusiness(t, { tier: 'startup' });
    const first = (await owner.client.post('/api/advertisements', validAd())).body;
    const second = (await owner.client.post('/api/advertisements', validAd({ title: 'Second' }))).body;
    await t.database.query(`update users set subscription_tier = 'free' where id = ${owner.user.id}`);
    expect((await owner.client.put(`/api/advertisements/${first.id}`, { title: 'Renamed on Free' })).status).toBe(200);
    expect((await owner.client.put(`/api/advertisements/${second.id}`, { status: 'completed' })).status).toBe(200);
    expect((await owner.client.put(`/api/advertisements/${second.id}`, { status: 'active' })).status).toBe(402);
  });

  it('validates the edit', async () => {
    const owner = await createBusiness(t, { tier: 'startup' });
    const ad = (await owner.client.post('/api/advertisements', validAd())).body;
    expect((await owner.client.put(`/api/advertisements/${ad.id}`, { status: 'deleted' })).status).toBe(400);
    expect((await owner.client.put(`/api/advertisements/${ad.id}`, { budget: 50 })).status).toBe(400);
    expect((await owner.client.put('/api/advertisements/abc', { title: 'x' })).status).toBe(400);
  });

  it('refuses other users (403), unknown ids (404) and anonymous callers (401)', async () => {
    const owner = await createBusiness(t, { tier: 'startup' });
    const ad = (await owner.client.post('/api/advertisements', validAd())).body;
    const other = await createBusiness(t, { tier: 'startup' });
    expect((await other.client.put(`/api/advertisements/${ad.id}`, { title: 'Hijack' })).status).toBe(403);
    expect((await other.client.delete(`/api/advertisements/${ad.id}`)).status).toBe(403);
    expect((await owner.client.put('/api/advertisements/999999', { title: 'x' })).status).toBe(404);
    expect((await owner.client.delete('/api/advertisements/999999')).status).toBe(404);
    expect((await new TestClient(t.app).put(`/api/advertisements/${ad.id}`, { title: 'x' })).status).toBe(401);
    expect((await new TestClient(t.app).delete(`/api/advertisements/${ad.id}`)).status).toBe(401);
  });

  it('deletes for the owner', async () => {
    const owner = await createBusiness(t, { tier: 'startup' });
    const ad = (await owner.client.post('/api/advertisements', validAd())).body;
    expect((await owner.client.delete(`/api/advertisements/${ad.id}`)).status).toBe(204);
    expect((await owner.client.get('/api/advertisements')).body).toEqual([]);
  });
});

describe('POST /api/advertisements/:id/click and /impression', () => {
  it('counts once per viewer per ad per day and never for the owner', async () => {
    const owner = await createBusiness(t, { tier: 'startup' });
    const ad = (await owner.client.post('/api/advertisements', validAd({ targetAudience: 'both' }))).body;
    const a = await createProStaff(t);
    const b = await signUp(t, 'business');

    expect((await a.client.post(`/api/advertisements/${ad.id}/impression`)).body).toEqual({ counted: true, impressions: 1, clicks: 0 });
    expect((await a.client.post(`/api/advertisements/${ad.id}/impression`)).body).toEqual({ counted: false, impressions: 1, clicks: 0 });
    expect((await a.client.post(`/api/advertisements/${ad.id}/click`)).body).toEqual({ counted: true, impressions: 1, clicks: 1 });
    expect((await a.client.post(`/api/advertisements/${ad.id}/click`)).body.counted).toBe(false);
    expect((await b.client.post(`/api/advertisements/${ad.id}/click`)).body).toMatchObject({ counted: true, clicks: 2 });
    expect((await owner.client.post(`/api/advertisements/${ad.id}/click`)).body).toMatchObject({ counted: false, clicks: 2 });

    // Next day the same viewer counts again.
    await t.database.query(`update ad_views set day = day - 1`);
    expect((await a.client.post(`/api/advertisements/${ad.id}/click`)).body).toMatchObject({ counted: true, clicks: 3 });
    const [{ old }] = await t.database.query<{ old: number }>(`select count(*)::int as old from ad_views where day < '${new Date().toISOString().slice(0, 10)}'`);
    expect(Number(old)).toBe(0);
    const [stored] = (await owner.client.get('/api/advertisements')).body;
    expect(stored).toMatchObject({ impressions: 1, clicks: 3 });
  });

  it('lets owners open their own ad whatever its audience (never counted), and refuses an expired one with 409', async () => {
    const owner = await createBusiness(t, { tier: 'startup' });
    const forPros = (await owner.client.post('/api/advertisements', validAd({ targetAudience: 'pro_staff' }))).body;
    expect((await owner.client.post(`/api/advertisements/${forPros.id}/click`)).body).toEqual({ counted: false, impressions: 0, clicks: 0 });
    const pro = await createProStaff(t);
    await t.database.query(`update advertisements set end_date = now() - interval '1 minute' where id = ${forPros.id}`);
    const expired = await pro.client.post(`/api/advertisements/${forPros.id}/impression`);
    expect(expired.status).toBe(409);
    expect(expired.body.error.code).toBe('CONFLICT');
  });

  it('counts views by UTC calendar day', () => {
    expect(utcDay(new Date('2026-11-24T23:59:59.999Z'))).toBe('2026-11-24');
    expect(utcDay(new Date('2026-11-25T00:00:00.000-05:00'))).toBe('2026-11-25');
  });

  it('refuses ads that are not running, not aimed at the viewer, unknown, or anonymous callers', async () => {
    const owner = await createBusiness(t, { tier: 'startup' });
    const forBiz = (await owner.client.post('/api/advertisements', validAd({ targetAudience: 'business' }))).body;
    const paused = (await owner.client.post('/api/advertisements', validAd())).body;
    await owner.client.put(`/api/advertisements/${paused.id}`, { status: 'paused' });
    const pro = await createProStaff(t);
    expect((await pro.client.post(`/api/advertisements/${forBiz.id}/click`)).status).toBe(404);
    expect((await pro.client.post(`/api/advertisements/${paused.id}/click`)).status).toBe(409);
    expect((await pro.client.post('/api/advertisements/999999/impression')).status).toBe(404);
    expect((await new TestClient(t.app).post(`/api/advertisements/${paused.id}/click`)).status).toBe(401);
  });
});
