import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { loadConfig } from './config';
import { TestClient } from './test/test-app';
import { useTestApp } from './test/use-test-app';
import { testDatabase, resetDatabase } from './test/test-db';
import { createBusiness } from './test/factories';
import { findInvalidText, hasInvalidText } from './lib/text-input';
import { logSafeError } from './lib/log-safe-error';

// Issue 17 item 4 and decision record 018: invalid text is refused at the edge with a 400; error logs carry no request data.

const t = useTestApp();

const jobBody = { title: 'Elk Guide', description: 'Guide archery elk hunts.', location: 'Bozeman, MT', specialties: ['Elk Hunting'], compensation: '$300 per day' };

function expectRefused(res: { status: number; body: any }) {
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('VALIDATION');
  expect(typeof res.body.error.message).toBe('string');
}

describe('invalid text in query strings', () => {
  it.each([
    '/api/job-postings?q=x%00',
    '/api/pro-staff-profiles?location=x%00',
    '/api/pro-staff-profiles?search=%00',
    '/api/job-postings?q=bell%07',
    '/api/job-postings?location=%1B%5B31m',
  ])('GET %s is a 400, not a 500', async (url) => {
    expectRefused(await new TestClient(t.app).get(url));
  });

  it('tabs, new lines and any valid Unicode still pass', async () => {
    const res = await new TestClient(t.app).get(`/api/job-postings?q=${encodeURIComponent('élan\tnew\nline 🦌 日本')}`);
    expect(res.status).toBe(200);
  });

  it('a malformed or over-long path is refused in the error shape', async () => {
    const bad = await new TestClient(t.app).get('/api/job-postings/%ED%A0%80');
    expectRefused(bad);
    const long = await new TestClient(t.app).get(`/api/job-postings/${'9'.repeat(200)}`);
    expect(long.status).toBe(414);
    expect(long.body.error.code).toBe('VALIDATION');
  });

  it('a NUL in a path parameter is a 400', async () => {
    expectRefused(await new TestClient(t.app).get('/api/job-postings/1%00'));
  });
});

describe('invalid text in JSON bodies', () => {
  it('a NUL in a field is a 400 and nothing is written', async () => {
    const business = await createBusiness(t, { tier: 'enterprise' });
    const res = await business.client.post('/api/job-postings', { ...jobBody, title: 'Elk\u0000Guide' });
    expectRefused(res);
    expect(res.body.error.details).toEqual([{ path: 'title', message: expect.any(String) }]);
    expect((await new TestClient(t.app).get('/api/job-postings')).body.items ?? []).toHaveLength(0);
  });

  it('a lone surrogate (sent as a JSON escape) is a 400', async () => {
    const business = await createBusiness(t, { tier: 'enterprise' });
    const raw = JSON.stringify({ ...jobBody, description: 'x' }).replace('"x"', '"bad \\ud800 half"');
    const res = await business.client.request('POST', '/api/job-postings', raw, { 'content-type': 'application/json' });
    expectRefused(res);
    expect(res.body.error.details[0].path).toBe('description');
  });

  it('a NUL nested in an array or in a key is a 400', async () => {
    const business = await createBusiness(t, { tier: 'enterprise' });
    expectRefused(await business.client.post('/api/job-postings', { ...jobBody, specialties: ['Elk Hunting', 'a\u0000'] }));
    expectRefused(await business.client.post('/api/job-postings', { ...jobBody, ['ti\u0000tle']: 'x' }));
  });

  it('unauthenticated endpoints refuse too (register)', async () => {
    const res = await new TestClient(t.app).post('/api/auth/register', { email: 'nul@example.com', password: 'trail-cam-2026\u0000', userType: 'business', ageConfirmed: true, termsAccepted: true });
    expectRefused(res);
  });
});

describe('the text rule', () => {
  it('refuses NUL, C0 controls, DEL and lone surrogates; keeps tab, LF, CR and paired surrogates', () => {
    for (const bad of ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u000e', '\u001f', '\u007f', '\ud800', '\udfff', 'a\udc00', '\ud83d']) {
      expect(hasInvalidText(`x${bad}y`), JSON.stringify(bad)).toBe(true);
    }
    for (const good of ['\t', '\n', '\r', ' ', '~', '\u0080', '\u00e9', '\ud83e\udd8c', '\uffff', '']) {
      expect(hasInvalidText(`x${good}y`), JSON.stringify(good)).toBe(false);
    }
    expect(findInvalidText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] }, 'body')).toBe('body.a.1.c');
    expect(findInvalidText(Buffer.from('\u0000'), 'body')).toBeNull();
    expect(findInvalidText({ n: 1, b: true, z: null }, 'body')).toBeNull();
  });
});

describe('error logs carry no request data', () => {
  const SECRET = 'user-secret-4711@example.com';

  async function appWithFailingRoutes() {
    const lines: string[] = [];
    const database = await testDatabase();
    await resetDatabase(database);
    const config = loadConfig({
      NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO: 'false',
      DATA_DIR: path.join(os.tmpdir(), 'hs-test-data'), CLIENT_DIST_DIR: path.join(os.tmpdir(), 'hs-no-client'),
    });
    const app = await buildApp({ config, database, logStream: { write: (line) => void lines.push(line) } });
    // A query error whose parameters hold the user's data: one the database refuses (4xx), one it fails on (500).
    app.post('/api/test-only/refused', async (request) => database.db.execute(sql`select ${(request.body as { email: string }).email}::int`));
    app.post('/api/test-only/failing', async (request) => database.db.execute(sql`select ${(request.body as { email: string }).email}::text, 1 / 0`));
    await app.ready();
    return { app, lines };
  }

  /** Posts SECRET to one of the failing routes; the answer and everything the app logged meanwhile. */
  async function postSecretTo(url: string) {
    const { app, lines } = await appWithFailingRoutes();
    try {
      const res = await app.inject({ method: 'POST', url, payload: { email: SECRET } });
      return { res, logged: lines.join('') };
    } finally {
      await app.close();
    }
  }

  it('a query error answered 500 is logged without its parameters or the body', async () => {
    const { res, logged } = await postSecretTo('/api/test-only/failing');
    expect(res.statusCode).toBe(500);
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('22012');
    expect(logged).not.toContain(SECRET);
    expect(res.body).not.toContain(SECRET);
  });

  it('a query error the database refused (400) is logged without its parameters', async () => {
    const { res, logged } = await postSecretTo('/api/test-only/refused');
    expect(res.statusCode).toBe(400);
    expect(logged).toContain('database refused input');
    expect(logged).not.toContain(SECRET);
  });

  it('logSafeError keeps the kind, code and SQL text but drops messages that quote data', () => {
    const cause = Object.assign(new Error(`invalid input syntax for type integer: "${SECRET}"`), { code: '22P02', detail: `Key (email)=(${SECRET})` });
    const error = Object.assign(new Error(`Failed query: select $1::int\nparams: ${SECRET}`), { query: 'select $1::int', params: [SECRET], cause });
    const logged = logSafeError(error);
    expect(JSON.stringify(logged)).not.toContain(SECRET);
    expect(logged.query).toBe('select $1::int');
    expect(logged.cause?.code).toBe('22P02');
    expect(logSafeError(new TypeError('x is undefined')).message).toBe('x is undefined');
    expect(JSON.stringify(logSafeError(new SyntaxError(`Unexpected token, "${SECRET}" is not valid JSON`)))).not.toContain(SECRET);
  });
});
