import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createFixtures, multipart, PDF, PNG } from '@server/test/authorization-fixtures';
import { createBusiness, createProStaff } from '@server/test/factories';
import { exportData, readZip } from '@server/test/zip-archive';
import type { TestClient } from '@server/test/test-app';
import { exportRows } from './export-repository';
import { exportArchive, planExport } from './export-archive';
import { buildExportFile, EXPORT_INLINE_MAX_BYTES, EXPORT_TASK } from './export-service';
import type { ClaimedTask } from '@server/modules/tasks/queue';

const t = useTestApp();

type Export = Record<string, unknown[]> & { format: string; account: Record<string, unknown>; profile: Record<string, unknown>; files: { kind: string; id: number | null; name: string; path: string; size: number }[] };
const ids = (rows: unknown[]) => rows.map((row) => (row as { id: number }).id);

/** GET /api/account/export as its raw bytes (the test client would read them as text). */
async function downloadArchive(client: TestClient, url = '/api/account/export') {
  const res = await t.app.inject({ method: 'GET', url, headers: client.cookie ? { cookie: client.cookie } : {} });
  return { status: res.statusCode, headers: res.headers, archive: res.rawPayload, json: () => res.json() };
}

describe('GET /api/account/export', () => {
  it('gives a business and a pro staffer a ZIP archive: data.json with every section, and every file they uploaded or received', async () => {
    const f = await createFixtures(t);
    const { business, proStaff } = f;
    // The other direction of each kind: a reply with a file, a review of the pro, a mass message, a demo request, a page view, a picture.
    const reply = await proStaff.client.post('/api/messages', { toUserId: business.user.id, content: 'Reply from the pro', conversationId: f.ids.conversation });
    expect(reply.status).toBe(201);
    const replyUpload = multipart('..\\..\\SECRET-map.pdf', PDF);
    const replyFile = await t.app.inject({ method: 'POST', url: `/api/messages/${reply.body.id}/attachments`, payload: replyUpload.payload, headers: { ...replyUpload.headers, cookie: proStaff.client.cookie! } });
    expect(replyFile.statusCode).toBe(201);
    const receivedAttachment = (replyFile.json() as { id: number }).id;
    const proReview = await business.client.post('/api/reviews', { revieweeType: 'pro_staff', revieweeId: proStaff.proStaffId, title: 'Great', content: 'Knows the backcountry well.' });
    expect(proReview.status).toBe(201);
    expect((await business.client.post('/api/mass-message', { content: 'Season opener', filters: {} })).status).toBe(200);
    expect((await business.client.post('/api/demo-requests', { name: 'Owner', email: 'owner@example.com', preferredTime: 'Morning' })).status).toBe(201);
    expect((await business.client.post('/api/page-views', { path: '/search' })).status).toBe(204);
    await t.database.query(`update business_profiles set profile_picture_url = '/api/uploads/avatars/${f.avatarFile}' where id = ${business.businessId}`);
    // A payout the business sent and the pro staffer's transfer in it (decision record 025).
    const [payout] = await t.database.query<{ id: number }>(
      `insert into payouts (business_id, key, currency, amount_cents, status, stripe_customer_id, stripe_payment_method_id) values (${business.businessId}, 'export-payout', 'usd', 12500, 'paid', 'cus_export', 'pm_export') returning id`,
    );
    const [payoutItem] = await t.database.query<{ id: number }>(`insert into payout_items (payout_id, pro_staff_id, amount_cents, status) values (${payout.id}, ${proStaff.proStaffId}, 12500, 'paid') returning id`);

    const res = await downloadArchive(business.client);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="huntstaff-data-${business.user.id}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`));
    expect(res.headers['cache-control']).toBe('no-store');
    const entries = await readZip(res.archive);
    const sentPath = `files/message-attachments/${f.ids.attachment}-SECRET-brief.pdf`;
    const receivedPath = `files/message-attachments/${receivedAttachment}-SECRET-map.pdf`;
    const assetPath = `files/campaign-assets/${f.ids.campaignAsset}-SECRET-logo.pdf`;
    expect([...entries.keys()]).toEqual([`files/avatar/${f.avatarFile}`, sentPath, receivedPath, assetPath, 'data.json']);
    expect(entries.get(`files/avatar/${f.avatarFile}`)).toEqual(PNG);
    for (const path of [sentPath, receivedPath, assetPath]) expect(entries.get(path), path).toEqual(PDF);
    const doc = JSON.parse(entries.get('data.json')!.toString('utf8')) as Export;
    expect(doc.format).toBe('huntstaff-account-export/2');
    // data.json maps each file's row id to its place in the archive.
    expect(doc.files).toEqual([
      { kind: 'avatar', id: null, name: f.avatarFile, path: `files/avatar/${f.avatarFile}`, size: 0 },
      { kind: 'attachment', id: f.ids.attachment, name: 'SECRET-brief.pdf', path: sentPath, size: PDF.length, messageId: f.ids.message },
      { kind: 'attachment', id: receivedAttachment, name: 'SECRET-map.pdf', path: receivedPath, size: PDF.length, messageId: reply.body.id },
      { kind: 'campaignAsset', id: f.ids.campaignAsset, name: 'SECRET-logo.pdf', path: assetPath, size: PDF.length },
    ]);
    expect(doc.account).toMatchObject({ id: business.user.id, email: business.user.email, userType: 'business', termsVersion: expect.any(String), emailVerifiedAt: expect.any(String) });
    expect(doc.profile).toMatchObject({ id: business.businessId, companyName: 'Owner Outfitters' });
    expect(ids(doc.messagesSent)).toContain(f.ids.message);
    expect(ids(doc.messagesReceived)).toEqual([reply.body.id]);
    expect(ids(doc.attachments)).toEqual([f.ids.attachment, receivedAttachment]);
    // Payouts and the commission ledger: the business's payout, with its ledger entries.
    expect(doc.payoutsSent).toEqual([expect.objectContaining({ id: payout.id, amountCents: 12500, status: 'paid', currency: 'usd' })]);
    expect(doc.commissionEntries).toEqual([expect.objectContaining({ commissionId: f.ids.commission, kind: 'earned', amountMinor: 12_500 })]);
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
    expect(doc.demoRequests).toHaveLength(1);
    expect(doc.pageViews).toEqual([{ path: '/search', createdAt: expect.any(String) }]);
    expect(doc.sessions.length).toBeGreaterThan(0);
    for (const key of ['subscriptions', 'subscriptionPayments', 'trials', 'applicationsMade']) expect(doc[key]).toEqual([]);
    // Every section the repository builds reaches data.json (payouts were once built and dropped on the way).
    const built = await exportRows(t.app.ctx.db, business.user.id);
    for (const key of Object.keys(built)) expect(doc, key).toHaveProperty(key);
    expect(doc.payoutsReceived).toEqual([]);

    // No secrets: password hash, session token hashes, store keys and signing secrets.
    const text = JSON.stringify(doc);
    for (const secret of ['password', 'passwordHash', 'tokenHash', 'apiKeyHash', 'webhookSecret', 'totp', 'shpat_', 'sealed']) expect(text).not.toContain(secret);

    const proArchive = await readZip((await downloadArchive(proStaff.client)).archive);
    const credentialPath = `files/credential-documents/${f.ids.credential}-licence.pdf`;
    const photoPath = `files/proof-photos/${f.ids.campaignProofPhoto}-SECRET-blind.png`;
    // The pro staffer's archive: the attachment it received and the one it sent, its credential document and proof photo.
    expect([...proArchive.keys()]).toEqual([sentPath, receivedPath, credentialPath, photoPath, 'data.json']);
    expect(proArchive.get(credentialPath)).toEqual(PDF);
    expect(proArchive.get(photoPath)).toEqual(PNG);
    const pro = JSON.parse(proArchive.get('data.json')!.toString('utf8')) as Export;
    expect(pro.payoutsReceived).toEqual([expect.objectContaining({ id: payoutItem.id, payoutId: payout.id, amountCents: 12500, status: 'paid' })]);
    expect(pro.commissionEntries).toEqual([expect.objectContaining({ commissionId: f.ids.commission, kind: 'earned' })]);
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
    expect(pro.files).toContainEqual({ kind: 'campaignProofPhoto', id: f.ids.campaignProofPhoto, name: 'SECRET-blind.png', path: photoPath, size: PNG.length });
    expect(pro.credentials[0]).toMatchObject({ number: 'LIC-100', status: 'pending', documentName: 'licence.pdf' });
    expect(pro.files).toContainEqual({ kind: 'credential', id: f.ids.credential, name: 'licence.pdf', path: credentialPath, size: PDF.length });
    expect(ids(pro.messagesReceived)).toContain(f.ids.message);
    expect(ids(pro.messagesSent)).toEqual([reply.body.id]);
    expect(ids(pro.attachments)).toEqual([f.ids.attachment, receivedAttachment]);
    expect(ids(pro.commissions)).toEqual([f.ids.commission]);
    expect(ids(pro.reviewsWritten)).toEqual([f.ids.review]);
    expect(ids(pro.reviewsReceived)).toEqual([proReview.body.id]);
    expect(ids(pro.discountCodes)).toEqual([f.ids.discountCode]);
    expect(pro.jobPostings).toEqual([]);

    // Someone else's export holds none of it.
    const otherArchive = await readZip((await downloadArchive(f.otherBusiness.client)).archive);
    expect([...otherArchive.keys()]).toEqual(['data.json']);
    const other = JSON.parse(otherArchive.get('data.json')!.toString('utf8')) as Export;
    expect(JSON.stringify(other)).not.toContain('SECRET-');
    expect(other.messagesSent).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await t.anonymous().get('/api/account/export')).status).toBe(401);
  });
});

