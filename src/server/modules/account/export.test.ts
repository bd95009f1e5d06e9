import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createFixtures } from '@server/test/authorization-fixtures';
import { exportRows } from './export-repository';

const t = useTestApp();

type Export = Record<string, unknown[]> & { account: Record<string, unknown>; profile: Record<string, unknown>; files: { kind: string; name: string; downloadPath: string }[] };
const ids = (rows: unknown[]) => rows.map((row) => (row as { id: number }).id);

describe('GET /api/account/export', () => {
  it('gives a business and a pro staffer every kind of record the product holds about them, as a JSON download', async () => {
    const f = await createFixtures(t);
    const { business, proStaff } = f;
    // The other direction of each kind: a reply, a review of the pro, a mass message, a demo request, a page view, a picture.
    const reply = await proStaff.client.post('/api/messages', { toUserId: business.user.id, content: 'Reply from the pro', conversationId: f.ids.conversation });
    expect(reply.status).toBe(201);
    const proReview = await business.client.post('/api/reviews', { revieweeType: 'pro_staff', revieweeId: proStaff.proStaffId, title: 'Great', content: 'Knows the backcountry well.' });
    expect(proReview.status).toBe(201);
    expect((await business.client.post('/api/mass-message', { content: 'Season opener', filters: {} })).status).toBe(200);
    expect((await business.client.post('/api/demo-requests', { name: 'Owner', email: 'owner@example.com', preferredTime: 'Morning' })).status).toBe(201);
    expect((await business.client.post('/api/page-views', { path: '/search' })).status).toBe(204);
    await t.database.query(`update business_profiles set profile_picture_url = '/api/uploads/avatars/${f.avatarFile}' where id = ${business.businessId}`);

    const res = await business.client.get('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="huntstaff-data-${business.user.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    expect(res.headers['cache-control']).toBe('no-store');
    const doc = res.body as Export;
    expect(doc.format).toBe('huntstaff-account-export/1');
    expect(doc.account).toMatchObject({ id: business.user.id, email: business.user.email, userType: 'business', termsVersion: expect.any(String), emailVerifiedAt: expect.any(String) });
    expect(doc.profile).toMatchObject({ id: business.businessId, companyName: 'Owner Outfitters' });
    expect(ids(doc.messagesSent)).toContain(f.ids.message);
    expect(ids(doc.messagesReceived)).toEqual([reply.body.id]);
    expect(ids(doc.attachments)).toEqual([f.ids.attachment]);
    expect(doc.files).toEqual([
      { kind: 'avatar', name: f.avatarFile, downloadPath: `/api/uploads/avatars/${f.avatarFile}` },
      { kind: 'attachment', name: 'SECRET-brief.pdf', downloadPath: `/api/messages/attachments/${f.ids.attachment}`, messageId: f.ids.message },
      { kind: 'campaignAsset', name: 'SECRET-logo.pdf', downloadPath: `/api/campaigns/${f.ids.campaign}/assets/${f.ids.campaignAsset}/file` },
    ]);
    // Campaigns (decision record 031): the business's campaigns and their library, without storage keys.
    expect(ids(doc.campaigns)).toEqual([f.ids.campaign, f.ids.scheduledCampaign]);
    expect(doc.campaignAssets).toEqual([expect.objectContaining({ id: f.ids.campaignAsset, name: 'Logo pack', fileName: 'SECRET-logo.pdf' })]);
    expect(doc.campaignAssets[0]).not.toHaveProperty('fileKey');
    // Goals by season (decision record 033): the business's seasons and the goals in them.
    expect(ids(doc.seasons)).toEqual([f.ids.season, f.ids.emptySeason]);
    expect(doc.goals).toEqual([expect.objectContaining({ id: f.ids.goal, proStaffId: f.proStaff.proStaffId, postsTarget: 3, seasonName: 'SECRET-season' })]);
    // Campaign tasks (decision record 032): the business's tasks; the proofs are the staffer's.
    expect(ids(doc.campaignTasks)).toEqual([f.ids.campaignTask, f.ids.campaignEmptyTask]);
    expect(doc.campaignTaskSubmissions).toEqual([]);
    expect(doc.massMessagesSent).toHaveLength(1);
    expect(ids(doc.jobPostings)).toEqual(expect.arrayContaining([f.ids.job, f.ids.openJob, f.ids.closedJob]));
    expect(ids(doc.applicationsReceived)).toEqual([f.ids.application]);
    expect(ids(doc.commissions)).toEqual([f.ids.commission]);
    expect(ids(doc.reviewsWritten)).toEqual([proReview.body.id]);
    expect(ids(doc.reviewsReceived)).toEqual([f.ids.review]);
    expect(ids(doc.discountCodes)).toEqual([f.ids.discountCode]);
    expect(ids(doc.advertisements)).toEqual([f.ids.ad]);
    expect(ids(doc.promotions)).toEqual([f.ids.promotion]);
    expect(ids(doc.agreements)).toEqual([f.ids.agreement]);
    expect(doc.agreementHistory.map((event) => (event as { action: string }).action)).toEqual(['offered', 'accepted', 'tier_changed']);
    // Pay in gear (decision record 038) and the commission ledger (036): the account's side of both.
    expect(ids(doc.gearTiers)).toEqual([f.ids.tier]);
    expect(ids(doc.gearRequests)).toEqual([f.ids.gearRequest]);
    expect(doc.gearRequestItems).toEqual([expect.objectContaining({ requestId: f.ids.gearRequest, quantity: 1, unitPriceMinor: 12_000 })]);
    expect(doc.gearSettings).toEqual([expect.objectContaining({ platformId: f.ids.shopify, seedableTags: ['pro-seed'] })]);
    expect(doc.commissionEntries).toEqual([expect.objectContaining({ commissionId: f.ids.commission, kind: 'earned', amountMinor: 12_500 })]);
    expect(doc.demoRequests).toHaveLength(1);
    expect(doc.pageViews).toEqual([{ path: '/search', createdAt: expect.any(String) }]);
    expect(doc.sessions.length).toBeGreaterThan(0);
    for (const key of ['subscriptions', 'subscriptionPayments', 'trials', 'applicationsMade']) expect(doc[key]).toEqual([]);
    // Every section the repository builds reaches the download: the response schema strips what it does not name
    // (payouts were built and dropped that way).
    const built = await exportRows(t.app.ctx.db, business.user.id);
    for (const key of Object.keys(built)) expect(doc, key).toHaveProperty(key);
    for (const key of ['payoutsSent', 'payoutsReceived', 'payoutAccount']) expect(doc[key]).toEqual([]);

    // No secrets: password hash, session token hashes, store keys and signing secrets.
    const text = JSON.stringify(doc);
    for (const secret of ['password', 'passwordHash', 'tokenHash', 'apiKeyHash', 'webhookSecret', 'totp', 'shpat_', 'sealed']) expect(text).not.toContain(secret);

    const pro = (await proStaff.client.get('/api/account/export')).body as Export;
    expect(pro.profile).toMatchObject({ id: proStaff.proStaffId, firstName: 'Owen' });
    expect(pro.profile).not.toHaveProperty('searchVector');
    expect(ids(pro.applicationsMade)).toEqual([f.ids.application]);
    expect(ids(pro.agreements)).toEqual([f.ids.agreement]);
    expect(ids(pro.credentials)).toEqual([f.ids.credential]);
    expect(pro.campaigns).toEqual([]);
    expect(pro.seasons).toEqual([]);
    expect(ids(pro.goals)).toEqual([f.ids.goal]);
    expect(pro.campaignTasks).toEqual([]);
    expect(pro.campaignTaskSubmissions).toEqual([expect.objectContaining({ id: f.ids.campaignSubmission, status: 'submitted', taskTitle: 'Test the decoys' })]);
    expect(JSON.stringify(pro.campaignProofPhotos)).not.toContain('fileKey');
    expect(pro.files).toContainEqual({
      kind: 'campaignProofPhoto', name: 'SECRET-blind.png', downloadPath: `/api/campaigns/${f.ids.campaign}/submissions/${f.ids.campaignSubmission}/photos/${f.ids.campaignProofPhoto}`,
    });
    expect(pro.credentials[0]).toMatchObject({ number: 'LIC-100', status: 'pending', documentName: 'licence.pdf' });
    expect(pro.files).toContainEqual({ kind: 'credential', name: 'licence.pdf', downloadPath: `/api/credentials/${f.ids.credential}/document` });
    expect(ids(pro.messagesReceived)).toContain(f.ids.message);
    expect(ids(pro.messagesSent)).toEqual([reply.body.id]);
    expect(ids(pro.commissions)).toEqual([f.ids.commission]);
    expect(ids(pro.reviewsWritten)).toEqual([f.ids.review]);
    expect(ids(pro.reviewsReceived)).toEqual([proReview.body.id]);
    expect(ids(pro.discountCodes)).toEqual([f.ids.discountCode]);
    expect(pro.jobPostings).toEqual([]);

    // Someone else's export holds none of it.
    const other = (await f.otherBusiness.client.get('/api/account/export')).body as Export;
    expect(JSON.stringify(other)).not.toContain('SECRET-');
    expect(other.messagesSent).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await t.anonymous().get('/api/account/export')).status).toBe(401);
  });
});

