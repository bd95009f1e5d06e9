import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, createRosteredProStaff } from '@server/test/factories';
import { boothForm, createBooth } from '@server/test/booth-setup';

const t = useTestApp();

describe('event booths: create, read, change, delete', () => {
  it('creates a booth with its windows in UTC, the zone kept, and the rostered staff with their hours', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    const ana = await createRosteredProStaff(t, biz, { firstName: 'Ana' });
    const booth = await createBooth(biz, {
      days: [{ date: '2027-01-15', windows: [{ from: '09:00', to: '12:00' }, { from: '13:00', to: '24:00' }] }, { date: '2027-07-04', windows: [{ from: '10:00', to: '16:00' }] }],
      staff: [{ proStaffId: ana.proStaffId, hoursWorked: 7.5 }], splitRule: 'by_hours', deviceIds: ['pos-ipad-2'],
    });
    expect(booth).toMatchObject({
      name: 'Denver Sportsman Expo', timeZone: 'America/Denver', locationIds: ['655441491'], deviceIds: ['pos-ipad-2'], splitRule: 'by_hours', commissionRateBps: 1000, platformId: null,
      // Winter is UTC-7, summer (DST) UTC-6; 24:00 closes at the next midnight.
      windows: [
        { startsAt: '2027-01-15T16:00:00.000Z', endsAt: '2027-01-15T19:00:00.000Z' },
        { startsAt: '2027-01-15T20:00:00.000Z', endsAt: '2027-01-16T07:00:00.000Z' },
        { startsAt: '2027-07-04T16:00:00.000Z', endsAt: '2027-07-04T22:00:00.000Z' },
      ],
      days: [{ date: '2027-01-15', windows: [{ from: '09:00', to: '12:00' }, { from: '13:00', to: '24:00' }] }, { date: '2027-07-04', windows: [{ from: '10:00', to: '16:00' }] }],
      staff: [{ proStaffId: ana.proStaffId, name: 'Ana Hunter', hoursWorked: 7.5 }],
    });
    const list = await biz.client.get('/api/booth-events');
    expect(list.status).toBe(200);
    expect(list.body.map((e: { id: number }) => e.id)).toEqual([booth.id]);

    const changed = await biz.client.put(`/api/booth-events/${booth.id}`, boothForm({ name: 'Denver Expo 2027', staff: [] }));
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Denver Expo 2027', staff: [], windows: [{ startsAt: '2027-01-15T16:00:00.000Z' }] });
    expect((await biz.client.get(`/api/booth-events/${booth.id}`)).body.name).toBe('Denver Expo 2027');
    expect((await biz.client.delete(`/api/booth-events/${booth.id}`)).status).toBe(204);
    expect((await biz.client.get(`/api/booth-events/${booth.id}`)).status).toBe(404);
  });

  it('refuses windows closing before they open, year 9999, unknown zones, overlapping windows, no location and nasty values', async () => {
    const biz = await createBusiness(t);
    const bad: Record<string, unknown>[] = [
      { days: [{ date: '2027-01-15', windows: [{ from: '17:00', to: '09:00' }] }] },
      { days: [{ date: '2027-01-15', windows: [{ from: '09:00', to: '09:00' }] }] },
      { days: [{ date: '9999-01-15', windows: [{ from: '09:00', to: '17:00' }] }] },
      { days: [{ date: '2027-01-15', windows: [{ from: '09:00', to: '13:00' }, { from: '12:00', to: '17:00' }] }] },
      { days: [{ date: '2027-01-15', windows: [{ from: '09:00', to: '25:00' }] }] },
      { days: [] },
      { timeZone: 'Mars/Olympus_Mons' },
      { timeZone: 'America/Denver\u0000' },
      { locationIds: [] },
      { locationIds: ['loc\u0000'] },
      { name: 'Expo\u0000 show' },
      { place: 'Hall\u0000B' },
      { locationIds: [true] },
      { days: [{ date: '2027-01-15', windows: [{ from: '09:00', to: '17:00' }] }, { date: '2027-01-15', windows: [{ from: '18:00', to: '19:00' }] }] },
      { commissionRateBps: 1e20 },
      { commissionRateBps: 10.5 },
      { platformId: true },
      { platformId: 99999999999 },
      { splitRule: 'everyone' },
      { staff: [{ proStaffId: true }] },
      { staff: [{ proStaffId: 1, hoursWorked: -2 }] },
    ];
    for (const body of bad) {
      const res = await biz.client.post('/api/booth-events', { ...boothForm(), ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await biz.client.get('/api/booth-events')).body).toEqual([]);
  });

  it('only rosters pro staff with an active agreement, and only the business’s own store', async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t, { tier: 'professional' });
    const outsider = await createProStaff(t, { firstName: 'Otto' });
    const off = await biz.client.post('/api/booth-events', boothForm({ staff: [{ proStaffId: outsider.proStaffId, hoursWorked: 1 }] }));
    expect(off.status).toBe(400);
    expect(off.body.error.details[0].path).toBe('staff.0.proStaffId');
    const store = await other.client.post('/api/integration-platforms', { name: 'Their store', platformType: 'shopify' });
    expect(store.status).toBe(201);
    const theirs = await biz.client.post('/api/booth-events', boothForm({ platformId: store.body.id }));
    expect(theirs.status).toBe(400);
    expect(theirs.body.error.details[0].path).toBe('platformId');
  });

  it('answers 401 signed out, 403 to pro staff and 404 for another business’s booth', async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t);
    const pro = await createProStaff(t);
    const booth = await createBooth(biz);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/booth-events' });
    expect(anonymous.statusCode).toBe(401);
    expect((await pro.client.get('/api/booth-events')).status).toBe(403);
    expect((await pro.client.post('/api/booth-events', boothForm())).status).toBe(403);
    for (const res of [
      await other.client.get(`/api/booth-events/${booth.id}`),
      await other.client.put(`/api/booth-events/${booth.id}`, boothForm()),
      await other.client.delete(`/api/booth-events/${booth.id}`),
      await other.client.get(`/api/booth-events/${booth.id}/report`),
      await other.client.get(`/api/booth-events/${booth.id}/report.csv`),
    ]) expect(res.status).toBe(404);
    expect((await biz.client.get('/api/booth-events/true')).status).toBe(400);
    expect((await biz.client.get('/api/booth-events/99999999999')).status).toBe(400);
    expect((await biz.client.get(`/api/booth-events/${booth.id}`)).status).toBe(200);
  });

  it('an event-day task of a campaign can link to the business’s own booth, not another business’s', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    const other = await createBusiness(t);
    const booth = await createBooth(biz);
    const theirs = await createBooth(other);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const campaign = await biz.client.post('/api/campaigns', { title: 'Expo push', brief: 'Work the booth.', opensOn: day(0), closesOn: day(30), audience: 'roster', memberIds: [] });
    expect(campaign.status).toBe(201);
    const task = (boothEventId: unknown) => ({ kind: 'event_day', title: 'Work the expo booth', place: 'Hall B', eventOn: day(5), startsAt: '09:00', endsAt: '17:00', rewardAmount: '', rewardCurrency: 'USD', boothEventId });
    const linked = await biz.client.post(`/api/campaigns/${campaign.body.id}/tasks`, task(booth.id));
    expect(linked.status).toBe(201);
    expect(linked.body.tasks[0]).toMatchObject({ kind: 'event_day', boothEventId: booth.id });
    const foreign = await biz.client.post(`/api/campaigns/${campaign.body.id}/tasks`, task(theirs.id));
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details[0].path).toBe('boothEventId');
    expect((await biz.client.post(`/api/campaigns/${campaign.body.id}/tasks`, task(true))).status).toBe(400);
  });
});