describe('exports by emailed link (built in the background)', () => {
  const linkIn = (text: string) => /\/api\/account\/export\/download\/([A-Za-z0-9_-]+)/.exec(text)![1];
  const readyMail = (email: string) => t.mailer.sent.find((m) => m.to === email && m.subject === 'Your HuntStaff data is ready')!;

  it('builds the archive on the task queue, mails a link only its signed-in owner can use, for 7 days, then 410', async () => {
    const f = await createFixtures(t);
    const res = await f.business.client.post('/api/account/export/email');
    expect(res.status).toBe(202);
    expect(res.body.message).toBe('We are preparing your file and will email you a download link.');
    // Only the row id is in the task: no token sits in the queue.
    const [task] = await t.database.query<{ payload: Record<string, unknown> }>(`select payload from background_tasks where kind = 'account.export'`);
    expect(Object.keys(task.payload)).toEqual(['exportId']);
    // Two runs of the task at once (a lease that ran out): one archive is kept and mailed, the other deleted.
    const claimed = { id: 0, kind: EXPORT_TASK, payload: task.payload, body: null, attempts: 1, maxAttempts: 5 } as ClaimedTask;
    await Promise.all([buildExportFile(t.app.ctx, claimed), buildExportFile(t.app.ctx, claimed)]);
    await t.app.ctx.tasks.drain();
    expect([...t.storage.files.keys()].filter((key) => key.startsWith('exports/'))).toHaveLength(1);
    expect(t.mailer.sent.filter((m) => m.subject === 'Your HuntStaff data is ready')).toHaveLength(1);

    const token = linkIn(readyMail(f.business.user.email).text);
    const download = await downloadArchive(f.business.client, `/api/account/export/download/${token}`);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="huntstaff-data-\d+-\d{4}-\d{2}-\d{2}\.zip"$/);
    const doc = await exportData<Export>(download.archive);
    expect(doc.account.email).toBe(f.business.user.email);
    expect(ids(doc.messagesSent)).toContain(f.ids.message);
    expect((await readZip(download.archive)).get(`files/message-attachments/${f.ids.attachment}-SECRET-brief.pdf`)).toEqual(PDF);

    expect((await f.otherBusiness.client.get(`/api/account/export/download/${token}`)).status).toBe(404);
    expect((await t.anonymous().get(`/api/account/export/download/${token}`)).status).toBe(401);
    expect((await f.business.client.get('/api/account/export/download/not-a-real-token-0123456789')).status).toBe(404);
    expect((await f.business.client.get('/api/account/export/download/bad!')).status).toBe(400);

    // After 7 days the link answers 410 Gone; the daily purge removes the file and the link still says why.
    await t.database.query(`update account_exports set expires_at = now() - interval '1 second'`);
    const expired = await f.business.client.get(`/api/account/export/download/${token}`);
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe('GONE');
    const files = t.storage.files.size;
    const { purgeExpiredExports } = await import('./export-service');
    expect(await purgeExpiredExports(t.app.ctx)).toEqual({ deleted: 1 });
    expect(t.storage.files.size).toBe(files - 1);
    expect((await f.business.client.get(`/api/account/export/download/${token}`)).status).toBe(410);
    // Thirty days on, the row goes too.
    await t.database.query(`update account_exports set expires_at = now() - interval '31 days'`);
    expect(await purgeExpiredExports(t.app.ctx)).toEqual({ deleted: 0 });
    expect(await t.database.query(`select id from account_exports`)).toEqual([]);
  });
  it('streams a 50 MB account with flat memory, and leaves an account over 25 MB of files to the task queue', async () => {
    const business = await createBusiness(t, { tier: 'enterprise' });
    const pro = await createProStaff(t);
    const message = await business.client.post('/api/messages', { toUserId: pro.user.id, content: 'Season photos' });
    expect(message.status).toBe(201);
    // Ten 5 MB attachments (one buffer in memory storage under ten keys: the files cost no memory of their own).
    const fileBytes = 5 * 1024 * 1024;
    const data = Buffer.alloc(fileBytes, 7);
    for (let i = 0; i < 10; i++) t.storage.files.set(`attachments/big${i}`, data);
    await t.database.query(
      `insert into message_attachments (message_id, uploader_id, file_name, file_size, file_type, storage_key)
       select ${message.body.id}, ${business.user.id}, 'photo-' || n || '.jpg', ${fileBytes}, 'image/jpeg', 'attachments/big' || n from generate_series(0, 9) n`,
    );

    // The archive goes out as it is written: memory grows by far less than the 50 MB it carries.
    const plan = await planExport(t.app.ctx, business.user.id);
    expect(plan.fileBytes).toBe(10 * fileBytes);
    const used = () => { const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers; };
    const before = used();
    let written = 0;
    let growth = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        growth = Math.max(growth, used() - before);
        done();
      },
    });
    await pipeline(exportArchive(t.app.ctx, plan), sink);
    expect(written).toBeGreaterThan(10 * fileBytes);
    expect(growth).toBeLessThan(16 * 1024 * 1024);

    // Over the threshold, the request answers 202 and leaves the archive to the task queue (the test above follows
    // a task-built archive through its emailed link).
    expect(plan.fileBytes).toBeGreaterThan(EXPORT_INLINE_MAX_BYTES);
    const res = await business.client.get('/api/account/export');
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: 'We are preparing your file and will email you a download link.' });
    const tasks = await t.database.query<{ payload: { exportId: number } }>(`select payload from background_tasks where kind = 'account.export'`);
    const requests = await t.database.query<{ id: number; user_id: number }>(`select id, user_id from account_exports`);
    expect(requests).toEqual([{ id: tasks[0].payload.exportId, user_id: business.user.id }]);
  });

  it('allows three requests an hour per account and needs a session', async () => {
    const f = await createFixtures(t);
    for (let i = 0; i < 3; i++) expect((await f.proStaff.client.post('/api/account/export/email')).status).toBe(202);
    expect((await f.proStaff.client.post('/api/account/export/email')).status).toBe(429);
    expect((await t.anonymous().post('/api/account/export/email')).status).toBe(401);
  });
});
