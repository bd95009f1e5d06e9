import { describe, expect, it } from 'vitest';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, signUp } from '@server/test/factories';
import type { UserEvent } from '@server/lib/events';
import { messageAttachments } from '@server/db/schema/messaging';
import { planFor } from '@shared/plans';

const t = useTestApp();

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'latin1');

function multipart(fileName: string, data: Buffer, contentType = 'application/octet-stream') {
  const boundary = '----hsTestBoundary7MA4YWxkTrZu0gW';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(client: TestClient, messageId: number, fileName: string, data: Buffer) {
  const { payload, headers } = multipart(fileName, data);
  const raw = await t.app.inject({ method: 'POST', url: `/api/messages/${messageId}/attachments`, payload, headers: { ...headers, ...(client.cookie ? { cookie: client.cookie } : {}) } });
  return { status: raw.statusCode, body: raw.json() };
}

describe('direct messages', () => {
  it('sends, creates one conversation per pair and lists it for both sides', async () => {
    const biz = await createBusiness(t, { tier: 'professional', companyName: 'Timber Co' });
    const pro = await createProStaff(t, { firstName: 'Jake', lastName: 'Morrison' });

    const first = await biz.client.post('/api/messages', { toUserId: pro.user.id, content: '  Hello there  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ fromUserId: biz.user.id, toUserId: pro.user.id, content: 'Hello there', isRead: false });

    const reply = await pro.client.post('/api/messages', { toUserId: biz.user.id, content: 'Hi!', conversationId: first.body.conversationId });
    expect(reply.status).toBe(201);
    expect(reply.body.conversationId).toBe(first.body.conversationId);

    const again = await biz.client.post('/api/messages', { toUserId: pro.user.id, content: 'Second' });
    expect(again.body.conversationId).toBe(first.body.conversationId);

    const bizList = await biz.client.get('/api/conversations');
    expect(bizList.status).toBe(200);
    expect(bizList.body).toHaveLength(1);
    expect(bizList.body[0]).toMatchObject({
      id: first.body.conversationId,
      otherUser: { id: pro.user.id, email: pro.user.email, userType: 'pro_staff', name: 'Jake Morrison' },
      lastMessage: { content: 'Second' },
      unreadCount: 1,
    });

    const proList = await pro.client.get('/api/conversations');
    expect(proList.body[0]).toMatchObject({ otherUser: { id: biz.user.id, userType: 'business', name: 'Timber Co' }, unreadCount: 2 });

    const summaries = await pro.client.get(`/api/messages/conversations/${pro.user.id}`);
    expect(summaries.status).toBe(200);
    expect(summaries.body[0]).toMatchObject({ lastMessage: 'Second', unreadCount: 2, otherUser: { name: 'Timber Co' } });
  });

  it('rejects blank, too long, self-addressed and unknown-recipient messages', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    const pro = await createProStaff(t);
    expect((await biz.client.post('/api/messages', { toUserId: pro.user.id, content: '   ' })).status).toBe(400);
    expect((await biz.client.post('/api/messages', { toUserId: pro.user.id, content: 'x'.repeat(5001) })).status).toBe(400);
    expect((await biz.client.post('/api/messages', { toUserId: pro.user.id, content: 'x'.repeat(5000) })).status).toBe(201);
    expect((await biz.client.post('/api/messages', { content: 'hi' })).status).toBe(400);
    expect((await biz.client.post('/api/messages', { toUserId: biz.user.id, content: 'me' })).status).toBe(400);
    expect((await biz.client.post('/api/messages', { toUserId: 999999, content: 'hi' })).status).toBe(404);
  });

  it('refuses a conversation id that belongs to other people', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    const pro = await createProStaff(t);
    const other = await createProStaff(t);
    const sent = await biz.client.post('/api/messages', { toUserId: pro.user.id, content: 'Hi' });
    const res = await other.client.post('/api/messages', { toUserId: biz.user.id, content: 'sneak', conversationId: sent.body.conversationId });
    expect(res.status).toBe(403);
    const wrongPerson = await biz.client.post('/api/messages', { toUserId: other.user.id, content: 'x', conversationId: sent.body.conversationId });
    expect(wrongPerson.status).toBe(400);
  });

  it('requires login', async () => {
    const anon = new TestClient(t.app);
    expect((await anon.get('/api/conversations')).status).toBe(401);
    expect((await anon.get('/api/messages?conversationId=1')).status).toBe(401);
    expect((await anon.post('/api/messages', { toUserId: 1, content: 'x' })).status).toBe(401);
    expect((await anon.post('/api/messages/1/read')).status).toBe(401);
    expect((await anon.get('/api/messages/unread/1')).status).toBe(401);
    expect((await anon.get('/api/messages/conversations/1')).status).toBe(401);
    expect((await anon.post('/api/mass-message', { content: 'x' })).status).toBe(401);
    expect((await anon.get('/api/events')).status).toBe(401);
    expect((await anon.get('/api/messages/attachments/1')).status).toBe(401);
  });
});

describe('reading a conversation', () => {
  it('lists messages oldest first for participants only, with paging', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const pro = await createProStaff(t);
    const outsider = await createProStaff(t);
    let conversationId = 0;
    for (let i = 1; i <= 5; i++) {
      const res = await biz.client.post('/api/messages', { toUserId: pro.user.id, content: `m${i}` });
      conversationId = res.body.conversationId;
    }
    const all = await pro.client.get(`/api/messages?conversationId=${conversationId}`);
    expect(all.status).toBe(200);
    expect(all.body.map((m: { content: string }) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);

    const latest = await pro.client.get(`/api/messages?conversationId=${conversationId}&limit=2`);
    expect(latest.body.map((m: { content: string }) => m.content)).toEqual(['m4', 'm5']);
    const earlier = await pro.client.get(`/api/messages?conversationId=${conversationId}&limit=2&before=${latest.body[0].id}`);
    expect(earlier.body.map((m: { content: string }) => m.content)).toEqual(['m2', 'm3']);

    expect((await outsider.client.get(`/api/messages?conversationId=${conversationId}`)).status).toBe(403);
    expect((await pro.client.get('/api/messages?conversationId=424242')).status).toBe(404);
    expect((await pro.client.get('/api/messages')).status).toBe(400);
  });

  it('lets only the recipient mark a message read and updates the unread count', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    const pro = await createProStaff(t);
    const outsider = await createBusiness(t);
    const sent = await biz.client.post('/api/messages', { toUserId: pro.user.id, content: 'Read me' });

    expect((await pro.client.get(`/api/messages/unread/${pro.user.id}`)).body).toEqual({ count: 1 });
    expect((await biz.client.post(`/api/messages/${sent.body.id}/read`)).status).toBe(403);
    expect((await outsider.client.post(`/api/messages/${sent.body.id}/read`)).status).toBe(403);
    expect((await pro.client.post('/api/messages/999999/read')).status).toBe(404);
    expect((await pro.client.post('/api/messages/abc/read')).status).toBe(400);

    const read = await pro.client.post(`/api/messages/${sent.body.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: sent.body.id, isRead: true });
    expect((await pro.client.get(`/api/messages/unread/${pro.user.id}`)).body).toEqual({ count: 0 });
    const thread = await biz.client.get(`/api/messages?conversationId=${sent.body.conversationId}`);
    expect(thread.body[0].isRead).toBe(true);
  });

  it('keeps unread counts and conversation lists private', async () => {
    const biz = await createBusiness(t);
    const pro = await createProStaff(t);
    expect((await biz.client.get(`/api/messages/unread/${pro.user.id}`)).status).toBe(403);
    expect((await biz.client.get(`/api/messages/conversations/${pro.user.id}`)).status).toBe(403);
    expect((await biz.client.get('/api/messages/unread/abc')).status).toBe(400);
  });

  it('looks up who a new conversation would be with', async () => {
    const biz = await createBusiness(t, { tier: 'professional', companyName: 'Ridge Co' });
    const pro = await createProStaff(t);
    const before = await pro.client.get(`/api/conversations/with/${biz.user.id}`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ otherUser: { id: biz.user.id, name: 'Ridge Co' }, conversation: null });
    await biz.client.post('/api/messages', { toUserId: pro.user.id, content: 'Hi' });
    const after = await pro.client.get(`/api/conversations/with/${biz.user.id}`);
    expect(after.body.conversation).toMatchObject({ unreadCount: 1 });
    expect((await pro.client.get(`/api/conversations/with/${pro.user.id}`)).status).toBe(400);
    expect((await pro.client.get('/api/conversations/with/999999')).status).toBe(404);
  });
});

describe('plan limits on direct messages', () => {
  it('slows down floods even on unlimited plans with 429 and Retry-After', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const pro = await createProStaff(t);
    for (let i = 0; i < 60; i++) await biz.client.post('/api/messages', { toUserId: pro.user.id, content: `m${i}` });
    const res = await biz.client.post('/api/messages', { toUserId: pro.user.id, content: 'flood' });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('stops a free business after 5 messages this month with 402 PLAN_LIMIT', async () => {
    const biz = await createBusiness(t);
    const pro = await createProStaff(t);
    for (let i = 0; i < 5; i++) {
      expect((await biz.client.post('/api/messages', { toUserId: pro.user.id, content: `m${i}` })).status).toBe(201);
    }
    const over = await biz.client.post('/api/messages', { toUserId: pro.user.id, content: 'one too many' });
    expect(over.status).toBe(402);
    expect(over.body.error.code).toBe('PLAN_LIMIT');
  });

  it('gives free pro staff 10 messages and pro tier unlimited', async () => {
    const biz = await createBusiness(t, { tier: 'enterprise' });
    const free = await createProStaff(t);
    const paid = await createProStaff(t, { tier: 'pro' });
    for (let i = 0; i < 10; i++) await free.client.post('/api/messages', { toUserId: biz.user.id, content: `m${i}` });
    expect((await free.client.post('/api/messages', { toUserId: biz.user.id, content: 'x' })).status).toBe(402);
    for (let i = 0; i < 11; i++) {
      expect((await paid.client.post('/api/messages', { toUserId: biz.user.id, content: `m${i}` })).status).toBe(201);
    }
  });
});

describe('attachments', () => {
  async function conversationPair() {
    const biz = await createBusiness(t, { tier: 'professional' });
    const pro = await createProStaff(t);
    const sent = await pro.client.post('/api/messages', { toUserId: biz.user.id, content: 'See attached' });
    return { biz, pro, messageId: sent.body.id as number, conversationId: sent.body.conversationId as number };
  }

  it('stores a real upload and lets only the two participants download it', async () => {
    const { biz, pro, messageId, conversationId } = await conversationPair();
    const res = await upload(pro.client, messageId, 'résumé.pdf', PDF);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ messageId, fileName: 'résumé.pdf', fileSize: PDF.length, fileType: 'application/pdf' });
    expect(t.storage.files.size).toBe(1);
    expect([...t.storage.files.keys()][0]).toMatch(/^attachments\/[0-9a-f]{32}\.pdf$/);

    const thread = await biz.client.get(`/api/messages?conversationId=${conversationId}`);
    expect(thread.body[0].attachments).toEqual([res.body]);

    for (const client of [biz.client, pro.client]) {
      const download = await client.get(res.body.fileUrl);
      expect(download.status).toBe(200);
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="r_sum_.pdf"; filename\*=UTF-8''r%C3%A9sum%C3%A9\.pdf$/);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.raw.rawPayload.equals(PDF)).toBe(true);
    }
    const outsider = await createBusiness(t);
    expect((await outsider.client.get(res.body.fileUrl)).status).toBe(404);
  });

  it('lists each message of a thread with its own files only', async () => {
    const { biz, pro, messageId, conversationId } = await conversationPair();
    const second = await pro.client.post('/api/messages', { toUserId: biz.user.id, content: 'And a photo', conversationId });
    const pdf = await upload(pro.client, messageId, 'contract.pdf', PDF);
    const png = await upload(pro.client, second.body.id, 'map.png', PNG);
    const third = await pro.client.post('/api/messages', { toUserId: biz.user.id, content: 'No file here', conversationId });
    const thread = await biz.client.get(`/api/messages?conversationId=${conversationId}`);
    const filesOf = (id: number) => thread.body.find((m: { id: number }) => m.id === id).attachments.map((a: { fileName: string }) => a.fileName);
    expect(filesOf(messageId)).toEqual(['contract.pdf']);
    expect(filesOf(second.body.id)).toEqual(['map.png']);
    expect(filesOf(third.body.id)).toEqual([]);
    expect(pdf.status).toBe(201);
    expect(png.status).toBe(201);
  });

  it('tells the recipient when a file is added to a message they got, and not the sender', async () => {
    const { biz, pro, messageId, conversationId } = await conversationPair();
    const toBiz: UserEvent[] = [];
    const toPro: UserEvent[] = [];
    t.events.subscribe(biz.user.id, (e) => toBiz.push(e));
    t.events.subscribe(pro.user.id, (e) => toPro.push(e));
    expect((await upload(pro.client, messageId, 'contract.pdf', PDF)).status).toBe(201);
    expect(toBiz).toEqual([{ type: 'message.created', data: { messageId, conversationId, fromUserId: pro.user.id } }]);
    expect(toPro).toEqual([]);
  });

  it('checks the type by content, not by name', async () => {
    const { pro, messageId } = await conversationPair();
    const exe = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);
    expect((await upload(pro.client, messageId, 'invoice.pdf', exe)).status).toBe(415);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
    expect((await upload(pro.client, messageId, 'photo.webp', webp)).status).toBe(415);
    const png = await upload(pro.client, messageId, 'photo.txt', PNG);
    expect(png.status).toBe(201);
    expect(png.body).toMatchObject({ fileName: 'photo.txt.png', fileType: 'image/png' });
    const text = await upload(pro.client, messageId, 'notes.txt', Buffer.from('Season schedule\n'));
    expect(text.body).toMatchObject({ fileName: 'notes.txt', fileType: 'text/plain' });
    expect((await upload(pro.client, messageId, 'empty.txt', Buffer.alloc(0))).status).toBe(400);
  });

  it('refuses files over 10 MB with 413', async () => {
    const { pro, messageId } = await conversationPair();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    expect((await upload(pro.client, messageId, 'big.txt', big)).status).toBe(413);
    expect(t.storage.files.size).toBe(0);
  });

  it('only the sender attaches, and the plan storage quota applies', async () => {
    const { biz, pro, messageId } = await conversationPair();
    expect((await upload(biz.client, messageId, 'a.pdf', PDF)).status).toBe(403);
    const outsider = await createProStaff(t);
    expect((await upload(outsider.client, messageId, 'a.pdf', PDF)).status).toBe(403);
    expect((await upload(pro.client, 999999, 'a.pdf', PDF)).status).toBe(404);
    const anon = new TestClient(t.app);
    expect((await upload(anon, messageId, 'a.pdf', PDF)).status).toBe(401);

    const freeBiz = await createBusiness(t);
    const sent = await freeBiz.client.post('/api/messages', { toUserId: pro.user.id, content: 'file?' });
    const blocked = await upload(freeBiz.client, sent.body.id, 'a.pdf', PDF);
    expect(blocked.status).toBe(402);
    expect(blocked.body.error.code).toBe('PLAN_LIMIT');
  });

  it('allows at most 10 attachments per message', async () => {
    const { biz, pro, messageId } = await conversationPair();
    for (let i = 1; i <= 10; i++) expect((await upload(pro.client, messageId, `part${i}.pdf`, PDF)).status).toBe(201);
    const eleventh = await upload(pro.client, messageId, 'part11.pdf', PDF);
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.error).toMatchObject({ code: 'VALIDATION', message: 'A message can have at most 10 attachments' });
    expect(t.storage.files.size).toBe(10);
    // The limit is per message: a new message takes files again.
    const next = await pro.client.post('/api/messages', { toUserId: biz.user.id, content: 'More' });
    expect((await upload(pro.client, next.body.id, 'more.pdf', PDF)).status).toBe(201);
  });

  it('counts the bytes already used against the storage quota', async () => {
    const { pro, messageId } = await conversationPair();
    const quota = planFor('pro_staff', 'free').limits.fileStorageBytes!;
    // Files already stored use all but PDF.length - 1 bytes of the free plan's quota.
    await t.database.db.insert(messageAttachments).values({
      messageId, uploaderId: pro.user.id, fileName: 'old.pdf', fileSize: quota - PDF.length + 1, fileType: 'application/pdf', storageKey: 'attachments/old.pdf',
    });
    const over = await upload(pro.client, messageId, 'new.pdf', PDF);
    expect(over.status).toBe(402);
    expect(over.body.error).toMatchObject({ code: 'PLAN_LIMIT', details: { limit: quota, used: quota - PDF.length + 1 } });
    expect(t.storage.files.size).toBe(0);
    // One byte less already used: the file fits exactly.
    await t.database.query(`update message_attachments set file_size = file_size - 1 where uploader_id = ${pro.user.id}`);
    expect((await upload(pro.client, messageId, 'new.pdf', PDF)).status).toBe(201);
  });

  it('needs multipart', async () => {
    const { pro, messageId } = await conversationPair();
    const res = await pro.client.post(`/api/messages/${messageId}/attachments`, { fileName: 'x.pdf' });
    expect(res.status).toBe(415);
  });
});

describe('mass messaging', () => {
  async function staffPool() {
    await createProStaff(t, { specialties: ['Elk Hunting', 'Bow Hunting'], location: 'Bozeman, MT' });
    await createProStaff(t, { specialties: ['Duck Hunting'], location: 'Stuttgart, AR' });
    await createProStaff(t, { specialties: ['Bow Hunting'], location: 'Missoula, MT' });
    await createProStaff(t, { specialties: ['Turkey Hunting'], location: 'Asheville, NC' });
  }

  it('sends to every pro staffer matching the filters in one go', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    await staffPool();
    await signUp(t, 'pro_staff'); // no profile: not a recipient

    const all = await biz.client.post('/api/mass-message', { content: 'Hiring for fall', filters: {} });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ messageCount: 4, status: 'sent' });

    const bow = await biz.client.post('/api/mass-message', { content: 'Bow folks', filters: { specialties: ['Bow Hunting'] } });
    expect(bow.body).toMatchObject({ messageCount: 2, status: 'sent' });
    const montanaBow = await biz.client.post('/api/mass-message', { content: 'MT', filters: { specialties: ['Bow Hunting', 'Duck Hunting'], location: ', mt' } });
    expect(montanaBow.body).toMatchObject({ messageCount: 2, status: 'sent' });
    const nobody = await biz.client.post('/api/mass-message', { content: 'x', filters: { location: 'Nowhere%' } });
    expect(nobody.body).toMatchObject({ messageCount: 0, status: 'sent' });

    // Conversations are reused, not duplicated.
    const conversations = await biz.client.get('/api/conversations');
    expect(conversations.body).toHaveLength(4);
    const elk = conversations.body.find((c: { otherUser: { name: string } }) => c.otherUser.name === 'Pat Hunter');
    expect(elk).toBeTruthy();
    // Mass sends do not use up the direct message quota.
    const direct = await biz.client.post('/api/messages', { toUserId: conversations.body[0].otherUser.id, content: 'direct' });
    expect(direct.status).toBe(201);
  });

  it('validates content and filters', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    expect((await biz.client.post('/api/mass-message', { content: '  ', filters: {} })).status).toBe(400);
    expect((await biz.client.post('/api/mass-message', { content: 'x', filters: { specialties: ['Knitting'] } })).status).toBe(400);
  });

  it('is for businesses only', async () => {
    const pro = await createProStaff(t);
    expect((await pro.client.post('/api/mass-message', { content: 'x', filters: {} })).status).toBe(403);
  });

  it('enforces recipients per send by plan', async () => {
    const free = await createBusiness(t);
    await createProStaff(t);
    const none = await free.client.post('/api/mass-message', { content: 'x', filters: {} });
    expect(none.status).toBe(402);
    expect(none.body.error.code).toBe('PLAN_LIMIT');
    expect(none.body.error.message).toContain('does not include mass messaging');

    const startup = await createBusiness(t, { tier: 'startup' });
    for (let i = 0; i < 50; i++) await signUpStaffDirect(i);
    // 51 pro staff now exist: one over the Startup limit of 50.
    const over = await startup.client.post('/api/mass-message', { content: 'x', filters: {} });
    expect(over.status).toBe(402);
    expect(over.body.error.message).toContain('at most 50 recipients, and 51 pro staff match');
    expect((await startup.client.get('/api/conversations')).body).toHaveLength(0);
    const fits = await startup.client.post('/api/mass-message', { content: 'x', filters: { specialties: ['Bow Hunting'] } });
    expect(fits.status).toBe(200);
    expect(fits.body.messageCount).toBe(1);
    const enterprise = await createBusiness(t, { tier: 'enterprise' });
    expect((await enterprise.client.post('/api/mass-message', { content: 'x', filters: {} })).body).toMatchObject({ messageCount: 51, status: 'sent' });
  });
});

async function signUpStaffDirect(i: number) {
  const { users } = await import('@server/db/schema/users');
  const { proStaffProfiles } = await import('@server/db/schema/profiles');
  const [row] = await t.database.db
    .insert(users)
    .values({ email: `bulk${i}.${process.pid}@example.com`, passwordHash: 'x', userType: 'pro_staff' })
    .returning({ id: users.id });
  await t.database.db.insert(proStaffProfiles).values({ userId: row.id, firstName: 'Bulk', lastName: String(i), specialties: ['Deer Hunting'] });
}

describe('realtime events', () => {
  it('publishes new messages and read receipts to the right users', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    const pro = await createProStaff(t);
    const toPro: UserEvent[] = [];
    const toBiz: UserEvent[] = [];
    t.events.subscribe(pro.user.id, (e) => toPro.push(e));
    t.events.subscribe(biz.user.id, (e) => toBiz.push(e));
    const sent = await biz.client.post('/api/messages', { toUserId: pro.user.id, content: 'Live?' });
    expect(toPro).toEqual([
      { type: 'message.created', data: { messageId: sent.body.id, conversationId: sent.body.conversationId, fromUserId: biz.user.id, unreadCount: 1 } },
    ]);
    await pro.client.post(`/api/messages/${sent.body.id}/read`);
    expect(toBiz.at(-1)).toEqual({ type: 'message.read', data: { messageId: sent.body.id, conversationId: sent.body.conversationId } });
    expect(toPro.at(-1)).toEqual({ type: 'unread-count', data: { count: 0 } });
  });

  it('sends no second read receipt, and keeps the first read, when a read message is marked read again', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    const pro = await createProStaff(t);
    const sent = await biz.client.post('/api/messages', { toUserId: pro.user.id, content: 'Read me once' });
    await pro.client.post(`/api/messages/${sent.body.id}/read`);
    const [first] = await t.database.query<{ readAt: string }>(`select read_at::text as "readAt" from messages where id = ${sent.body.id}`);
    const toBiz: UserEvent[] = [];
    const toPro: UserEvent[] = [];
    t.events.subscribe(biz.user.id, (e) => toBiz.push(e));
    t.events.subscribe(pro.user.id, (e) => toPro.push(e));
    const again = await pro.client.post(`/api/messages/${sent.body.id}/read`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: sent.body.id, isRead: true });
    expect(toBiz).toEqual([]);
    expect(toPro).toEqual([]);
    const [still] = await t.database.query<{ readAt: string }>(`select read_at::text as "readAt" from messages where id = ${sent.body.id}`);
    expect(still.readAt).toBe(first.readAt);
  });

  it('streams events to the open tab over Server-Sent Events', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    const pro = await createProStaff(t);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/events`, { headers: { cookie: pro.client.cookie! }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    };
    await readUntil('event: unread-count\ndata: {"count":0}');
    const sent = await biz.client.post('/api/messages', { toUserId: pro.user.id, content: 'Over SSE' });
    await readUntil(`"messageId":${sent.body.id}`);
    expect(text).toContain(`event: message.created\ndata: {"messageId":${sent.body.id},"conversationId":${sent.body.conversationId}`);
    // Other features' notifications are forwarded too.
    await t.events.publish(pro.user.id, { type: 'commission.created', data: { commissionId: 7, status: 'pending' } });
    await readUntil('commission.created');
    expect(text).toContain('event: commission.created\ndata: {"commissionId":7,"status":"pending"}');
    controller.abort();
  });
});
