import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff } from '@server/test/factories';

// The edges of the delivery, budget, editing and analytics rules (record 018: what mutation testing showed untested).
const t = useTestApp();

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const validPromotion = (overrides: Record<string, unknown> = {}) => ({
  title: 'Elk calls',
  description: 'Bugles and cow calls for the rut.',
  targetUrl: 'https://bugle.example.com/rut',
  promotionType: 'banner',
  targetAudience: 'all_pro_staff',
  budget: '10.00',
  costPerClick: '2.00',
  startDate: dayOffset(-1),
  endDate: dayOffset(7),
  ...overrides,
});

async function listed(biz: Awaited<ReturnType<typeof createBusiness>>, id: number) {
  return (await biz.client.get(`/api/promotions/business/${biz.businessId}`)).body.find((p: { id: number }) => p.id === id);
}

describe('promotion budgets at their edges', () => {
  it('keeps delivering while the total budget covers exactly one more click', async () => {
    const biz = await createBusiness(t);
    const promo = (await biz.client.post('/api/promotions', validPromotion({ budget: '4.00' }))).body;
    const [a, b, c] = await Promise.all([createProStaff(t), createProStaff(t), createProStaff(t)]);
    expect((await a.client.post(`/api/promotions/${promo.id}/click`)).body).toMatchObject({ recorded: true, charged: '2.00' });
    expect(await listed(biz, promo.id)).toMatchObject({ totalSpent: '2.00', deliveryStatus: 'delivering' });
    expect((await b.client.post(`/api/promotions/${promo.id}/click`)).body).toMatchObject({ recorded: true, charged: '2.00' });
    expect(await listed(biz, promo.id)).toMatchObject({ totalSpent: '4.00', deliveryStatus: 'budget_spent' });
    expect((await c.client.post(`/api/promotions/${promo.id}/click`)).body).toMatchObject({ recorded: false, charged: '0.00' });
  });

  it('keeps delivering today while the daily budget covers exactly one more click', async () => {
    const biz = await createBusiness(t);
    const promo = (await biz.client.post('/api/promotions', validPromotion({ budget: '100.00', dailyBudget: '4.00' }))).body;
    const [a, b, c] = await Promise.all([createProStaff(t), createProStaff(t), createProStaff(t)]);
    expect((await a.client.post(`/api/promotions/${promo.id}/click`)).body.recorded).toBe(true);
    expect(await listed(biz, promo.id)).toMatchObject({ spentToday: '2.00', dailyBudget: '4.00', deliveryStatus: 'delivering' });
    expect((await b.client.post(`/api/promotions/${promo.id}/click`)).body.recorded).toBe(true);
    expect(await listed(biz, promo.id)).toMatchObject({ spentToday: '4.00', deliveryStatus: 'daily_budget_spent' });
    expect((await c.client.post(`/api/promotions/${promo.id}/click`)).body.recorded).toBe(false);
  });

  it('lets the budget be lowered to exactly what was spent, which ends delivery', async () => {
    const biz = await createBusiness(t);
    const promo = (await biz.client.post('/api/promotions', validPromotion())).body;
    const [a, b] = await Promise.all([createProStaff(t), createProStaff(t)]);
    await a.client.post(`/api/promotions/${promo.id}/click`);
    await b.client.post(`/api/promotions/${promo.id}/click`);
    const res = await biz.client.patch(`/api/promotions/${promo.id}`, { budget: '4.00' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ budget: '4.00', totalSpent: '4.00', deliveryStatus: 'budget_spent' });
    const under = await biz.client.patch(`/api/promotions/${promo.id}`, { budget: '3.99', costPerClick: '1.00' });
    expect(under.status).toBe(400);
    expect(under.body.error.details).toEqual([{ path: 'budget', message: expect.stringContaining('4.00 already spent') }]);
  });
});

describe('promotion dates at their edges', () => {
  it('delivers on its first and on its last day, and counts an impression there', async () => {
    const biz = await createBusiness(t);
    const starting = (await biz.client.post('/api/promotions', validPromotion({ title: 'Starts today', startDate: dayOffset(0), endDate: dayOffset(1) }))).body;
    const ending = (await biz.client.post('/api/promotions', validPromotion({ title: 'Ends today', startDate: dayOffset(-3), endDate: dayOffset(0) }))).body;
    expect(starting.deliveryStatus).toBe('delivering');
    expect(ending.deliveryStatus).toBe('delivering');
    const pro = await createProStaff(t);
    expect((await pro.client.get('/api/promotions/eligible')).body.map((p: { title: string }) => p.title).sort()).toEqual(['Ends today', 'Starts today']);
    expect((await pro.client.post(`/api/promotions/${ending.id}/impression`)).body).toEqual({ recorded: true, charged: '0.00', targetUrl: 'https://bugle.example.com/rut' });
    expect(await listed(biz, ending.id)).toMatchObject({ totalImpressions: 1, totalClicks: 0, totalSpent: '0.00' });
  });

  it('reports an ended promotion as ended and does not charge its clicks', async () => {
    const biz = await createBusiness(t);
    const promo = (await biz.client.post('/api/promotions', validPromotion())).body;
    await t.database.query(`update promotions set start_date = '${dayOffset(-5)}', end_date = '${dayOffset(-1)}' where id = ${promo.id}`);
    expect(await listed(biz, promo.id)).toMatchObject({ deliveryStatus: 'ended' });
    const pro = await createProStaff(t);
    expect((await pro.client.post(`/api/promotions/${promo.id}/click`)).body).toMatchObject({ recorded: false, charged: '0.00' });
  });
});