describe('exports by emailed link (built in the background)', () => {
  const linkIn = (text: string) => /\/api\/account\/export\/download\/([A-Za-z0-9_-]+)/.exec(text)![1];

  it('builds the file on the task queue, mails a link only its owner can use, for 7 days', async () => {
    const f = await createFixtures(t);
    const res = await f.business.client.post('/api/account/export/email');
    expect(res.status).toBe(202);
    expect(res.body.message).toBe('We are preparing your file and will email you a download link.');
    // Only the row id is in the task: no token sits in the queue.
    const [task] = await t.database.query<{ payload: Record<string, unknown> }>(`select payload from background_tasks where kind = 'account.export'`);
    expect(Object.keys(task.payload)).toEqual(['exportId']);
    await t.app.ctx.tasks.drain();

    const mail = t.mailer.sent.find((m) => m.to === f.business.user.email && m.subject === 'Your HuntStaff data is ready')!;
    const token = linkIn(mail.text);
    const download = await f.business.client.get(`/api/account/export/download/${token}`);
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="huntstaff-data-/);
    const doc = typeof download.body === 'string' ? JSON.parse(download.body) : download.body;
    expect(doc.account.email).toBe(f.business.user.email);
    expect(doc.messagesSent.map((m: { id: number }) => m.id)).toContain(f.ids.message);

    expect((await f.otherBusiness.client.get(`/api/account/export/download/${token}`)).status).toBe(404);
    expect((await t.anonymous().get(`/api/account/export/download/${token}`)).status).toBe(401);
    expect((await f.business.client.get('/api/account/export/download/not-a-real-token-0123456789')).status).toBe(404);
    expect((await f.business.client.get('/api/account/export/download/bad!')).status).toBe(400);

    // After 7 days the link is dead and the daily purge removes the file.
    await t.database.query(`update account_exports set expires_at = now() - interval '1 second'`);
    expect((await f.business.client.get(`/api/account/export/download/${token}`)).status).toBe(404);
    const files = t.storage.files.size;
    const { purgeExpiredExports } = await import('./export-service');
    expect(await purgeExpiredExports(t.app.ctx)).toEqual({ deleted: 1 });
    expect(t.storage.files.size).toBe(files - 1);
  });

  it('allows three requests an hour per account and needs a session', async () => {
    const f = await createFixtures(t);
    for (let i = 0; i < 3; i++) expect((await f.proStaff.client.post('/api/account/export/email')).status).toBe(202);
    expect((await f.proStaff.client.post('/api/account/export/email')).status).toBe(429);
    expect((await t.anonymous().post('/api/account/export/email')).status).toBe(401);
  });
});
