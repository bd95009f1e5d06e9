import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, type SignedIn, createRosteredProStaff } from '@server/test/factories';
import { multipart, PDF, PNG } from '@server/test/authorization-fixtures';
import type { TestClient } from '@server/test/test-app';
import { CAMPAIGN_ASSET_MAX_BYTES } from '@shared/contracts/campaigns';
import { announceOpenedCampaigns } from './service';

// Campaigns (issue 23 item 1, decision record 031): the rules, the audience, the opening notification and the
// content library's permissions.

const t = useTestApp();

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
type Business = SignedIn & { businessId: number };
type ProStaff = SignedIn & { proStaffId: number };

const fields = (overrides: Record<string, unknown> = {}) => ({
  title: 'Spring turkey push',
  brief: 'Post two field photos with the new decoys.',
  opensOn: dayOffset(0),
  closesOn: dayOffset(30),
  audience: 'roster',
  memberIds: [],
  ...overrides,
});

/** A staffer accepted onto the business's roster (a live agreement). */
const rostered = (biz: Business, firstName = 'Pat'): Promise<ProStaff> => createRosteredProStaff(t, biz, { firstName });

async function created(biz: Business, overrides: Record<string, unknown> = {}) {
  const res = await biz.client.post('/api/campaigns', fields(overrides));
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; status: string };
}

async function upload(client: TestClient, campaignId: number, name: string, data: Buffer, text: Record<string, string> = { name: 'Logo pack', usageNotes: 'Keep the margins.' }) {
  const { payload, headers } = multipart(name, data, text);
  const res = await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaignId}/assets/file`, payload, headers: { ...headers, ...(client.cookie ? { cookie: client.cookie } : {}) } });
  return { status: res.statusCode, body: res.json() };
}

async function campaignNotifications(pro: SignedIn) {
  const res = await pro.client.get('/api/notifications');
  return (res.body.notifications as { kind: string; title: string; link: string }[]).filter((row) => row.kind === 'campaign');
}

const setOpensOn = (id: number, day: string) => t.database.query(`update campaigns set opens_on = '${day}' where id = ${id}`);

describe('creating and editing campaigns', () => {
  it('creates a campaign opening today as open, one opening later as scheduled; lists them with status', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise', companyName: 'Ridge Calls' });
    const open = await created(biz);
    expect(open).toMatchObject({ status: 'open', title: 'Spring turkey push', businessName: 'Ridge Calls', audience: 'roster', assets: [] });
    const later = await created(biz, { opensOn: dayOffset(5), closesOn: dayOffset(10), title: 'Elk season' });
    expect(later.status).toBe('scheduled');
    const list = await biz.client.get('/api/campaigns');
    expect(list.body.map((row: { title: string; status: string }) => [row.title, row.status])).toEqual([['Elk season', 'scheduled'], ['Spring turkey push', 'open']]);
  });

  it('refuses invalid fields: close not after open, an opening date in the past, missing title, selected with nobody', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const sameDay = await biz.client.post('/api/campaigns', fields({ closesOn: dayOffset(0) }));
    expect(sameDay.status).toBe(400);
    expect(sameDay.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'closesOn' })]));
    const past = await biz.client.post('/api/campaigns', fields({ opensOn: dayOffset(-1) }));
    expect(past.status).toBe(400);
    expect(past.body.error.details[0].path).toBe('opensOn');
    expect((await biz.client.post('/api/campaigns', fields({ title: '' }))).status).toBe(400);
    const nobody = await biz.client.post('/api/campaigns', fields({ audience: 'selected', memberIds: [] }));
    expect(nobody.status).toBe(400);
    expect(nobody.body.error.details[0].path).toBe('memberIds');
  });

  it('Free plan: one open or scheduled campaign; a closed one no longer counts', async () => {
    const biz = await createBusiness(t);
    expect((await biz.client.get('/api/plan-usage')).body.limits.activeCampaigns).toEqual({ limit: 1, used: 0, reached: false, message: 'Your Free plan allows 1 open or scheduled campaign.' });
    const first = await created(biz);
    expect((await biz.client.get('/api/plan-usage')).body.limits.activeCampaigns).toMatchObject({ used: 1, reached: true });
    const second = await biz.client.post('/api/campaigns', fields({ opensOn: dayOffset(3) }));
    expect(second.status).toBe(402);
    expect(second.body.error.code).toBe('PLAN_LIMIT');
    expect(second.body.error.message).toBe('Your Free plan allows 1 open or scheduled campaign.');
    expect((await biz.client.post(`/api/campaigns/${first.id}/close`)).status).toBe(200);
    expect((await biz.client.post('/api/campaigns', fields({ opensOn: dayOffset(3) }))).status).toBe(201);
  });

  it('edits and deletes only before opening; closes early only once open', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const scheduled = await created(biz, { opensOn: dayOffset(2) });
    const edited = await biz.client.put(`/api/campaigns/${scheduled.id}`, fields({ opensOn: dayOffset(3), closesOn: dayOffset(9), title: 'Renamed', brief: 'New brief' }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Renamed', brief: 'New brief', opensOn: dayOffset(3), closesOn: dayOffset(9), status: 'scheduled' });
    expect((await biz.client.post(`/api/campaigns/${scheduled.id}/close`)).status).toBe(409);

    const open = await created(biz);
    expect((await biz.client.put(`/api/campaigns/${open.id}`, fields({ title: 'Too late' }))).status).toBe(409);
    expect((await biz.client.delete(`/api/campaigns/${open.id}`)).status).toBe(409);
    const closed = await biz.client.post(`/api/campaigns/${open.id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', closesOn: dayOffset(0) });
    expect((await biz.client.post(`/api/campaigns/${open.id}/close`)).status).toBe(409);

    expect((await biz.client.delete(`/api/campaigns/${scheduled.id}`)).status).toBe(204);
    expect((await biz.client.get(`/api/campaigns/${scheduled.id}`)).status).toBe(404);
  });

  it('another business cannot read, edit, close or delete it (404)', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const other = await createBusiness(t, { tier: 'enterprise' });
    const campaign = await created(biz, { opensOn: dayOffset(2) });
    expect((await other.client.get(`/api/campaigns/${campaign.id}`)).status).toBe(404);
    expect((await other.client.put(`/api/campaigns/${campaign.id}`, fields({ opensOn: dayOffset(3) }))).status).toBe(404);
    expect((await other.client.delete(`/api/campaigns/${campaign.id}`)).status).toBe(404);
    expect((await other.client.get('/api/campaigns')).body).toEqual([]);
  });

  it('an unconfirmed email cannot create a campaign', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise', verified: false });
    const res = await biz.client.post('/api/campaigns', fields());
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('EMAIL_NOT_VERIFIED');
  });
});

