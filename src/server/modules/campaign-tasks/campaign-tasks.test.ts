import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, makeAdmin, signUp, type SignedIn, createRosteredProStaff } from '@server/test/factories';
import { PDF, PNG } from '@server/test/authorization-fixtures';
import type { TestClient } from '@server/test/test-app';
import { PROOF_PHOTO_MAX_BYTES } from '@shared/contracts/campaign-tasks';

// Tasks with proof inside campaigns (issue 23 item 2, decision record 032): permissions, every transition of a proof,
// the reward commission created once, photos and their downloads, notifications and their emails.

const t = useTestApp();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
type Business = SignedIn & { businessId: number };
type ProStaff = SignedIn & { proStaffId: number };

/** A staffer accepted onto the business's roster (a live agreement). */
const rostered = (biz: Business, firstName = 'Pat'): Promise<ProStaff> => createRosteredProStaff(t, biz, { firstName, lastName: 'Staffer' });

async function campaignOf(biz: Business, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await biz.client.post('/api/campaigns', {
    title: 'Spring turkey push', brief: 'Field-test the new decoys.', opensOn: dayOffset(0), closesOn: dayOffset(30), audience: 'roster', memberIds: [], ...overrides,
  });
  if (res.status !== 201) throw new Error(`campaign: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

const fieldTest = (overrides: Record<string, unknown> = {}) => ({ kind: 'field_test', title: 'Test the decoy spread', instructions: 'Three sits at least.', rewardAmount: '25.00', rewardCurrency: 'USD', ...overrides });
const socialPost = (overrides: Record<string, unknown> = {}) => ({ kind: 'social_post', title: 'Post from the blind', platform: 'instagram', requiredTag: '#RidgeCalls', ...overrides });

async function taskOf(biz: Business, campaignId: number, body: Record<string, unknown> = fieldTest()): Promise<number> {
  const res = await biz.client.post(`/api/campaigns/${campaignId}/tasks`, body);
  if (res.status !== 201) throw new Error(`task: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.tasks.at(-1).id;
}

const report = { product: 'Strutter decoy', conditions: 'Rain, 40°F, hardwoods', daysUsed: '4', worked: 'Birds committed at 20 yards', failed: 'Stake bent in clay' };

/** Posts a proof as multipart: text fields and any number of photos. */
async function submit(client: TestClient, campaignId: number, taskId: number, fields: Record<string, string> = report, photos: { name: string; data: Buffer }[] = []) {
  const boundary = '----hsProofBoundary';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    ...photos.flatMap((photo) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${photo.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      photo.data,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST', url: `/api/campaigns/${campaignId}/tasks/${taskId}/submissions`, payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(client.cookie ? { cookie: client.cookie } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

async function setup() {
  const biz = await createBusiness(t, { tier: 'enterprise', companyName: 'Ridge Calls' });
  const pro = await rostered(biz, 'Sarah');
  const campaignId = await campaignOf(biz);
  const taskId = await taskOf(biz, campaignId);
  return { biz, pro, campaignId, taskId };
}

const taskCommissions = (proStaffId: number) =>
  t.database.query<{ id: number; amount_cents: number; currency: string; status: string; description: string; payable_at: Date; created_at: Date }>(
    `select id, amount_cents, currency, status, description, payable_at, created_at from commissions where pro_staff_id = ${proStaffId} and source = 'task'`,
  );

const notificationsOf = async (who: SignedIn, kind: string) =>
  ((await who.client.get('/api/notifications')).body.notifications as { kind: string; title: string; body: string; link: string }[]).filter((row) => row.kind === kind);

describe('tasks', () => {
  it('the owner adds tasks of each kind while scheduled or open; the lists carry kind fields, reward and status', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const campaignId = await campaignOf(biz);
    await taskOf(biz, campaignId, fieldTest({ closesOn: dayOffset(10) }));
    await taskOf(biz, campaignId, socialPost());
    await taskOf(biz, campaignId, { kind: 'event_day', title: 'Store day', place: 'Bass Pro, Billings', eventOn: dayOffset(5), startsAt: '09:00', endsAt: '15:00', rewardAmount: '', platform: 'x' });
    const res = await taskOf(biz, campaignId, { kind: 'other', title: 'Share the guide', rewardAmount: '1500', rewardCurrency: 'jpy' }).then(() => biz.client.get(`/api/campaigns/${campaignId}/tasks`));
    expect(res.status).toBe(200);
    expect(res.body.tasks).toEqual([
      expect.objectContaining({ kind: 'field_test', rewardMinor: 2500, rewardCurrency: 'USD', closesOn: dayOffset(10), status: 'open', waitingCount: 0, approvedCount: 0 }),
      expect.objectContaining({ kind: 'social_post', platform: 'instagram', requiredTag: '#RidgeCalls', rewardMinor: null, rewardCurrency: null, closesOn: null }),
      expect.objectContaining({ kind: 'event_day', place: 'Bass Pro, Billings', eventOn: dayOffset(5), startsAt: '09:00', endsAt: '15:00', platform: null, rewardMinor: null }),
      expect.objectContaining({ kind: 'other', rewardMinor: 1500, rewardCurrency: 'JPY' }),
    ]);
    const scheduled = await campaignOf(biz, { opensOn: dayOffset(3), title: 'Elk season' });
    await taskOf(biz, scheduled, socialPost());
    expect((await biz.client.get(`/api/campaigns/${scheduled}/tasks`)).body.tasks[0].status).toBe('scheduled');
  });

  it('refuses invalid tasks: kind fields missing, bad reward, hours reversed, closing outside the campaign, a closed campaign', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const campaignId = await campaignOf(biz, { closesOn: dayOffset(20) });
    const post = (body: Record<string, unknown>) => biz.client.post(`/api/campaigns/${campaignId}/tasks`, body);
    const pathOf = async (body: Record<string, unknown>) => {
      const res = await post(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.error.details.map((detail: { path: string }) => detail.path);
    };
    expect(await pathOf(socialPost({ requiredTag: '' }))).toContain('requiredTag');
    expect(await pathOf({ kind: 'event_day', title: 'Store day', place: 'Shop', eventOn: dayOffset(2), startsAt: '15:00', endsAt: '09:00' })).toContain('endsAt');
    expect(await pathOf({ kind: 'nothing', title: 'Whatever' })).toContain('kind');
    expect(await pathOf(fieldTest({ rewardAmount: '0' }))).toContain('rewardAmount');
    expect(await pathOf(fieldTest({ rewardAmount: '12.345' }))).toContain('rewardAmount');
    expect(await pathOf(fieldTest({ rewardAmount: '1000000.01' }))).toContain('rewardAmount');
    expect(await pathOf(fieldTest({ closesOn: dayOffset(21) }))).toEqual(['closesOn']);
    expect(await pathOf({ kind: 'event_day', title: 'Store day', place: 'Shop', eventOn: dayOffset(25), startsAt: '09:00', endsAt: '15:00' })).toEqual(['eventOn']);
    expect((await post(fieldTest({ rewardAmount: '1000000.00', closesOn: dayOffset(20) }))).status).toBe(201);

    expect((await biz.client.post(`/api/campaigns/${campaignId}/close`)).status).toBe(200);
    const closed = await post(socialPost());
    expect(closed.status).toBe(409);
  });

  it('holds task dates to their bounds: closing after the campaign opens, by its close and after today; an event day while it is open', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const later = await campaignOf(biz, { opensOn: dayOffset(3), closesOn: dayOffset(10), title: 'Elk season' });
    const post = (campaignId: number, body: Record<string, unknown>) => biz.client.post(`/api/campaigns/${campaignId}/tasks`, body);
    const event = (eventOn: string) => ({ kind: 'event_day', title: 'Store day', place: 'Shop', eventOn, startsAt: '09:00', endsAt: '15:00' });
    expect((await post(later, fieldTest({ closesOn: dayOffset(3) }))).status).toBe(400);
    expect((await post(later, fieldTest({ closesOn: dayOffset(4) }))).status).toBe(201);
    expect((await post(later, fieldTest({ closesOn: dayOffset(10) }))).status).toBe(201);
    expect((await post(later, event(dayOffset(2)))).status).toBe(400);
    expect((await post(later, event(dayOffset(3)))).status).toBe(201);
    expect((await post(later, event(dayOffset(9)))).status).toBe(201);
    expect((await post(later, event(dayOffset(10)))).status).toBe(400);
    // A campaign that opened days ago: a task cannot close today, only after it.
    const running = await campaignOf(biz, { closesOn: dayOffset(10), title: 'Running' });
    await t.database.query(`update campaigns set opens_on = '${dayOffset(-5)}' where id = ${running}`);
    const today = await post(running, fieldTest({ closesOn: dayOffset(0) }));
    expect(today.status).toBe(400);
    expect(today.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(['closesOn']);
    expect((await post(running, fieldTest({ closesOn: dayOffset(1) }))).status).toBe(201);
  });

  it('a campaign holds at most 50 tasks', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const campaignId = await campaignOf(biz);
    for (let i = 0; i < 50; i++) await taskOf(biz, campaignId, socialPost({ title: `Post ${i}` }));
    const over = await biz.client.post(`/api/campaigns/${campaignId}/tasks`, socialPost({ title: 'One more' }));
    expect(over.status).toBe(409);
    expect((await biz.client.get(`/api/campaigns/${campaignId}/tasks`)).body.tasks).toHaveLength(50);
  });

  it('edits and deletes a task only while it has no proof', async () => {
    const { biz, pro, campaignId, taskId } = await setup();
    const other = await taskOf(biz, campaignId, socialPost());
    const edited = await biz.client.put(`/api/campaigns/${campaignId}/tasks/${other}`, socialPost({ requiredTag: '@ridgecalls', rewardAmount: '10' }));
    expect(edited.status).toBe(200);
    expect(edited.body.tasks[1]).toMatchObject({ requiredTag: '@ridgecalls', rewardMinor: 1000 });
    expect((await biz.client.delete(`/api/campaigns/${campaignId}/tasks/${other}`)).body.tasks).toHaveLength(1);

    expect((await submit(pro.client, campaignId, taskId)).status).toBe(201);
    expect((await biz.client.put(`/api/campaigns/${campaignId}/tasks/${taskId}`, fieldTest({ title: 'Changed' }))).status).toBe(409);
    expect((await biz.client.delete(`/api/campaigns/${campaignId}/tasks/${taskId}`)).status).toBe(409);
  });
});

describe('who may act', () => {
  it('signed out 401; wrong role 403; another business, an outsider, an admin 404; the audience sees nothing of a scheduled campaign', async () => {
    const { biz, pro, campaignId, taskId } = await setup();
    const other = await createBusiness(t, { tier: 'enterprise' });
    const outsider = await createProStaff(t);
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    const anonymous = t.anonymous();

    expect((await anonymous.get(`/api/campaigns/${campaignId}/tasks`)).status).toBe(401);
    expect((await anonymous.post(`/api/campaigns/${campaignId}/tasks`, socialPost())).status).toBe(401);
    expect((await submit(anonymous, campaignId, taskId)).status).toBe(401);

    expect((await pro.client.post(`/api/campaigns/${campaignId}/tasks`, socialPost())).status).toBe(403);
    expect((await submit(biz.client, campaignId, taskId)).status).toBe(403);

    for (const stranger of [other, outsider, admin]) expect((await stranger.client.get(`/api/campaigns/${campaignId}/tasks`)).status).toBe(404);
    expect((await other.client.post(`/api/campaigns/${campaignId}/tasks`, socialPost())).status).toBe(404);
    expect((await other.client.put(`/api/campaigns/${campaignId}/tasks/${taskId}`, socialPost())).status).toBe(404);
    expect((await other.client.delete(`/api/campaigns/${campaignId}/tasks/${taskId}`)).status).toBe(404);
    expect((await submit(outsider.client, campaignId, taskId)).status).toBe(404);

    const proof = await submit(pro.client, campaignId, taskId);
    expect(proof.status).toBe(201);
    expect((await pro.client.post(`/api/campaigns/${campaignId}/submissions/${proof.body.id}/approve`)).status).toBe(403);
    expect((await other.client.post(`/api/campaigns/${campaignId}/submissions/${proof.body.id}/approve`)).status).toBe(404);
    expect((await other.client.post(`/api/campaigns/${campaignId}/submissions/${proof.body.id}/reject`, { reason: 'low_quality' })).status).toBe(404);

    const scheduled = await campaignOf(biz, { opensOn: dayOffset(2), title: 'Later' });
    const later = await taskOf(biz, scheduled, socialPost());
    expect((await pro.client.get(`/api/campaigns/${scheduled}/tasks`)).status).toBe(404);
    expect((await submit(pro.client, scheduled, later, { url: 'https://instagram.com/p/1' })).status).toBe(404);
  });

  it('a staffer sees every task with their own counts and only their own proofs; the owner sees all', async () => {
    const { biz, pro, campaignId, taskId } = await setup();
    const second = await rostered(biz, 'Ana');
    expect((await submit(pro.client, campaignId, taskId)).status).toBe(201);
    expect((await submit(second.client, campaignId, taskId)).status).toBe(201);
    const mine = (await pro.client.get(`/api/campaigns/${campaignId}/tasks`)).body;
    expect(mine.submissions.map((row: { proStaffId: number }) => row.proStaffId)).toEqual([pro.proStaffId]);
    expect(mine.tasks[0]).toMatchObject({ waitingCount: 1, submissionCount: 1 });
    const all = (await biz.client.get(`/api/campaigns/${campaignId}/tasks`)).body;
    expect(all.submissions).toHaveLength(2);
    expect(all.tasks[0]).toMatchObject({ waitingCount: 2, approvedCount: 0 });
  });
});

describe('proof transitions', () => {
  it('submit → reject with a reason → submit again → approve: history kept, reward commission once, notifications both ways', async () => {
    const { biz, pro, campaignId, taskId } = await setup();
    const first = await submit(pro.client, campaignId, taskId, report, [{ name: 'blind.png', data: PNG }]);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      status: 'submitted', proStaffName: 'Sarah Staffer',
      report: { product: 'Strutter decoy', conditions: 'Rain, 40°F, hardwoods', daysUsed: 4, worked: 'Birds committed at 20 yards', failed: 'Stake bent in clay' },
      photos: [expect.objectContaining({ fileName: 'blind.png', fileType: 'image/png', url: expect.stringMatching(/^\/api\/campaigns\/\d+\/submissions\/\d+\/photos\/\d+$/) })],
    });
    expect(await notificationsOf(biz, 'task')).toEqual([expect.objectContaining({ title: 'Sarah Staffer submitted proof for "Test the decoy spread"', link: `/campaigns/${campaignId}` })]);
    // A second proof while one is waiting: 409.
    expect((await submit(pro.client, campaignId, taskId)).status).toBe(409);

    const rejected = await biz.client.post(`/api/campaigns/${campaignId}/submissions/${first.body.id}/reject`, { reason: 'unsafe_firearm_handling', note: 'Muzzle toward the camera.' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'unsafe_firearm_handling', rejectionNote: 'Muzzle toward the camera.', commissionId: null });
    expect(await notificationsOf(pro, 'task')).toEqual([
      expect.objectContaining({ title: 'Ridge Calls rejected your proof for "Test the decoy spread"', body: expect.stringContaining('Unsafe firearm handling — Muzzle toward the camera.') }),
    ]);
    // Deciding it again: 409.
    expect((await biz.client.post(`/api/campaigns/${campaignId}/submissions/${first.body.id}/approve`)).status).toBe(409);
    expect(await taskCommissions(pro.proStaffId)).toEqual([]);

    const again = await submit(pro.client, campaignId, taskId, { ...report, daysUsed: '6' });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
    const approved = await biz.client.post(`/api/campaigns/${campaignId}/submissions/${again.body.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', decidedAt: expect.any(String), commissionId: expect.any(Number) });

    const [commission] = await taskCommissions(pro.proStaffId);
    expect(commission).toMatchObject({ id: approved.body.commissionId, amount_cents: 2500, currency: 'USD', status: 'pending', description: 'Reward for the task "Test the decoy spread" in the campaign "Spring turkey push"' });
    expect(new Date(commission.payable_at).getTime()).toBe(new Date(commission.created_at).getTime());
    const listed = await pro.client.get('/api/commissions/pro-staff');
    expect(listed.body).toEqual([expect.objectContaining({ id: commission.id, source: 'task', currency: 'USD', amountCents: 2500 })]);

    expect((await notificationsOf(pro, 'task')).map((row) => row.title)).toEqual([
      'Ridge Calls approved your proof for "Test the decoy spread"',
      'Ridge Calls rejected your proof for "Test the decoy spread"',
    ]);
    expect(await notificationsOf(pro, 'commission')).toEqual([expect.objectContaining({ title: 'Ridge Calls recorded a USD 25.00 commission for you' })]);

    // Approved: no more proof, no second decision, no second commission.
    expect((await submit(pro.client, campaignId, taskId)).status).toBe(409);
    expect((await biz.client.post(`/api/campaigns/${campaignId}/submissions/${again.body.id}/approve`)).status).toBe(409);
    expect((await biz.client.post(`/api/campaigns/${campaignId}/submissions/${again.body.id}/reject`, { reason: 'low_quality' })).status).toBe(409);
    expect(await taskCommissions(pro.proStaffId)).toHaveLength(1);

    const history = (await pro.client.get(`/api/campaigns/${campaignId}/tasks`)).body;
    expect(history.submissions.map((row: { status: string }) => row.status)).toEqual(['approved', 'rejected']);
    expect(history.tasks[0]).toMatchObject({ approvedCount: 1, waitingCount: 0, submissionCount: 2 });
  });

  it('a task without a reward is approved without a commission', async () => {
    const { biz, pro, campaignId } = await setup();
    const taskId = await taskOf(biz, campaignId, socialPost());
    const proof = await submit(pro.client, campaignId, taskId, { url: 'https://instagram.com/p/abc' });
    expect(proof.status).toBe(201);
    const approved = await biz.client.post(`/api/campaigns/${campaignId}/submissions/${proof.body.id}/approve`);
    expect(approved.body).toMatchObject({ status: 'approved', commissionId: null });
    expect(await taskCommissions(pro.proStaffId)).toEqual([]);
    expect(await notificationsOf(pro, 'commission')).toEqual([]);
  });

  it('an approval that meets the staffer’s season goal tells both sides at once, and the goal shows the approved post', async () => {
    const { biz, pro, campaignId } = await setup();
    const season = await biz.client.post('/api/seasons', { name: 'Spring turkey 2027', startsOn: dayOffset(-1), endsOn: dayOffset(60) });
    expect(season.status).toBe(201);
    const goal = await biz.client.post(`/api/seasons/${season.body.id}/goals`, { proStaffId: pro.proStaffId, postsTarget: 1 });
    expect(goal.status).toBe(201);
    const taskId = await taskOf(biz, campaignId, socialPost());
    const proof = await submit(pro.client, campaignId, taskId, { url: 'https://instagram.com/p/gobbler' });
    expect(await notificationsOf(pro, 'goal')).toEqual([]);
    expect((await biz.client.post(`/api/campaigns/${campaignId}/submissions/${proof.body.id}/approve`)).status).toBe(200);
    // No goals.reached task ran: the approval itself told them.
    expect(await notificationsOf(pro, 'goal')).toEqual([expect.objectContaining({ title: 'Goal reached: Spring turkey 2027 with Ridge Calls' })]);
    expect(await notificationsOf(biz, 'goal')).toEqual([expect.objectContaining({ title: 'Sarah Staffer reached their Spring turkey 2027 goal' })]);
    const mine = await pro.client.get(`/api/goals/${goal.body.id}`);
    expect(mine.body).toMatchObject({ reached: true, progress: [expect.objectContaining({ metric: 'posts', actual: 1, target: 1 })] });
  });

  it(`two concurrent approvals create one commission (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, async () => {
    for (let round = 0; round < (onPostgres ? 5 : 2); round++) {
      const { biz, pro, campaignId, taskId } = await setup();
      const proof = await submit(pro.client, campaignId, taskId);
      const answers = await Promise.all([1, 2, 3].map(() => biz.client.post(`/api/campaigns/${campaignId}/submissions/${proof.body.id}/approve`)));
      expect(answers.map((res) => res.status).sort(), `round ${round}`).toEqual([200, 409, 409]);
      expect(await taskCommissions(pro.proStaffId)).toHaveLength(1);
    }
  });

  it('a closed task refuses proof; a waiting proof can still be decided after the campaign closed', async () => {
    const { biz, pro, campaignId, taskId } = await setup();
    const early = await taskOf(biz, campaignId, socialPost({ closesOn: dayOffset(5) }));
    await t.database.query(`update campaign_tasks set closes_on = '${dayOffset(0)}' where id = ${early}`);
    expect((await pro.client.get(`/api/campaigns/${campaignId}/tasks`)).body.tasks[1].status).toBe('closed');
    const refused = await submit(pro.client, campaignId, early, { url: 'https://instagram.com/p/late' });
    expect(refused.status).toBe(409);

    const proof = await submit(pro.client, campaignId, taskId);
    expect((await biz.client.post(`/api/campaigns/${campaignId}/close`)).status).toBe(200);
    expect((await submit(pro.client, campaignId, taskId)).status).toBe(409);
    const rejected = await biz.client.post(`/api/campaigns/${campaignId}/submissions/${proof.body.id}/reject`, { reason: 'other', note: 'Too late in the season' });
    expect(rejected.status).toBe(200);
    // Rejected, but the task closed: no resubmission.
    expect((await submit(pro.client, campaignId, taskId)).status).toBe(409);
  });

  it('validates the proof against the task kind and the rejection reason', async () => {
    const { biz, pro, campaignId, taskId } = await setup();
    const social = await taskOf(biz, campaignId, socialPost());
    const event = await taskOf(biz, campaignId, { kind: 'event_day', title: 'Store day', place: 'Shop', eventOn: dayOffset(1), startsAt: '09:00', endsAt: '12:00' });
    const other = await taskOf(biz, campaignId, { kind: 'other', title: 'Anything' });
    const paths = async (id: number, fields: Record<string, string>) => {
      const res = await submit(pro.client, campaignId, id, fields);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.error.details.map((detail: { path: string }) => detail.path);
    };
    expect(await paths(taskId, { ...report, daysUsed: '0', product: '' })).toEqual(['product', 'daysUsed']);
    expect(await paths(taskId, { ...report, daysUsed: '366' })).toEqual(['daysUsed']);
    expect(await paths(social, { url: 'http://instagram.com/p/1' })).toContain('url');
    expect(await paths(social, {})).toEqual(['url']);
    expect(await paths(event, { url: 'https://example.com' })).toEqual(['note']);
    expect(await paths(other, {})).toEqual(['note']);
    expect((await submit(pro.client, campaignId, event, { note: 'Worked the booth all day' })).status).toBe(201);
    const proof = await submit(pro.client, campaignId, other, { url: 'https://example.com/story' });
    expect(proof.status).toBe(201);
    const noNote = await biz.client.post(`/api/campaigns/${campaignId}/submissions/${proof.body.id}/reject`, { reason: 'other' });
    expect(noNote.status).toBe(400);
    expect(noNote.body.error.details[0].path).toBe('note');
    expect((await biz.client.post(`/api/campaigns/${campaignId}/submissions/${proof.body.id}/reject`, { reason: 'made_up' })).status).toBe(400);
  });
});

describe('proof photos', () => {
  it('refuses a wrong type, too many and too large photos, storing nothing', async () => {
    const { pro, campaignId, taskId } = await setup();
    const before = t.storage.files.size;
    const pdf = await submit(pro.client, campaignId, taskId, report, [{ name: 'a.png', data: PNG }, { name: 'b.pdf', data: PDF }]);
    expect(pdf.status).toBe(415);
    const many = await submit(pro.client, campaignId, taskId, report, Array.from({ length: 7 }, (_, i) => ({ name: `${i}.png`, data: PNG })));
    expect(many.status).toBe(400);
    const large = await submit(pro.client, campaignId, taskId, report, [{ name: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(PROOF_PHOTO_MAX_BYTES)]) }]);
    expect(large.status).toBe(413);
    expect(t.storage.files.size).toBe(before);
    expect(await t.database.query('select id from campaign_task_submissions')).toEqual([]);
  });

  it('takes six photos, and refuses an empty one', async () => {
    const { pro, campaignId, taskId } = await setup();
    const empty = await submit(pro.client, campaignId, taskId, report, [{ name: 'a.png', data: PNG }, { name: 'b.png', data: Buffer.alloc(0) }]);
    expect(empty.status).toBe(400);
    const six = await submit(pro.client, campaignId, taskId, report, Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, data: PNG })));
    expect(six.status, JSON.stringify(six.body)).toBe(201);
    expect(six.body.photos).toHaveLength(6);
  });

  it('the submitting staffer and the owner download a photo; anyone else gets 404', async () => {
    const { biz, pro, campaignId, taskId } = await setup();
    const proof = await submit(pro.client, campaignId, taskId, report, [{ name: 'blind.png', data: PNG }, { name: 'decoy.jpg', data: JPEG }]);
    expect(proof.status).toBe(201);
    expect(proof.body.photos.map((photo: { fileType: string }) => photo.fileType)).toEqual(['image/png', 'image/jpeg']);
    expect([...t.storage.files.keys()].filter((key) => key.startsWith('campaign-proofs/'))).toHaveLength(2);
    const url = proof.body.photos[0].url as string;
    for (const owner of [biz, pro]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: owner.client.cookie! } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('attachment');
      expect(res.rawPayload.equals(PNG)).toBe(true);
    }
    const teammate = await rostered(biz, 'Ana');
    const other = await createBusiness(t, { tier: 'enterprise' });
    const admin = await makeAdmin(t, await signUp(t, 'business'));
    for (const stranger of [teammate, other, admin]) expect((await stranger.client.get(url)).status).toBe(404);
    expect((await t.anonymous().get(url)).status).toBe(401);
  });
});

