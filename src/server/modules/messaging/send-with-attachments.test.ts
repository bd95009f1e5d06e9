import { describe, expect, it } from 'vitest';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import { messageAttachments } from '@server/db/schema/messaging';
import { planFor } from '@shared/plans';
import type { UserEvent } from '@server/lib/events';

// A message with files is one request (issue 18 item 4): all of it goes out, or nothing does.

const t = useTestApp();

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'latin1');
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);
const URL = '/api/messages/with-attachments';

type File = { name: string; data: Buffer };

function form(fields: Record<string, string>, files: File[]) {
  const boundary = '----hsWithAttachments';
  const parts = [
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    ...files.flatMap((file) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ];
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function send(client: TestClient, fields: Record<string, string>, files: File[]) {
  const { payload, headers } = form(fields, files);
  const raw = await t.app.inject({ method: 'POST', url: URL, payload, headers: { ...headers, ...(client.cookie ? { cookie: client.cookie } : {}) } });
  return { status: raw.statusCode, body: raw.json() };
}

async function counts() {
  const [row] = await t.database.query<{ messages: number; attachments: number }>(
    'select (select count(*)::int from messages) as messages, (select count(*)::int from message_attachments) as attachments',
  );
  return { ...row, stored: t.storage.files.size };
}

async function pair() {
  const biz = await createBusiness(t, { tier: 'professional', companyName: 'Timber Co' });
  const pro = await createProStaff(t);
  return { biz, pro };
}

describe('POST /api/messages/with-attachments', () => {
  it('sends the message with both files in one request and tells the recipient', async () => {
    const { biz, pro } = await pair();
    const events: UserEvent[] = [];
    t.events.subscribe(pro.user.id, (event) => events.push(event));
    const res = await send(biz.client, { toUserId: String(pro.user.id), content: '  Contract and map  ' }, [
      { name: 'contract.pdf', data: PDF },
      { name: 'map.png', data: PNG },
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ fromUserId: biz.user.id, toUserId: pro.user.id, content: 'Contract and map' });
    expect(res.body.attachments).toMatchObject([
      { fileName: 'contract.pdf', fileType: 'application/pdf', fileSize: PDF.length },
      { fileName: 'map.png', fileType: 'image/png', fileSize: PNG.length },
    ]);
    expect(await counts()).toEqual({ messages: 1, attachments: 2, stored: 2 });

    const thread = await pro.client.get(`/api/messages?conversationId=${res.body.conversationId}`);
    expect(thread.body).toHaveLength(1);
    expect(thread.body[0].attachments).toEqual(res.body.attachments);
    const download = await pro.client.get(res.body.attachments[1].fileUrl);
    expect(download.raw.rawPayload.equals(PNG)).toBe(true);
    expect(events).toContainEqual(expect.objectContaining({ type: 'message.created', data: expect.objectContaining({ messageId: res.body.id, unreadCount: 1 }) }));

    // In an existing conversation too.
    const reply = await send(pro.client, { toUserId: String(biz.user.id), content: 'Signed', conversationId: String(res.body.conversationId) }, [{ name: 'signed.pdf', data: PDF }]);
    expect(reply.status).toBe(201);
    expect(reply.body.conversationId).toBe(res.body.conversationId);
  });

  it('refuses a renamed .exe by its content and writes nothing, not even the good file beside it', async () => {
    const { biz, pro } = await pair();
    const res = await send(biz.client, { toUserId: String(pro.user.id), content: 'Invoice' }, [
      { name: 'terms.pdf', data: PDF },
      { name: 'invoice.pdf', data: EXE },
    ]);
    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(res.body.error.message).toContain('"invoice.pdf" is not a file type you can attach');
    expect(await counts()).toEqual({ messages: 0, attachments: 0, stored: 0 });
    expect((await pro.client.get('/api/conversations')).body).toEqual([]);
  });

  it('refuses files over the storage quota, counting the bytes already used, with nothing written', async () => {
    const { biz, pro } = await pair();
    const first = await send(pro.client, { toUserId: String(biz.user.id), content: 'First' }, [{ name: 'a.pdf', data: PDF }]);
    expect(first.status).toBe(201);
    const quota = planFor('pro_staff', 'free').limits.fileStorageBytes!;
    // The stored file is made to use all but PDF.length + PNG.length - 1 bytes of the quota.
    await t.database.db.update(messageAttachments).set({ fileSize: quota - PDF.length - PNG.length + 1 });
    const before = await counts();
    const over = await send(pro.client, { toUserId: String(biz.user.id), content: 'Second' }, [
      { name: 'b.pdf', data: PDF },
      { name: 'c.png', data: PNG },
    ]);
    expect(over.status).toBe(402);
    expect(over.body.error).toMatchObject({ code: 'PLAN_LIMIT', details: { limit: quota, used: quota - PDF.length - PNG.length + 1, upgradeUrl: '/subscription' } });
    expect(await counts()).toEqual(before);
    // One byte less already used: both files fit exactly.
    await t.database.query('update message_attachments set file_size = file_size - 1');
    expect((await send(pro.client, { toUserId: String(biz.user.id), content: 'Second' }, [{ name: 'b.pdf', data: PDF }, { name: 'c.png', data: PNG }])).status).toBe(201);
  });

  it('checks the quota again when two sends race for the last free bytes: one goes out, the other is refused', async () => {
    const { biz, pro } = await pair();
    expect((await send(pro.client, { toUserId: String(biz.user.id), content: 'First' }, [{ name: 'a.pdf', data: PDF }])).status).toBe(201);
    const quota = planFor('pro_staff', 'free').limits.fileStorageBytes!;
    // Room for exactly one more PDF.
    await t.database.db.update(messageAttachments).set({ fileSize: quota - PDF.length });
    // Both requests pass the check before the files are stored; each waits at the store until the other got there.
    const put = t.storage.put.bind(t.storage);
    let arrived = 0;
    let release!: () => void;
    const bothStoring = new Promise<void>((resolve) => (release = resolve));
    t.storage.put = async (key, data) => {
      if (++arrived === 2) release();
      await bothStoring;
      return put(key, data);
    };
    const results = await Promise.all(['Race 1', 'Race 2'].map((content) => send(pro.client, { toUserId: String(biz.user.id), content }, [{ name: 'b.pdf', data: PDF }])));
    expect(results.map((r) => r.status).sort()).toEqual([201, 402]);
    expect(results.find((r) => r.status === 402)!.body.error).toMatchObject({ code: 'PLAN_LIMIT', details: { limit: quota, used: quota } });
    // The refused send's file is deleted again; its message was rolled back.
    expect(await counts()).toEqual({ messages: 2, attachments: 2, stored: 2 });
  });

  it('takes at most 10 files and at least one', async () => {
    const { biz, pro } = await pair();
    const files = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `part${i + 1}.pdf`, data: PDF }));
    const eleven = await send(biz.client, { toUserId: String(pro.user.id), content: 'All parts' }, files(11));
    expect(eleven.status).toBe(400);
    expect(eleven.body.error).toMatchObject({ code: 'VALIDATION', message: 'A message can have at most 10 attachments' });
    expect(await counts()).toEqual({ messages: 0, attachments: 0, stored: 0 });
    const none = await send(biz.client, { toUserId: String(pro.user.id), content: 'No file' }, []);
    expect(none.status).toBe(400);
    expect(await counts()).toEqual({ messages: 0, attachments: 0, stored: 0 });
    const ten = await send(biz.client, { toUserId: String(pro.user.id), content: 'All parts' }, files(10));
    expect(ten.status).toBe(201);
    expect(await counts()).toEqual({ messages: 1, attachments: 10, stored: 10 });
  });

  it('refuses an empty file and a file over 10 MB with nothing written', async () => {
    const { biz, pro } = await pair();
    const to = { toUserId: String(pro.user.id), content: 'Files' };
    expect((await send(biz.client, to, [{ name: 'a.pdf', data: PDF }, { name: 'empty.txt', data: Buffer.alloc(0) }])).status).toBe(400);
    const big = await send(biz.client, to, [{ name: 'a.pdf', data: PDF }, { name: 'big.txt', data: Buffer.alloc(10 * 1024 * 1024 + 1, 'a') }]);
    expect(big.status).toBe(413);
    expect(big.body.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Attachments can be at most 10 MB' });
    expect(await counts()).toEqual({ messages: 0, attachments: 0, stored: 0 });
  });

  it('is refused signed out, on a plan without file sharing and to someone you may not message', async () => {
    const { biz, pro } = await pair();
    const anon = new TestClient(t.app);
    expect((await send(anon, { toUserId: String(pro.user.id), content: 'Hi' }, [{ name: 'a.pdf', data: PDF }])).status).toBe(401);

    const freeBiz = await createBusiness(t);
    const free = await send(freeBiz.client, { toUserId: String(pro.user.id), content: 'File?' }, [{ name: 'a.pdf', data: PDF }]);
    expect(free.status).toBe(402);
    expect(free.body.error).toMatchObject({ code: 'PLAN_LIMIT', message: 'Your Free plan does not include file sharing.', details: { upgradeUrl: '/subscription' } });

    // The plan is checked before the files are read: a plan without file sharing hears that, not that the file
    // is too large.
    const huge = await send(freeBiz.client, { toUserId: String(pro.user.id), content: 'Big file?' }, [{ name: 'big.txt', data: Buffer.alloc(10 * 1024 * 1024 + 1, 'a') }]);
    expect(huge.status).toBe(402);
    expect(huge.body.error.code).toBe('PLAN_LIMIT');

    const file = [{ name: 'a.pdf', data: PDF }];
    expect((await send(biz.client, { toUserId: String(biz.user.id), content: 'Me' }, file)).status).toBe(400);
    expect((await send(biz.client, { toUserId: '999999', content: 'Nobody' }, file)).status).toBe(404);
    // A conversation the sender is not part of, and one that is with someone else.
    const outsider = await createBusiness(t, { tier: 'professional' });
    const theirs = await outsider.client.post('/api/messages', { toUserId: pro.user.id, content: 'Private' });
    expect((await send(biz.client, { toUserId: String(pro.user.id), content: 'Butting in', conversationId: String(theirs.body.conversationId) }, file)).status).toBe(403);
    const other = await createProStaff(t);
    const own = await biz.client.post('/api/messages', { toUserId: other.user.id, content: 'Hello' });
    expect((await send(biz.client, { toUserId: String(pro.user.id), content: 'Wrong thread', conversationId: String(own.body.conversationId) }, file)).status).toBe(400);
    expect(await counts()).toEqual({ messages: 2, attachments: 0, stored: 0 });
  });

  it('validates the text fields and needs multipart', async () => {
    const { biz, pro } = await pair();
    const file = [{ name: 'a.pdf', data: PDF }];
    expect((await send(biz.client, { toUserId: String(pro.user.id), content: '   ' }, file)).status).toBe(400);
    expect((await send(biz.client, { toUserId: 'abc', content: 'Hi' }, file)).status).toBe(400);
    expect((await send(biz.client, { toUserId: String(pro.user.id), content: 'bad\u0000text' }, file)).status).toBe(400);
    expect((await send(biz.client, { toUserId: String(pro.user.id), content: 'Hi', role: 'admin' }, file)).status).toBe(400);
    expect((await biz.client.post(URL, { toUserId: pro.user.id, content: 'Hi' })).status).toBe(415);
    expect(await counts()).toEqual({ messages: 0, attachments: 0, stored: 0 });
  });

  it('deletes the files it stored when storing a later one fails', async () => {
    const { biz, pro } = await pair();
    const put = t.storage.put.bind(t.storage);
    let calls = 0;
    t.storage.put = async (key, data) => {
      if (++calls === 2) throw new Error('disk full');
      return put(key, data);
    };
    const res = await send(biz.client, { toUserId: String(pro.user.id), content: 'Two files' }, [{ name: 'a.pdf', data: PDF }, { name: 'b.png', data: PNG }]);
    expect(res.status).toBe(500);
    expect(await counts()).toEqual({ messages: 0, attachments: 0, stored: 0 });
  });

  it('deletes the stored files when the message cannot be written', async () => {
    const { biz, pro } = await pair();
    // The free pro staff plan shares files but sends 10 messages a month; that quota is checked inside the
    // transaction, after the files were stored.
    const limit = planFor('pro_staff', 'free').limits.messagesPerMonth!;
    for (let i = 0; i < limit; i++) expect((await pro.client.post('/api/messages', { toUserId: biz.user.id, content: `m${i}` })).status).toBe(201);
    const res = await send(pro.client, { toUserId: String(biz.user.id), content: 'One too many' }, [{ name: 'a.pdf', data: PDF }]);
    expect(res.status).toBe(402);
    expect(await counts()).toEqual({ messages: limit, attachments: 0, stored: 0 });
  });
});
