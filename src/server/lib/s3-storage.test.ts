import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { createTestApp, TestClient, type TestApp } from '@server/test/test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import { startS3Server, type S3TestServer } from '@server/test/s3-server';
import { S3Storage } from './s3-storage';

// Uploads on object storage (decision record 026), against s3rver: a real S3-protocol server on a loopback port.

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

const storageFor = (env: Record<string, string>) => new S3Storage(loadConfig({ NODE_ENV: 'test', ...env }).s3!);

describe('S3Storage', () => {
  it('stores, streams back and deletes an object', async () => {
    const storage = storageFor(s3.env);
    await storage.put('avatars/0123abcd.png', Buffer.from('picture bytes'));
    const stored = await storage.get('avatars/0123abcd.png');
    expect(stored?.size).toBe('picture bytes'.length);
    expect(await text(stored!.stream)).toBe('picture bytes');
    await storage.delete('avatars/0123abcd.png');
    expect(await storage.get('avatars/0123abcd.png')).toBeNull();
    // A streamed body of known length (an export archive, record 027).
    await storage.putStream('exports/0123abcd.zip', Readable.from([Buffer.from('archive '), Buffer.from('bytes')]), 13);
    expect(await text((await storage.get('exports/0123abcd.zip'))!.stream)).toBe('archive bytes');
    await storage.delete('exports/0123abcd.zip');
    expect(await storage.get('exports/0123abcd.zip')).toBeNull();
    storage.close();
  });

  it('answers null for a missing object and refuses keys that are not ours', async () => {
    const storage = storageFor(s3.env);
    expect(await storage.get('attachments/ffff.pdf')).toBeNull();
    expect(await storage.get('../secrets')).toBeNull();
    await expect(storage.put('../x/y', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    storage.close();
  });

  it('fails loudly with wrong credentials (nothing is stored)', async () => {
    const storage = storageFor({ ...s3.env, S3_ACCESS_KEY_ID: 'SOMEONE-ELSE', S3_SECRET_ACCESS_KEY: 'not-the-secret' });
    await expect(storage.put('avatars/abcd.png', Buffer.from('x'))).rejects.toThrow();
    expect(fs.readdirSync(path.join(s3.directory, 'hs-test')).filter((name) => !name.startsWith('.'))).toEqual([]);
    storage.close();
  });

  it('chooses S3 from S3_BUCKET, path-style when an endpoint is given', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).s3).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000' }).s3).toMatchObject({ bucket: 'b', forcePathStyle: true, region: 'us-east-1' });
    expect(loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'b' }).s3?.forcePathStyle).toBe(false);
  });
});

describe('uploads through the API on S3', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(s3.env, { storageFromConfig: true });
  });
  afterEach(async () => {
    await t.close();
  });

  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
  const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'latin1');

  function multipart(fileName: string, data: Buffer, contentType: string) {
    const boundary = '----hs-s3-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  const post = (client: TestClient, url: string, fileName: string, data: Buffer, contentType: string) => {
    const { payload, headers } = multipart(fileName, data, contentType);
    return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie: client.cookie ?? '' } });
  };

  it('stores an avatar in the bucket, serves it with the same headers and deletes the old one when replaced', async () => {
    expect(t.app.ctx.storage).toBeInstanceOf(S3Storage);
    const pro = await createProStaff(t);
    const first = (await post(pro.client, '/api/uploads/avatar', 'me.png', PNG, 'image/png')).json();
    const served = await t.app.inject({ method: 'GET', url: first.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const key = `avatars/${first.url.split('/').pop()}`;
    expect(await t.app.ctx.storage.get(key)).not.toBeNull();

    const second = (await post(pro.client, '/api/uploads/avatar', 'me.png', PNG, 'image/png')).json();
    expect((await t.app.inject({ method: 'GET', url: second.url })).statusCode).toBe(200);
    expect(await t.app.ctx.storage.get(key)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);
  });

  it('lets only the two participants download an attachment stored in the bucket', async () => {
    const biz = await createBusiness(t, { tier: 'professional' });
    const pro = await createProStaff(t);
    const sent = await pro.client.post('/api/messages', { toUserId: biz.user.id, content: 'See attached' });
    const res = await post(pro.client, `/api/messages/${sent.body.id}/attachments`, 'résumé.pdf', PDF, 'application/pdf');
    expect(res.statusCode).toBe(201);
    const { fileUrl } = res.json();
    for (const client of [biz.client, pro.client]) {
      const download = await client.get(fileUrl);
      expect(download.status).toBe(200);
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="r_sum_.pdf"/);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-length']).toBe(String(PDF.length));
      expect(download.raw.rawPayload.equals(PDF)).toBe(true);
    }
    expect((await (await createBusiness(t)).client.get(fileUrl)).status).toBe(404);
    expect((await new TestClient(t.app).get(fileUrl)).status).toBe(401);
  });
});