describe('notifications by email', () => {
  it('mails each side unless they turned the task kind off', async () => {
    const { biz, pro, campaignId, taskId } = await setup();
    expect((await pro.client.patch('/api/notification-settings', { email: { task: false } })).status).toBe(200);
    const proof = await submit(pro.client, campaignId, taskId);
    await biz.client.post(`/api/campaigns/${campaignId}/submissions/${proof.body.id}/reject`, { reason: 'graphic_content' });
    await t.app.ctx.tasks.drain();
    expect(t.mailer.sent.filter((mail) => mail.to === biz.user.email && mail.subject === 'Sarah Staffer submitted proof for "Test the decoy spread"')).toHaveLength(1);
    expect(t.mailer.sent.filter((mail) => mail.to === pro.user.email && mail.subject.includes('rejected your proof'))).toEqual([]);
    // The notification is listed all the same.
    expect(await notificationsOf(pro, 'task')).toEqual([expect.objectContaining({ body: expect.stringContaining('Graphic or gory content') })]);
  });

  it('an unconfirmed email cannot add a task', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise', verified: false });
    await t.database.query(`update users set email_verified_at = now() where id = ${biz.user.id}`);
    const campaignId = await campaignOf(biz);
    await t.database.query(`update users set email_verified_at = null where id = ${biz.user.id}`);
    const res = await biz.client.post(`/api/campaigns/${campaignId}/tasks`, socialPost());
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('EMAIL_NOT_VERIFIED');
  });
});