describe('promotion analytics days', () => {
  const daysOf = async (biz: Awaited<ReturnType<typeof createBusiness>>, id: number) =>
    ((await biz.client.get(`/api/promotions/${id}/analytics`)).body.days as { day: string }[]).map((d) => d.day);

  it('runs from the start date to the end date once the promotion has ended', async () => {
    const biz = await createBusiness(t);
    const promo = (await biz.client.post('/api/promotions', validPromotion())).body;
    await t.database.query(`update promotions set start_date = '${dayOffset(-4)}', end_date = '${dayOffset(-2)}' where id = ${promo.id}`);
    expect(await daysOf(biz, promo.id)).toEqual([dayOffset(-4), dayOffset(-3), dayOffset(-2)]);
  });

  it('has today only on the first day and no days before the start', async () => {
    const biz = await createBusiness(t);
    const today = (await biz.client.post('/api/promotions', validPromotion({ startDate: dayOffset(0) }))).body;
    const future = (await biz.client.post('/api/promotions', validPromotion({ startDate: dayOffset(1) }))).body;
    expect(await daysOf(biz, today.id)).toEqual([dayOffset(0)]);
    const res = await biz.client.get(`/api/promotions/${future.id}/analytics`);
    expect(res.body).toEqual({ promotionId: future.id, totals: { impressions: 0, clicks: 0, spent: '0.00', clickThroughRate: '0.00' }, days: [] });
  });

  it('shows at most the last 366 days of a long promotion', async () => {
    const biz = await createBusiness(t);
    const promo = (await biz.client.post('/api/promotions', validPromotion({ endDate: dayOffset(30) }))).body;
    await t.database.query(`update promotions set start_date = '${dayOffset(-400)}' where id = ${promo.id}`);
    const days = await daysOf(biz, promo.id);
    expect(days).toHaveLength(366);
    expect(days[0]).toBe(dayOffset(-365));
    expect(days[365]).toBe(dayOffset(0));
  });
});

describe('editing a promotion merges with what is stored', () => {
  it('keeps every field the edit does not name', async () => {
    const biz = await createBusiness(t);
    const created = (
      await biz.client.post('/api/promotions', validPromotion({
        imageUrl: 'https://bugle.example.com/elk.png', promotionType: 'spotlight', targetAudience: 'location_based', targetLocation: 'Montana',
        dailyBudget: '4.00', costPerClick: '1.50',
      }))
    ).body;
    const edited = await biz.client.patch(`/api/promotions/${created.id}`, { description: 'New season stock.' });
    expect(edited.status).toBe(200);
    const { description, updatedAt, ...rest } = edited.body;
    const { description: before, updatedAt: beforeAt, ...restBefore } = created;
    expect(description).toBe('New season stock.');
    expect(before).not.toBe(description);
    expect(new Date(updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(beforeAt).getTime());
    expect(rest).toEqual(restBefore);
  });

  it('clears the links, the daily budget and the location when they are sent as null, and sets each field sent', async () => {
    const biz = await createBusiness(t);
    const created = (
      await biz.client.post('/api/promotions', validPromotion({ imageUrl: 'https://bugle.example.com/elk.png', dailyBudget: '4.00', targetAudience: 'location_based', targetLocation: 'MT' }))
    ).body;
    const cleared = await biz.client.patch(`/api/promotions/${created.id}`, { targetUrl: null, imageUrl: null, dailyBudget: null, targetAudience: 'all_pro_staff' });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ targetUrl: null, imageUrl: null, dailyBudget: null, targetAudience: 'all_pro_staff', targetLocation: null });

    const set = await biz.client.patch(`/api/promotions/${created.id}`, {
      title: 'Elk calls, new', targetUrl: 'https://bugle.example.com/new', imageUrl: 'https://bugle.example.com/new.png', promotionType: 'featured_listing',
      targetAudience: 'specific_specialties', targetSpecialties: ['Big Game'], budget: '20.00', dailyBudget: '6.00', costPerClick: '3.00',
      startDate: dayOffset(0), endDate: dayOffset(9),
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      title: 'Elk calls, new', targetUrl: 'https://bugle.example.com/new', imageUrl: 'https://bugle.example.com/new.png', promotionType: 'featured_listing',
      targetAudience: 'specific_specialties', targetSpecialties: ['Big Game'], targetLocation: null, budget: '20.00', dailyBudget: '6.00', costPerClick: '3.00',
      startDate: dayOffset(0), endDate: dayOffset(9), isActive: true, deliveryStatus: 'delivering',
    });
    const location = await biz.client.patch(`/api/promotions/${created.id}`, { targetAudience: 'location_based', targetLocation: 'Bozeman, MT' });
    expect(location.body).toMatchObject({ targetAudience: 'location_based', targetSpecialties: [], targetLocation: 'Bozeman, MT' });
  });
});
