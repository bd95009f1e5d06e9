import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, signUp } from '@server/test/factories';
import { UPLOADS_PER_TEN_MINUTES } from '@server/lib/rate-limits/registry';

const t = useTestApp();

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

function multipart(file: Buffer, filename: string, contentType: string) {
  const boundary = '----hs-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(cookie: string | undefined, file: Buffer, filename = 'me.png', contentType = 'image/png') {
  const { payload, headers } = multipart(file, filename, contentType);
  return t.app.inject({ method: 'POST', url: '/api/uploads/avatar', payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

describe('POST /api/uploads/avatar', () => {
  it('stores an image, applies it to the profile and serves it with cache headers', async () => {
    const pro = await createProStaff(t);
    const res = await upload(pro.client.cookie, PNG);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.url).toMatch(/^\/api\/uploads\/avatars\/[a-f0-9]{32}\.png$/);
    expect(body.appliedToProfile).toBe(true);
    expect([...t.storage.files.keys()]).toEqual([`avatars/${body.url.split('/').pop()}`]);

    const profile = await pro.client.get(`/api/pro-staff-profiles/${pro.proStaffId}`);
    expect(profile.body.profilePictureUrl).toBe(body.url);

    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('replaces the previous avatar and deletes its file', async () => {
    const business = await createBusiness(t);
    const first = (await upload(business.client.cookie, PNG)).json();
    const second = (await upload(business.client.cookie, JPEG, 'me.jpg', 'image/jpeg')).json();
    expect(second.url).toMatch(/\.jpg$/);
    expect([...t.storage.files.keys()]).toEqual([`avatars/${second.url.split('/').pop()}`]);
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);
  });

  it('returns the URL without a profile, for the create form to save', async () => {
    const { client } = await signUp(t, 'pro_staff');
    const res = await upload(client.cookie, PNG);
    expect(res.statusCode).toBe(201);
    expect(res.json().appliedToProfile).toBe(false);
    const saved = await client.post('/api/pro-staff-profiles', { firstName: 'A', lastName: 'B', profilePictureUrl: res.json().url });
    expect(saved.status).toBe(201);
    expect(saved.body.profilePictureUrl).toBe(res.json().url);
  });

  it('judges the type by the bytes, not the name (415)', async () => {
    const pro = await createProStaff(t);
    const res = await upload(pro.client.cookie, Buffer.from('<svg onload="alert(1)"></svg>'), 'evil.png', 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toContain('Invalid file type');
    const pdf = await upload(pro.client.cookie, Buffer.from('%PDF-1.7 rest'), 'doc.jpg', 'image/jpeg');
    expect(pdf.statusCode).toBe(415);
    expect(t.storage.files.size).toBe(0);
  });

  it('refuses files over 5 MB (413)', async () => {
    const pro = await createProStaff(t);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(pro.client.cookie, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toContain('smaller than 5MB');
    expect(t.storage.files.size).toBe(0);
  });

  it('requires login and a multipart body', async () => {
    expect((await upload(undefined, PNG)).statusCode).toBe(401);
    const pro = await createProStaff(t);
    const json = await pro.client.post('/api/uploads/avatar', { file: 'nope' });
    expect(json.status).toBe(415);
  });
  it('throttles a flood of uploads per user (429 with Retry-After) and stores nothing more', async () => {
    const pro = await createProStaff(t);
    const other = await createProStaff(t);
    for (let i = 0; i < UPLOADS_PER_TEN_MINUTES; i++) expect((await upload(pro.client.cookie, PNG)).statusCode).toBe(201);
    const stored = t.storage.files.size;
    const refused = await upload(pro.client.cookie, PNG);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(t.storage.files.size).toBe(stored);
    expect((await upload(other.client.cookie, PNG)).statusCode).toBe(201);
  });
});

describe('GET /api/uploads/avatars/:file', () => {
  it('answers 404 for an unknown file and 400 for a malformed name', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/avatars/${'a'.repeat(32)}.png` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/uploads/avatars/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(400);
  });
});