// Found by the first Stryker run of this module (decision record 018, 26 November): each test fails against the
// mutant named in it.
describe('what a proof says back', () => {
  it('names why a second proof is refused: one waiting, one approved (service.ts:225)', async () => {
    const { biz, pro, campaignId, taskId } = await setup();
    const proof = await submit(pro.client, campaignId, taskId);
    const waiting = await submit(pro.client, campaignId, taskId);
    expect(waiting).toMatchObject({ status: 409, body: { error: { code: 'CONFLICT', message: 'Your proof for this task is waiting for a decision.' } } });
    expect((await biz.client.post(`/api/campaigns/${campaignId}/submissions/${proof.body.id}/approve`)).status).toBe(200);
    const approved = await submit(pro.client, campaignId, taskId);
    expect(approved).toMatchObject({ status: 409, body: { error: { code: 'CONFLICT', message: 'Your proof for this task was approved already.' } } });
  });

  it('names the decision already taken when a proof is decided twice (service.ts:257)', async () => {
    const { biz, pro, campaignId, taskId } = await setup();
    const proof = await submit(pro.client, campaignId, taskId);
    expect((await biz.client.post(`/api/campaigns/${campaignId}/submissions/${proof.body.id}/reject`, { reason: 'low_quality' })).status).toBe(200);
    const again = await biz.client.post(`/api/campaigns/${campaignId}/submissions/${proof.body.id}/approve`);
    expect(again).toMatchObject({ status: 409, body: { error: { message: 'This proof was rejected already; only a waiting proof can be decided.' } } });
  });

  it('lists each proof with its own photos only (service.ts:80-81)', async () => {
    const { biz, pro, campaignId, taskId } = await setup();
    const second = await rostered(biz, 'Ana');
    const mine = await submit(pro.client, campaignId, taskId, report, [{ name: 'blind.png', data: PNG }]);
    const theirs = await submit(second.client, campaignId, taskId, report, [{ name: 'decoy.jpg', data: JPEG }, { name: 'spread.png', data: PNG }]);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    const listed = (await biz.client.get(`/api/campaigns/${campaignId}/tasks`)).body.submissions as { id: number; photos: { fileName: string }[] }[];
    const names = Object.fromEntries(listed.map((row) => [row.id, row.photos.map((photo) => photo.fileName)]));
    expect(names).toEqual({ [mine.body.id]: ['blind.png'], [theirs.body.id]: ['decoy.jpg', 'spread.png'] });
  });

  it('stores a photo under its last path segment with odd characters replaced, cut to 120, or photo.<ext> (service.ts:178)', async () => {
    const { pro, campaignId, taskId } = await setup();
    const long = `${'a'.repeat(130)}.png`;
    const proof = await submit(pro.client, campaignId, taskId, report, [
      { name: 'C:\\Users\\sarah\\my blind <1>*.png', data: PNG }, { name: '../../etc/decoy;rm.jpg', data: JPEG }, { name: long, data: PNG }, { name: 'folder/', data: PNG },
    ]);
    expect(proof.status, JSON.stringify(proof.body)).toBe(201);
    expect(proof.body.photos.map((photo: { fileName: string }) => photo.fileName)).toEqual(['my blind _1__.png', 'decoy_rm.jpg', 'a'.repeat(120), 'photo.png']);
  });

  it('trims a photo name, names an empty photo by its first 60 characters, and answers a decision with the proof’s photos (service.ts:178, :186, :337)', async () => {
    const { biz, pro, campaignId, taskId } = await setup();
    const empty = await submit(pro.client, campaignId, taskId, report, [{ name: `${'b'.repeat(80)}.png`, data: Buffer.alloc(0) }]);
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(`The photo "${'b'.repeat(60)}" is empty`);
    const proof = await submit(pro.client, campaignId, taskId, report, [{ name: '  blind.png  ', data: PNG }]);
    expect(proof.status, JSON.stringify(proof.body)).toBe(201);
    expect(proof.body.photos.map((photo: { fileName: string }) => photo.fileName)).toEqual(['blind.png']);
    const approved = await biz.client.post(`/api/campaigns/${campaignId}/submissions/${proof.body.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.photos).toEqual([expect.objectContaining({ fileName: 'blind.png', fileType: 'image/png' })]);
  });

  it('keeps what the kind asks for: a report only for a field test, no link unless given (service.ts:211, :227)', async () => {
    const { biz, pro, campaignId } = await setup();
    const event = await taskOf(biz, campaignId, { kind: 'event_day', title: 'Store day', place: 'Shop', eventOn: dayOffset(1), startsAt: '09:00', endsAt: '12:00' });
    const proof = await submit(pro.client, campaignId, event, { note: 'Worked the booth all day', product: 'Strutter decoy', daysUsed: '4' });
    expect(proof.status, JSON.stringify(proof.body)).toBe(201);
    expect(proof.body).toMatchObject({ url: null, note: 'Worked the booth all day', report: null });
  });

  it('tells of the reward in the approval and by a commission event, and says nothing of one without (service.ts:292, :302)', async () => {
    const { biz, pro, campaignId, taskId } = await setup();
    const social = await taskOf(biz, campaignId, socialPost());
    const heard: { type: string; data?: unknown }[] = [];
    t.events.subscribe(pro.user.id, (event) => { if (event.type !== 'notifications.changed') heard.push(event); });
    const rewarded = await submit(pro.client, campaignId, taskId);
    const unpaid = await submit(pro.client, campaignId, social, { url: 'https://instagram.com/p/abc' });
    const first = await biz.client.post(`/api/campaigns/${campaignId}/submissions/${rewarded.body.id}/approve`);
    expect(heard).toEqual([{ type: 'commission.created', data: { commissionId: first.body.commissionId, status: 'pending' } }]);
    expect((await biz.client.post(`/api/campaigns/${campaignId}/submissions/${unpaid.body.id}/approve`)).status).toBe(200);
    expect(heard).toHaveLength(1);
    const bodies = Object.fromEntries((await notificationsOf(pro, 'task')).map((row) => [row.title, row.body]));
    expect(bodies).toEqual({
      'Ridge Calls approved your proof for "Test the decoy spread"': 'Spring turkey push. Your reward of USD 25.00 is on its way.',
      'Ridge Calls approved your proof for "Post from the blind"': 'Spring turkey push.',
    });
  });

  it('says a rejected staffer can submit again only while the task is open (service.ts:324)', async () => {
    const { biz, pro, campaignId, taskId } = await setup();
    const open = await submit(pro.client, campaignId, taskId);
    await biz.client.post(`/api/campaigns/${campaignId}/submissions/${open.body.id}/reject`, { reason: 'low_quality' });
    const late = await submit(pro.client, campaignId, taskId);
    expect((await biz.client.post(`/api/campaigns/${campaignId}/close`)).status).toBe(200);
    await biz.client.post(`/api/campaigns/${campaignId}/submissions/${late.body.id}/reject`, { reason: 'low_quality' });
    expect((await notificationsOf(pro, 'task')).map((row) => row.body)).toEqual([
      'Reason: Low quality.',
      'Reason: Low quality. You can submit again until the task closes.',
    ]);
  });
});
