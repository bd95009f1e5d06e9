import { describe, expect, it } from 'vitest';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, signUp } from '@server/test/factories';
import { expectBusinessProfileGate } from '@server/test/business-gate';
import { audienceMatches, locationMatches } from './audience';

const t = useTestApp();

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const validPromotion = (overrides: Record<string, unknown> = {}) => ({
  title: 'Spring turkey gear sale',
  description: 'Twenty percent off calls and decoys for pro staff.',
  targetUrl: 'https://gobbler.example.com/sale',
  imageUrl: '',
  promotionType: 'banner',
  targetAudience: 'all_pro_staff',
  targetSpecialties: [],
  targetLocation: '',
  budget: '10.00',
  dailyBudget: '',
  costPerClick: '2.00',
  startDate: dayOffset(-1),
  endDate: dayOffset(7),
  ...overrides,
});

describe('POST /api/promotions', () => {
  it('creates a promotion with money as decimal text and cents underneath', async () => {
    const biz = await createBusiness(t);
    const res = await biz.client.post('/api/promotions', validPromotion({ budget: 25.5, dailyBudget: '5', costPerClick: '1.25' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      businessId: biz.businessId, budget: '25.50', dailyBudget: '5.00', costPerClick: '1.25', totalSpent: '0.00',
      isActive: true, totalImpressions: 0, totalClicks: 0, clickThroughRate: '0.00', deliveryStatus: 'delivering',
      imageUrl: null, targetLocation: null, targetSpecialties: [],
    });
    const [row] = await t.database.query<{ budget_cents: number }>(`select budget_cents from promotions where id = ${res.body.id}`);
    expect(Number(row.budget_cents)).toBe(2550);
  });

  it('defaults the cost per click to 2.00 and clears targeting that does not apply', async () => {
    const biz = await createBusiness(t);
    const res = await biz.client.post('/api/promotions', validPromotion({ costPerClick: undefined, targetSpecialties: ['Waterfowl'], targetLocation: 'MT' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ costPerClick: '2.00', targetSpecialties: [], targetLocation: null });
  });

  it('validates fields, dates and budgets', async () => {
    const biz = await createBusiness(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ budget: 'ten' }, 'budget'],
      [{ budget: '1.234' }, 'budget'],
      [{ startDate: undefined }, 'startDate'],
      [{ endDate: 'soon' }, 'endDate'],
      [{ endDate: dayOffset(-1) }, 'endDate'],
      [{ dailyBudget: '11.00' }, 'dailyBudget'],
      [{ costPerClick: '20.00' }, 'costPerClick'],
      [{ targetUrl: 'javascript:alert(1)' }, 'targetUrl'],
      [{ imageUrl: 'not a url' }, 'imageUrl'],
      [{ targetAudience: 'specific_specialties', targetSpecialties: [] }, 'targetSpecialties'],
      [{ targetAudience: 'specific_specialties', targetSpecialties: ['Knitting'] }, 'targetSpecialties.0'],
      [{ targetAudience: 'location_based', targetLocation: ' ' }, 'targetLocation'],
      [{ promotionType: 'popup' }, 'promotionType'],
    ];
    for (const [overrides, path] of cases) {
      const res = await biz.client.post('/api/promotions', validPromotion(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });

  it('is for business accounts with a business profile only', async () => {
    await expectBusinessProfileGate(t, (client) => client.post('/api/promotions', validPromotion()));
  });
});

describe('GET /api/promotions/business/:businessProfileId', () => {
  it('lists the owner’s promotions and refuses anyone else', async () => {
    const biz = await createBusiness(t);
    await biz.client.post('/api/promotions', validPromotion({ title: 'One' }));
    await biz.client.post('/api/promotions', validPromotion({ title: 'Two' }));
    const res = await biz.client.get(`/api/promotions/business/${biz.businessId}`);
    expect(res.status).toBe(200);
    expect(res.body.map((p: { title: string }) => p.title).sort()).toEqual(['One', 'Two']);

    const other = await createBusiness(t);
    expect((await other.client.get(`/api/promotions/business/${biz.businessId}`)).status).toBe(403);
    expect((await (await createProStaff(t)).client.get(`/api/promotions/business/${biz.businessId}`)).status).toBe(403);
    expect((await new TestClient(t.app).get(`/api/promotions/business/${biz.businessId}`)).status).toBe(401);
    expect((await biz.client.get('/api/promotions/business/abc')).status).toBe(400);
  });
});

describe('PATCH and DELETE /api/promotions/:id', () => {
  it('edits, pauses and resumes for the owner, checking rules on the merged result', async () => {
    const biz = await createBusiness(t);
    const promo = (await biz.client.post('/api/promotions', validPromotion())).body;
    const edited = await biz.client.patch(`/api/promotions/${promo.id}`, { title: 'Edited', budget: '50.00', dailyBudget: '6.00' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Edited', budget: '50.00', dailyBudget: '6.00' });

    const paused = await biz.client.patch(`/api/promotions/${promo.id}`, { isActive: false });
    expect(paused.body).toMatchObject({ isActive: false, deliveryStatus: 'paused' });
    const resumed = await biz.client.patch(`/api/promotions/${promo.id}`, { isActive: true });
    expect(resumed.body).toMatchObject({ isActive: true, deliveryStatus: 'delivering' });

    expect((await biz.client.patch(`/api/promotions/${promo.id}`, { endDate: dayOffset(-5) })).status).toBe(400);
    expect((await biz.client.patch(`/api/promotions/${promo.id}`, { dailyBudget: '60.00' })).status).toBe(400);
    expect((await biz.client.patch(`/api/promotions/${promo.id}`, { isActive: 'yes' })).status).toBe(400);
    expect((await biz.client.patch(`/api/promotions/${promo.id}`, { targetAudience: 'location_based' })).status).toBe(400);
  });

  it('will not lower the budget below what was already spent', async () => {
    const biz = await createBusiness(t);
    const promo = (await biz.client.post('/api/promotions', validPromotion())).body;
    const pro = await createProStaff(t);
    await pro.client.post(`/api/promotions/${promo.id}/click`);
    await pro.client.post(`/api/promotions/${promo.id}/click`);
    const other = await createProStaff(t);
    await other.client.post(`/api/promotions/${promo.id}/click`);
    const res = await biz.client.patch(`/api/promotions/${promo.id}`, { budget: '3.00', costPerClick: '1.00' });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toBe('budget');
  });

  it('refuses other businesses, unknown ids, pro staff and anonymous callers; deletes for the owner', async () => {
    const biz = await createBusiness(t);
    const promo = (await biz.client.post('/api/promotions', validPromotion())).body;
    const other = await createBusiness(t);
    expect((await other.client.patch(`/api/promotions/${promo.id}`, { title: 'x' })).status).toBe(403);
    expect((await other.client.delete(`/api/promotions/${promo.id}`)).status).toBe(403);
    expect((await other.client.get(`/api/promotions/${promo.id}/analytics`)).status).toBe(403);
    expect((await biz.client.patch('/api/promotions/999999', { title: 'x' })).status).toBe(404);
    expect((await biz.client.delete('/api/promotions/999999')).status).toBe(404);
    const pro = await createProStaff(t);
    expect((await pro.client.delete(`/api/promotions/${promo.id}`)).status).toBe(403);
    expect((await new TestClient(t.app).delete(`/api/promotions/${promo.id}`)).status).toBe(401);
    expect((await biz.client.delete(`/api/promotions/${promo.id}`)).status).toBe(204);
    expect((await biz.client.get(`/api/promotions/business/${biz.businessId}`)).body).toEqual([]);
  });
});

describe('delivery to pro staff', () => {
  it('shows matching promotions by audience and records impressions once per viewer per day', async () => {
    const biz = await createBusiness(t, { companyName: 'Gobbler Ridge' });
    const all = (await biz.client.post('/api/promotions', validPromotion({ title: 'All', costPerClick: '3.00' }))).body;
    const bow = (await biz.client.post('/api/promotions', validPromotion({ title: 'Bow', targetAudience: 'specific_specialties', targetSpecialties: ['Bow Hunting'] }))).body;
    const montana = (await biz.client.post('/api/promotions', validPromotion({ title: 'Montana', targetAudience: 'location_based', targetLocation: 'Montana' }))).body;
    await biz.client.post('/api/promotions', validPromotion({ title: 'Future', startDate: dayOffset(2), endDate: dayOffset(5) }));
    await biz.client.post('/api/promotions', validPromotion({ title: 'Past', startDate: dayOffset(-5), endDate: dayOffset(-1) }));
    const paused = (await biz.client.post('/api/promotions', validPromotion({ title: 'Paused' }))).body;
    await biz.client.patch(`/api/promotions/${paused.id}`, { isActive: false });

    const archer = await createProStaff(t, { specialties: ['bow hunting'], location: 'Missoula, MT' });
    const eligible = await archer.client.get('/api/promotions/eligible?placement=dashboard');
    expect(eligible.status).toBe(200);
    expect(eligible.body.map((p: { title: string }) => p.title)).toEqual(['All', 'Bow', 'Montana']);
    expect(eligible.body[0]).toEqual({
      id: all.id, title: 'All', description: expect.any(String), targetUrl: 'https://gobbler.example.com/sale', imageUrl: null,
      promotionType: 'banner', companyName: 'Gobbler Ridge',
    });
    expect((await archer.client.get('/api/promotions/eligible?placement=jobs')).body).toHaveLength(2);

    const duck = await createProStaff(t, { specialties: ['Duck Hunting'], location: 'Stuttgart, AR' });
    expect((await duck.client.get('/api/promotions/eligible')).body.map((p: { title: string }) => p.title)).toEqual(['All']);
    expect((await duck.client.post(`/api/promotions/${bow.id}/impression`)).status).toBe(404);
    expect((await duck.client.post(`/api/promotions/${montana.id}/click`)).status).toBe(404);

    expect((await archer.client.post(`/api/promotions/${all.id}/impression`)).body).toMatchObject({ recorded: true, charged: '0.00' });
    expect((await archer.client.post(`/api/promotions/${all.id}/impression`)).body).toMatchObject({ recorded: false });
    await duck.client.post(`/api/promotions/${all.id}/impression`);
    const listed = (await biz.client.get(`/api/promotions/business/${biz.businessId}`)).body.find((p: { id: number }) => p.id === all.id);
    expect(listed).toMatchObject({ totalImpressions: 2, totalClicks: 0, totalSpent: '0.00' });
  });

  it('shows a promotion aimed at several specialties to a pro staffer with any one of them', async () => {
    const biz = await createBusiness(t);
    const promo = (await biz.client.post('/api/promotions', validPromotion({ title: 'Bow or duck', targetAudience: 'specific_specialties', targetSpecialties: ['Bow Hunting', 'Waterfowl'] }))).body;
    const duck = await createProStaff(t, { specialties: ['waterfowl'] });
    expect((await duck.client.get('/api/promotions/eligible')).body.map((p: { title: string }) => p.title)).toEqual(['Bow or duck']);
    expect((await duck.client.post(`/api/promotions/${promo.id}/click`)).body).toMatchObject({ recorded: true, charged: '2.00' });
    const turkey = await createProStaff(t, { specialties: ['Turkey Hunting'] });
    expect((await turkey.client.get('/api/promotions/eligible')).body).toEqual([]);
  });

  it('is for pro staff with a profile only', async () => {
    const biz = await createBusiness(t);
    expect((await biz.client.get('/api/promotions/eligible')).status).toBe(403);
    expect((await (await signUp(t, 'pro_staff')).client.get('/api/promotions/eligible')).status).toBe(403);
    expect((await new TestClient(t.app).get('/api/promotions/eligible')).status).toBe(401);
    const pro = await createProStaff(t);
    expect((await pro.client.get('/api/promotions/eligible?placement=sidebar')).status).toBe(400);
  });

  it('charges the cost per click once per viewer per day and stops when the total budget is spent', async () => {
    const biz = await createBusiness(t);
    const promo = (await biz.client.post('/api/promotions', validPromotion({ budget: '5.00', costPerClick: '2.00' }))).body;
    const viewers = await Promise.all([createProStaff(t), createProStaff(t), createProStaff(t)]);

    const first = await viewers[0].client.post(`/api/promotions/${promo.id}/click`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ recorded: true, charged: '2.00', targetUrl: 'https://gobbler.example.com/sale' });
    expect((await viewers[0].client.post(`/api/promotions/${promo.id}/click`)).body).toMatchObject({ recorded: false, charged: '0.00' });
    expect((await viewers[1].client.post(`/api/promotions/${promo.id}/click`)).body).toMatchObject({ recorded: true, charged: '2.00' });

    // $1.00 left is less than one click: no more delivery and no more charges.
    const listed = (await biz.client.get(`/api/promotions/business/${biz.businessId}`)).body[0];
    expect(listed).toMatchObject({ totalClicks: 2, totalSpent: '4.00', deliveryStatus: 'budget_spent' });
    expect((await viewers[2].client.get('/api/promotions/eligible')).body).toEqual([]);
    expect((await viewers[2].client.post(`/api/promotions/${promo.id}/click`)).body).toMatchObject({ recorded: false, charged: '0.00' });
    expect((await viewers[2].client.post(`/api/promotions/${promo.id}/impression`)).body).toMatchObject({ recorded: false });
    const after = (await biz.client.get(`/api/promotions/business/${biz.businessId}`)).body[0];
    expect(after).toMatchObject({ totalClicks: 2, totalSpent: '4.00', totalImpressions: 0 });

    // Raising the budget resumes delivery.
    await biz.client.patch(`/api/promotions/${promo.id}`, { budget: '8.00' });
    expect((await viewers[2].client.get('/api/promotions/eligible')).body).toHaveLength(1);
  });

  it('never overspends under concurrent clicks', async () => {
    const biz = await createBusiness(t);
    const promo = (await biz.client.post('/api/promotions', validPromotion({ budget: '6.00', costPerClick: '2.00' }))).body;
    const viewers = await Promise.all(Array.from({ length: 6 }, () => createProStaff(t)));
    const results = await Promise.all(viewers.map((v) => v.client.post(`/api/promotions/${promo.id}/click`)));
    expect(results.filter((r) => r.body.recorded)).toHaveLength(3);
    const listed = (await biz.client.get(`/api/promotions/business/${biz.businessId}`)).body[0];
    expect(listed).toMatchObject({ totalClicks: 3, totalSpent: '6.00', deliveryStatus: 'budget_spent' });
  });

  it('stops for the day when the daily budget is spent and resumes the next day', async () => {
    const biz = await createBusiness(t);
    const promo = (await biz.client.post('/api/promotions', validPromotion({ budget: '100.00', dailyBudget: '5.00', costPerClick: '2.00' }))).body;
    const viewers = await Promise.all([createProStaff(t), createProStaff(t), createProStaff(t)]);
    expect((await viewers[0].client.post(`/api/promotions/${promo.id}/click`)).body.recorded).toBe(true);
    expect((await viewers[1].client.post(`/api/promotions/${promo.id}/click`)).body.recorded).toBe(true);
    expect((await viewers[2].client.get('/api/promotions/eligible')).body).toEqual([]);
    expect((await viewers[2].client.post(`/api/promotions/${promo.id}/click`)).body.recorded).toBe(false);
    let listed = (await biz.client.get(`/api/promotions/business/${biz.businessId}`)).body[0];
    expect(listed).toMatchObject({ totalSpent: '4.00', spentToday: '4.00', deliveryStatus: 'daily_budget_spent' });

    // Move today's spend to yesterday: the cap resets, the total stays.
    await t.database.query(`update promotion_daily_stats set day = day - 1; update promotion_views set day = day - 1`);
    listed = (await biz.client.get(`/api/promotions/business/${biz.businessId}`)).body[0];
    expect(listed).toMatchObject({ totalSpent: '4.00', spentToday: '0.00', deliveryStatus: 'delivering' });
    expect((await viewers[2].client.post(`/api/promotions/${promo.id}/click`)).body).toMatchObject({ recorded: true, charged: '2.00' });
    // Yesterday's dedupe rows are no longer needed and are dropped.
    const days = await t.database.query<{ day: string }>(`select distinct day::text as day from promotion_views`);
    expect(days.map((d) => d.day)).toEqual([dayOffset(0)]);
  });

  it('does not deliver or charge outside its dates or while paused', async () => {
    const biz = await createBusiness(t);
    const future = (await biz.client.post('/api/promotions', validPromotion({ startDate: dayOffset(1), endDate: dayOffset(3) }))).body;
    const pro = await createProStaff(t);
    expect((await pro.client.post(`/api/promotions/${future.id}/click`)).body.recorded).toBe(false);
    const listed = (await biz.client.get(`/api/promotions/business/${biz.businessId}`)).body[0];
    expect(listed).toMatchObject({ deliveryStatus: 'scheduled', totalSpent: '0.00' });
  });
});

describe('CTR and analytics', () => {
  it('reports CTR as clicks / impressions x 100 with two decimals and per-day stats', async () => {
    const biz = await createBusiness(t);
    const promo = (await biz.client.post('/api/promotions', validPromotion({ budget: '100.00', costPerClick: '1.50', startDate: dayOffset(-2) }))).body;
    const viewers = await Promise.all([createProStaff(t), createProStaff(t), createProStaff(t)]);
    for (const v of viewers) await v.client.post(`/api/promotions/${promo.id}/impression`);
    await viewers[0].client.post(`/api/promotions/${promo.id}/click`);

    const listed = (await biz.client.get(`/api/promotions/business/${biz.businessId}`)).body[0];
    expect(listed).toMatchObject({ totalImpressions: 3, totalClicks: 1, clickThroughRate: '33.33', totalSpent: '1.50' });

    const res = await biz.client.get(`/api/promotions/${promo.id}/analytics`);
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual({ impressions: 3, clicks: 1, spent: '1.50', clickThroughRate: '33.33' });
    expect(res.body.days.map((d: { day: string }) => d.day)).toEqual([dayOffset(-2), dayOffset(-1), dayOffset(0)]);
    expect(res.body.days[2]).toEqual({ day: dayOffset(0), impressions: 3, clicks: 1, spent: '1.50', spentCents: 150 });
    expect(res.body.days[0]).toMatchObject({ impressions: 0, clicks: 0, spent: '0.00' });
    expect((await new TestClient(t.app).get(`/api/promotions/${promo.id}/analytics`)).status).toBe(401);
  });

  it('reads 0.00 without impressions', async () => {
    const biz = await createBusiness(t);
    const promo = (await biz.client.post('/api/promotions', validPromotion())).body;
    expect(promo.clickThroughRate).toBe('0.00');
  });
});

describe('location matching', () => {
  it('matches state names, codes and city parts', () => {
    expect(locationMatches('Montana', 'Bozeman, MT')).toBe(true);
    expect(locationMatches('mt', 'Bozeman, Montana')).toBe(true);
    expect(locationMatches('Bozeman, MT', 'bozeman, mt')).toBe(true);
    expect(locationMatches('Helena, MT', 'Bozeman, MT')).toBe(false);
    expect(locationMatches('Wyoming', 'Bozeman, MT')).toBe(false);
    expect(locationMatches('MT', null)).toBe(false);
  });

  it('reads the parts of a location however they are spaced, and a target without parts matches nobody', () => {
    expect(locationMatches('New  York', 'Albany, NY')).toBe(true);
    expect(locationMatches('north   dakota', 'Fargo,  North Dakota')).toBe(true);
    expect(locationMatches('MT,', 'Bozeman, MT')).toBe(true);
    expect(locationMatches('Bozeman,, MT', 'Bozeman, MT')).toBe(true);
    expect(locationMatches(',', 'Bozeman, MT')).toBe(false);
    expect(locationMatches(' , ', 'Bozeman, MT')).toBe(false);
  });

  it('matches a specialties promotion when the viewer has any one of its specialties, in any case and spacing', () => {
    const promotion = { targetAudience: 'specific_specialties' as const, targetSpecialties: ['Bow Hunting', ' Waterfowl '], targetLocation: null };
    expect(audienceMatches(promotion, { specialties: ['waterfowl'], location: null })).toBe(true);
    expect(audienceMatches(promotion, { specialties: [' BOW HUNTING'], location: null })).toBe(true);
    expect(audienceMatches(promotion, { specialties: ['Turkey Hunting'], location: null })).toBe(false);
  });
});