describe('the audience', () => {
  it('roster: every staffer with a live agreement sees an open campaign; a staffer off the roster does not', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const onRoster = await rostered(biz, 'Ana');
    const outsider = await createProStaff(t, { firstName: 'Otto' });
    const campaign = await created(biz);
    expect((await onRoster.client.get('/api/campaigns')).body.map((row: { id: number }) => row.id)).toEqual([campaign.id]);
    const seen = await onRoster.client.get(`/api/campaigns/${campaign.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.members).toEqual([]);
    expect((await outsider.client.get('/api/campaigns')).body).toEqual([]);
    expect((await outsider.client.get(`/api/campaigns/${campaign.id}`)).status).toBe(404);
  });

  it('selected: only the chosen rostered staffers; a staffer not on the roster is refused as a member', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const chosen = await rostered(biz, 'Ana');
    const notChosen = await rostered(biz, 'Ben');
    const outsider = await createProStaff(t, { firstName: 'Otto' });
    const refused = await biz.client.post('/api/campaigns', fields({ audience: 'selected', memberIds: [chosen.proStaffId, outsider.proStaffId] }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].path).toBe('memberIds');

    const campaign = await created(biz, { audience: 'selected', memberIds: [chosen.proStaffId] });
    expect((await biz.client.get(`/api/campaigns/${campaign.id}`)).body.members).toEqual([{ proStaffId: chosen.proStaffId, name: 'Ana Hunter' }]);
    expect((await chosen.client.get(`/api/campaigns/${campaign.id}`)).status).toBe(200);
    expect((await notChosen.client.get(`/api/campaigns/${campaign.id}`)).status).toBe(404);
    expect((await notChosen.client.get('/api/campaigns')).body).toEqual([]);
    expect((await outsider.client.get(`/api/campaigns/${campaign.id}`)).status).toBe(404);
  });

  it('a scheduled campaign is invisible to its audience until it opens', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const pro = await rostered(biz);
    const campaign = await created(biz, { opensOn: dayOffset(2) });
    expect((await pro.client.get('/api/campaigns')).body).toEqual([]);
    expect((await pro.client.get(`/api/campaigns/${campaign.id}`)).status).toBe(404);
    await setOpensOn(campaign.id, dayOffset(0));
    expect((await pro.client.get('/api/campaigns')).body.map((row: { id: number; status: string }) => [row.id, row.status])).toEqual([[campaign.id, 'open']]);
  });

  it('a staffer whose agreement ended leaves the audience', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const pro = await rostered(biz);
    const campaign = await created(biz);
    const [agreement] = (await biz.client.get('/api/agreements')).body as { id: number }[];
    expect((await biz.client.post(`/api/agreements/${agreement.id}/end`, { reason: 'Season over for us' })).status).toBe(200);
    expect((await pro.client.get(`/api/campaigns/${campaign.id}`)).status).toBe(404);
  });

  it('a staffer whose agreement ran past its end date leaves the audience that day, before any expiry sweep', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const pro = await rostered(biz);
    const campaign = await created(biz);
    expect((await pro.client.get(`/api/campaigns/${campaign.id}`)).status).toBe(200);
    // Still 'active' in its row: an agreement ends with its end date (record 028), whatever the sweep has done.
    await t.database.query(`update agreements set start_date = '${dayOffset(-30)}', end_date = '${dayOffset(-1)}' where pro_staff_id = ${pro.proStaffId}`);
    expect((await pro.client.get(`/api/campaigns/${campaign.id}`)).status).toBe(404);
    expect((await pro.client.get('/api/campaigns')).body).toEqual([]);
  });
});

describe('the opening notification', () => {
  it('a campaign opening today notifies its audience at once (kind campaign, by mail too), once', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise', companyName: 'Ridge Calls' });
    const pro = await rostered(biz);
    const outsider = await createProStaff(t);
    const campaign = await created(biz);
    expect(await campaignNotifications(pro)).toEqual([expect.objectContaining({ title: 'Ridge Calls opened a campaign: Spring turkey push', link: `/campaigns/${campaign.id}` })]);
    expect(await campaignNotifications(outsider)).toEqual([]);
    await t.app.ctx.tasks.drain();
    expect(t.mailer.sent.filter((mail) => mail.to === pro.user.email && mail.subject.startsWith('Ridge Calls opened a campaign'))).toHaveLength(1);
    expect(await announceOpenedCampaigns(t.app.ctx)).toEqual({ announced: 0 });
    expect(await campaignNotifications(pro)).toHaveLength(1);
  });

  it('an edit that moves the opening to today announces it then; selecting a staffer off the roster is refused on edit too', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const pro = await rostered(biz);
    const outsider = await createProStaff(t);
    const campaign = await created(biz, { opensOn: dayOffset(4) });
    expect(await campaignNotifications(pro)).toEqual([]);
    const refused = await biz.client.put(`/api/campaigns/${campaign.id}`, fields({ audience: 'selected', memberIds: [outsider.proStaffId] }));
    expect(refused.status).toBe(400);
    const edited = await biz.client.put(`/api/campaigns/${campaign.id}`, fields({ audience: 'selected', memberIds: [pro.proStaffId] }));
    expect(edited.body.status).toBe('open');
    expect(await campaignNotifications(pro)).toHaveLength(1);
    expect(await campaignNotifications(outsider)).toEqual([]);
  });

  it('a scheduled campaign is announced by the scheduled task when it opens, once (idempotent)', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const pro = await rostered(biz);
    const campaign = await created(biz, { opensOn: dayOffset(1) });
    await t.app.ctx.tasks.enqueueScheduled(t.app.ctx.db, new Date());
    await t.app.ctx.tasks.drain();
    expect(await campaignNotifications(pro)).toEqual([]);

    await setOpensOn(campaign.id, dayOffset(0)); // the day comes
    await t.app.ctx.tasks.enqueueScheduled(t.app.ctx.db, new Date(Date.now() + 3_600_000));
    await t.app.ctx.tasks.drain();
    expect(await campaignNotifications(pro)).toHaveLength(1);
    const [row] = await t.database.query<{ announced_at: string | null }>(`select announced_at from campaigns where id = ${campaign.id}`);
    expect(row.announced_at).not.toBeNull();

    expect(await announceOpenedCampaigns(t.app.ctx)).toEqual({ announced: 0 });
    expect(await campaignNotifications(pro)).toHaveLength(1);
  });
});

describe('the content library', () => {
  it('adds a file and a link with usage notes, removes them; the file is deleted from storage', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const campaign = await created(biz, { opensOn: dayOffset(1) });
    const uploaded = await upload(biz.client, campaign.id, 'logo.png', PNG);
    expect(uploaded.status).toBe(201);
    const [file] = uploaded.body.assets;
    expect(file).toMatchObject({ kind: 'file', name: 'Logo pack', usageNotes: 'Keep the margins.', fileName: 'logo.png', fileType: 'image/png', url: `/api/campaigns/${campaign.id}/assets/${file.id}/file` });
    const link = await biz.client.post(`/api/campaigns/${campaign.id}/assets/link`, { name: 'Brand guide', url: 'https://example.com/brand', usageNotes: 'Colours and fonts.' });
    expect(link.status).toBe(201);
    expect(link.body.assets[1]).toMatchObject({ kind: 'link', url: 'https://example.com/brand', usageNotes: 'Colours and fonts.' });
    expect((await biz.client.post(`/api/campaigns/${campaign.id}/assets/link`, { name: 'Plain', url: 'http://example.com/' })).status).toBe(400);
    expect((await biz.client.post(`/api/campaigns/${campaign.id}/assets/link`, { name: 'Script', url: 'javascript:alert(1)' })).status).toBe(400);

    const keys = () => [...t.storage.files.keys()].filter((key) => key.startsWith('campaigns/'));
    expect(keys()).toHaveLength(1);
    const removed = await biz.client.delete(`/api/campaigns/${campaign.id}/assets/${file.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.assets.map((asset: { kind: string }) => asset.kind)).toEqual(['link']);
    expect(keys()).toEqual([]);
  });

  it('refuses files that are not a PDF or an image, empty or too large files, and stores nothing', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const campaign = await created(biz);
    const before = t.storage.files.size;
    const text = await upload(biz.client, campaign.id, 'notes.pdf', Buffer.from('just some text, not a PDF'));
    expect(text.status).toBe(415);
    const big = await upload(biz.client, campaign.id, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(CAMPAIGN_ASSET_MAX_BYTES)]));
    expect(big.status).toBe(413);
    const noName = await upload(biz.client, campaign.id, 'logo.pdf', PDF, { usageNotes: 'x' });
    expect(noName.status).toBe(400);
    expect(t.storage.files.size).toBe(before);
    expect((await biz.client.get(`/api/campaigns/${campaign.id}`)).body.assets).toEqual([]);
  });

  it('downloads: owner 200 always; audience 200 once open, 404 while scheduled; others 404; signed out 401', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const pro = await rostered(biz);
    const outsider = await createProStaff(t);
    const other = await createBusiness(t, { tier: 'enterprise' });
    const campaign = await created(biz, { opensOn: dayOffset(1) });
    const { body } = await upload(biz.client, campaign.id, 'brief.pdf', PDF);
    const url = body.assets[0].url as string;

    const owner = await t.app.inject({ method: 'GET', url, headers: { cookie: biz.client.cookie! } });
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['content-type']).toBe('application/pdf');
    expect(owner.headers['content-disposition']).toContain('attachment; filename="brief.pdf"');
    expect(owner.rawPayload.equals(PDF)).toBe(true);
    expect((await pro.client.get(url)).status).toBe(404);

    await setOpensOn(campaign.id, dayOffset(0));
    expect((await pro.client.get(url)).status).toBe(200);
    expect((await outsider.client.get(url)).status).toBe(404);
    expect((await other.client.get(url)).status).toBe(404);
    expect((await t.anonymous().get(url)).status).toBe(401);

    expect((await biz.client.post(`/api/campaigns/${campaign.id}/close`)).status).toBe(200);
    expect((await pro.client.get(url)).status).toBe(200);
    // Only the owner changes the library.
    expect((await pro.client.delete(`/api/campaigns/${campaign.id}/assets/${body.assets[0].id}`)).status).toBe(403);
  });
});
