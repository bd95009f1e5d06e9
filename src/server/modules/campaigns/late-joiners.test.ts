import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, type SignedIn } from '@server/test/factories';

// A staffer who joins the roster while a campaign runs is told about it when they accept (late-joiners.ts).

const t = useTestApp();

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
type Business = SignedIn & { businessId: number };
type ProStaff = SignedIn & { proStaffId: number };

async function offer(biz: Business, pro: ProStaff): Promise<number> {
  const res = await biz.client.post('/api/agreements', { proStaffId: pro.proStaffId, startDate: dayOffset(0), endDate: dayOffset(365), commissionRateBps: 1000 });
  if (res.status !== 201) throw new Error(`offer: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

async function accept(pro: ProStaff, agreementId: number) {
  const res = await pro.client.post(`/api/agreements/${agreementId}/accept`, {});
  if (res.status !== 200) throw new Error(`accept: ${res.status} ${JSON.stringify(res.body)}`);
}

async function campaign(biz: Business, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await biz.client.post('/api/campaigns', { title: 'Late-season push', brief: 'Two posts a week.', opensOn: dayOffset(0), closesOn: dayOffset(20), audience: 'roster', memberIds: [], ...overrides });
  if (res.status !== 201) throw new Error(`campaign: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

async function campaignNotifications(pro: SignedIn) {
  const res = await pro.client.get('/api/notifications');
  return (res.body.notifications as { kind: string; title: string; link: string }[]).filter((row) => row.kind === 'campaign');
}

describe('joining the roster while a campaign is open', () => {
  it('tells the new staffer about each open roster campaign once, by mail too; not about scheduled, closed or selected ones', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise', companyName: 'Marsh Calls' });
    const early = await createProStaff(t, { firstName: 'Early' });
    await accept(early, await offer(biz, early));
    const open = await campaign(biz);
    const selected = await campaign(biz, { title: 'Only for Early', audience: 'selected', memberIds: [early.proStaffId] });
    await campaign(biz, { title: 'Next month', opensOn: dayOffset(10), closesOn: dayOffset(40) });
    const closed = await campaign(biz, { title: 'Closed early' });
    expect((await biz.client.post(`/api/campaigns/${closed}/close`, {})).status).toBe(200);

    const late = await createProStaff(t, { firstName: 'Late' });
    const agreementId = await offer(biz, late);
    expect(await campaignNotifications(late)).toEqual([]);
    await accept(late, agreementId);
    expect(await campaignNotifications(late)).toEqual([
      expect.objectContaining({ title: 'Marsh Calls has an open campaign: Late-season push', link: `/campaigns/${open}` }),
    ]);
    expect((await late.client.get(`/api/campaigns/${selected}`)).status).toBe(404);
    await t.app.ctx.tasks.drain();
    expect(t.mailer.sent.filter((mail) => mail.to === late.user.email && mail.subject === 'Marsh Calls has an open campaign: Late-season push')).toHaveLength(1);
    // The staffer who was there on the opening day got the opening announcement and nothing more.
    expect((await campaignNotifications(early)).map((row) => row.link).sort()).toEqual([`/campaigns/${open}`, `/campaigns/${selected}`, `/campaigns/${closed}`].sort());
  });

  it('a staffer told before (on the roster on the opening day) is not told again when accepting a change or a new agreement', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const pro = await createProStaff(t);
    const first = await offer(biz, pro);
    await accept(pro, first);
    const open = await campaign(biz);
    expect(await campaignNotifications(pro)).toHaveLength(1);
    expect((await biz.client.post(`/api/agreements/${first}/end`, { reason: 'Paused' })).status).toBe(200);
    await accept(pro, await offer(biz, pro));
    expect((await pro.client.get(`/api/campaigns/${open}`)).status).toBe(200);
    expect(await campaignNotifications(pro)).toHaveLength(1);
  });
});
