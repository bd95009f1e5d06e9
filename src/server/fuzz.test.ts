import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, TestClient, type TestApp } from './test/test-app';
import { createBusiness, createProStaff, createRosteredProStaff, makeAdmin, signUp } from './test/factories';
import { PNG } from './test/authorization-fixtures';

// Hostile input to every API route as every kind of caller (decision record 018): full Unicode and binary strings
// (NUL, lone surrogates, control characters), query strings on GET routes, multipart bodies on upload routes and
// correctly signed webhook bodies. Invariants: never a 5xx, and a refused (4xx) request leaves every row of every
// table and every stored file exactly as it was (full-row snapshots, as in the authorization matrix).
// The seed changes every run and is printed; FUZZ_SEED=<n> replays a run, FUZZ_RUNS sets the runs per route.

const SKIP = new Set(['GET /api/events']); // a stream that never ends by itself
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : crypto.randomInt(1, 2 ** 31 - 1);
const MULTIPART_ROUTES = new Set(['POST /api/messages/:id/attachments', 'POST /api/messages/with-attachments', 'POST /api/uploads/avatar', 'POST /api/branding/logo', 'POST /api/credentials', 'POST /api/campaigns/:id/assets/file', 'POST /api/campaigns/:id/tasks/:taskId/submissions']);

/** The prerendered HTML form's posts (decision record 034): half the runs send form-encoded bodies, as a browser would. */
const FORM_ROUTES = new Set(['POST /api/auth/login/form', 'POST /api/auth/register/form', 'POST /api/auth/login/two-factor/form', 'POST /api/support/contact/form']);

type Caller = { name: string; headers: Record<string, string> };

let t: TestApp;
let callers: Caller[];
let platform: { id: number; apiKey: string; webhookSecret: string };
let snapshotSql: string;

const cookieHeaders = (client: TestClient): Record<string, string> => (client.cookie ? { cookie: client.cookie } : {});

beforeAll(async () => {
  console.log(`fuzz seed: ${SEED} (replay with FUZZ_SEED=${SEED})`);
  t = await createTestApp();
  const business = await createBusiness(t, { tier: 'enterprise' });
  const proStaff = await createProStaff(t, { tier: 'elite' });
  const admin = await makeAdmin(t, await signUp(t, 'business'));
  const created = await business.client.post('/api/integration-platforms', { name: 'Fuzz store', platformType: 'shopify' });
  expect(created.status).toBe(201);
  platform = created.body;
  // Something for the fuzzer to hit with small ids.
  await business.client.post('/api/discount-codes', { code: 'FUZZ10', description: 'x', discountType: 'percentage', discountValue: 10, platform: 'All platforms', proStaffId: proStaff.proStaffId, commissionRate: 5 });
  await proStaff.client.post('/api/messages', { toUserId: business.user.id, content: 'hello' });
  callers = [
    { name: 'anonymous', headers: {} },
    { name: 'business', headers: cookieHeaders(business.client) },
    { name: 'pro_staff', headers: cookieHeaders(proStaff.client) },
    { name: 'admin', headers: cookieHeaders(admin.client) },
    { name: 'api_key', headers: { 'x-api-key': platform.apiKey } },
  ];
  const tables = await t.database.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public' order by tablename");
  snapshotSql = tables
    .map(({ tablename }) => `select '${tablename}' as name, (select coalesce(json_agg(x order by x::text), '[]')::text from "${tablename}" x) as rows`)
    .join(' union all ');
});

afterAll(async () => {
  await t.close();
});

/** Every row of every table and every stored file. */
async function snapshot(): Promise<string> {
  return JSON.stringify(await t.database.query(snapshotSql)) + [...t.storage.files.keys()].sort().join(',');
}

// ---- generators ----

const nasty = fc.constantFrom(
  '\u0000', 'x\u0000y', '\ud800', 'a\udfff', '\udc00\ud800', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\u2028', '\u202e', '\ufeff', '\uffff',
  '🦌', 'é', '', ' ', '%00', "'; drop table users; --", '{{7*7}}', '<script>x</script>', 'x'.repeat(10_001), '-1', '1e309', 'NaN', 'true', 'null',
);
/** Any UTF-16: full Unicode, lone surrogates and control characters included. */
const anyText = fc.oneof(nasty, fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'binary-ascii', maxLength: 40 }));
const anyValue = fc.oneof(
  anyText,
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, Number.MAX_VALUE, 1.5, true, false, null),
  fc.array(anyText, { maxLength: 3 }),
  fc.dictionary(anyText, anyText, { maxKeys: 2 }),
);
const FIELDS = [
  'id', 'email', 'password', 'title', 'content', 'description', 'amount', 'status', 'tier', 'code', 'rating', 'budget', 'userId', 'toUserId',
  'proStaffId', 'jobPostingId', 'conversationId', 'discountType', 'discountValue', 'name', 'platformType', 'location', 'specialties', 'token',
  'companyName', 'firstName', 'lastName', 'orderId', 'path', 'visitorId', 'isActive', 'costPerClick', 'startDate', 'endDate', 'filters',
];
const body = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 6 }),
  fc.dictionary(anyText, anyValue, { maxKeys: 3 }),
);
const QUERY_KEYS = ['q', 'search', 'location', 'specialty', 'specialties', 'limit', 'offset', 'page', 'sort', 'status', 'type', 'from', 'to', 'period', 'code', 'userType'];
const query = fc.dictionary(fc.constantFrom(...QUERY_KEYS), fc.oneof(anyText, fc.constantFrom('%00', '%FF', '%ED%A0%80', '%C0%80', '%', '%zz')), { maxKeys: 3 });
const pathValue = fc.oneof(
  fc.constantFrom('1', '2', '0', '-1', 'abc', '99999999999', '1.5', '%20', 'null', 'true', '%00', '%ED%A0%80', 'FUZZ10'),
  fc.integer({ min: 1, max: 5 }).map(String),
  anyText,
);
const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom(Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'), Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(0)),
);

/** Percent-encodes any UTF-16, including lone surrogates (sent as the invalid UTF-8 a hostile client would send). */
function encode(text: string): string {
  // Raw percent sequences from the list above go as they are.
  if (/^(%[0-9A-Fa-f]{2})+$|^%$|^%zz$/.test(text)) return text;
  let out = '';
  for (const char of text) {
    try {
      out += encodeURIComponent(char);
    } catch {
      const unit = char.charCodeAt(0);
      out += `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`.toUpperCase();
    }
  }
  return out;
}

function multipart(fileName: string, data: Buffer, fields: Record<string, string> = {}) {
  const boundary = '----hsFuzzBoundary';
  const safeName = fileName.replace(/["\r\n]/g, '_');
  const fieldParts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('');
  const head = Buffer.from(`${fieldParts}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safeName}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  return { payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Signs a webhook body as the store platform named in the route does. */
function signedHeaders(url: string, raw: string): Record<string, string> {
  if (url.includes('/webhooks/shopify/')) return { 'x-shopify-hmac-sha256': crypto.createHmac('sha256', platform.webhookSecret).update(raw).digest('base64'), 'x-shopify-topic': 'orders/create' };
  if (url.includes('/webhooks/woocommerce/')) return { 'x-wc-webhook-signature': crypto.createHmac('sha256', platform.webhookSecret).update(raw).digest('base64'), 'x-wc-webhook-topic': 'order.created' };
  if (url.includes('/webhooks/bigcommerce/')) return { 'x-webhook-secret': platform.webhookSecret };
  return {};
}

describe(`fuzzing every API route (seed ${SEED})`, () => {
  it('never answers 5xx and never half-writes on a refused request', async () => {
    const routes = t.app.apiRoutes.filter((route) => !SKIP.has(`${route.method} ${route.url}`));
    expect(routes.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const [routeIndex, route] of routes.entries()) {
      const key = `${route.method} ${route.url}`;
      const isWebhook = route.url.startsWith('/api/webhooks/') && route.url.includes(':platformId');
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...callers), fc.array(pathValue, { minLength: 4, maxLength: 4 }), query, body, anyText, fileBytes, fc.boolean(),
          async (caller, params, queryValues, payload, fileName, data, rawJson) => {
            let index = 0;
            let url = route.url.replace(/:[A-Za-z]+/g, (name) => (isWebhook && name === ':platformId' ? String(platform.id) : encode(params[index++ % params.length])));
            url = url.replace(/\*$/, 'x');
            const search = Object.entries(queryValues).map(([k, v]) => `${k}=${encode(v)}`).join('&');
            if (search) url += `?${search}`;
            const headers: Record<string, string> = { ...caller.headers };
            let sent: string | Buffer | undefined;
            if (MULTIPART_ROUTES.has(key)) {
              // The message sent with its files also gets its text fields, as nasty as the rest.
              const fields: Record<string, string> = key === 'POST /api/messages/with-attachments' ? { toUserId: params[0], content: params[1], conversationId: params[2] } : {};
              const form = multipart(fileName, data, fields);
              sent = form.payload;
              headers['content-type'] = form.contentType;
            } else if (FORM_ROUTES.has(key) && !rawJson) {
              const fields = payload !== null && typeof payload === 'object' ? Object.entries(payload) : [['email', String(payload)]];
              sent = fields.map(([name, value]) => `${encode(name)}=${encode(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))}`).join('&');
              headers['content-type'] = 'application/x-www-form-urlencoded';
            } else if (!['GET', 'DELETE'].includes(route.method)) {
              // JSON.stringify escapes lone surrogates as \ud800, which JSON.parse turns back into one.
              sent = rawJson ? JSON.stringify(payload) : JSON.stringify(payload ?? null);
              headers['content-type'] = 'application/json';
              // JSON.stringify(undefined) is undefined: no body at all, which is signed as the empty string.
              if (isWebhook) Object.assign(headers, signedHeaders(url, sent ?? ''));
            }
            const before = await snapshot();
            const raw = await t.app.inject({ method: route.method as 'GET', url, headers, payload: sent });
            // 503 is the deliberate answer of features whose provider is not configured (e.g. Stripe).
            const unconfigured = raw.statusCode === 503 && raw.body.includes('SERVICE_UNAVAILABLE');
            const replay = `${route.method} ${url.slice(0, 160)} as ${caller.name}`;
            if (raw.statusCode >= 500 && !unconfigured) failures.push(`${replay} -> ${raw.statusCode} ${raw.body.slice(0, 200)}`);
            if (raw.statusCode >= 400 && raw.statusCode < 500) {
              if (!/^application\/json/.test(String(raw.headers['content-type'])) || !raw.json().error?.code) failures.push(`${replay} -> ${raw.statusCode} without a JSON error body`);
              if ((await snapshot()) !== before) failures.push(`${replay} -> ${raw.statusCode} but rows or files changed`);
            }
          },
        ),
        { numRuns: RUNS_PER_ROUTE, seed: SEED + routeIndex },
      );
    }
    expect(failures, `replay with FUZZ_SEED=${SEED}`).toEqual([]);
  }, 600_000);
});

// Bodies and requests a parser refuses (issue 42, decision record 011): each is a 4xx in the app's shape
// `{ error: { code, message } }`, never a 500 and never Fastify's default shape. Run once each, on routes whose owner
// checks pass, so the parser really reads the body.
describe('bodies and requests the parsers refuse', () => {
  const BOUNDARY = 'hsHostileBoundary';
  const filePart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const hostileBodies = [
    { name: 'cut off inside the file part', type: `multipart/form-data; boundary=${BOUNDARY}`, body: Buffer.concat([Buffer.from(filePart), PNG]), status: 400 },
    { name: 'cut off inside a part header', type: `multipart/form-data; boundary=${BOUNDARY}`, body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`), status: 400 },
    { name: 'a multipart type without a boundary', type: 'multipart/form-data', body: Buffer.concat([Buffer.from(filePart), PNG]), status: 400 },
    { name: 'a file past every limit', type: `multipart/form-data; boundary=${BOUNDARY}`, body: Buffer.concat([Buffer.from(filePart), Buffer.alloc(10 * 1024 * 1024 + 1), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]), status: 413 },
    { name: 'not multipart at all', type: 'application/json', body: Buffer.from('{}'), status: 415 },
  ];
  let uploads: { url: string; cookie: string }[];
  let statements: { url: string; cookie: string }[];

  beforeAll(async () => {
    // Accounts of their own, so the fuzzing above does not use up their upload budget.
    const business = await createBusiness(t, { tier: 'enterprise' });
    const pro = await createRosteredProStaff(t, business, { tier: 'elite' });
    const message = await business.client.post('/api/messages', { toUserId: pro.user.id, content: 'hello' });
    const campaign = await business.client.post('/api/campaigns', { title: 'Spring push', brief: 'Decoys', opensOn: new Date().toISOString().slice(0, 10), closesOn: '2099-12-31', audience: 'roster', memberIds: [] });
    const task = await business.client.post(`/api/campaigns/${campaign.body.id}/tasks`, { kind: 'field_test', title: 'Test the decoys', rewardAmount: '25.00', rewardCurrency: 'USD' });
    expect([message.status, campaign.status, task.status]).toEqual([201, 201, 201]);
    const [biz, staff] = [business.client.cookie!, pro.client.cookie!];
    uploads = [
      { url: '/api/uploads/avatar', cookie: biz },
      { url: '/api/branding/logo', cookie: biz },
      { url: `/api/messages/${message.body.id}/attachments`, cookie: biz },
      { url: '/api/messages/with-attachments', cookie: biz },
      { url: '/api/credentials', cookie: staff },
      { url: `/api/campaigns/${campaign.body.id}/assets/file`, cookie: biz },
      { url: `/api/campaigns/${campaign.body.id}/tasks/${task.body.tasks.at(-1).id}/submissions`, cookie: staff },
    ];
    statements = [
      { url: '/api/commissions/business/statement', cookie: biz },
      { url: '/api/commissions/pro-staff/statement', cookie: staff },
      { url: '/api/payouts/business/statement', cookie: biz },
      { url: '/api/payouts/pro-staff/statement', cookie: staff },
    ];
  }, 60_000);

  const expectAppShape = (res: { statusCode: number; headers: Record<string, unknown>; json(): { error?: { code?: unknown; message?: unknown } } }, status: number, what: string) => {
    expect(res.statusCode, what).toBe(status);
    expect(String(res.headers['content-type']), what).toMatch(/^application\/json/);
    expect(res.json().error, what).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
  };

  it('answers a cut-off, boundary-less, oversized or non-multipart body on every upload route with 400/413/415', async () => {
    expect(uploads.map((upload) => upload.url.replace(/\d+/g, ':id'))).toHaveLength(MULTIPART_ROUTES.size);
    for (const { url, cookie } of uploads) {
      for (const hostile of hostileBodies) {
        const res = await t.app.inject({ method: 'POST', url, payload: hostile.body, headers: { cookie, 'content-type': hostile.type } });
        expectAppShape(res, hostile.status, `${url}: ${hostile.name}`);
      }
    }
  }, 120_000);

  it('refuses statement days whose next day leaves the calendar (to=9999-12-31) with a 400', async () => {
    for (const { url, cookie } of statements) {
      for (const query of ['to=9999-12-31', 'from=9999-12-31', 'from=1000-01-01']) {
        expectAppShape(await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers: { cookie } }), 400, `${url}?${query}`);
      }
    }
  });

  it('answers what Node’s HTTP parser refuses (a raw non-ASCII byte in the path, a 20 KB query string) in the app’s shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const send = (request: Buffer) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const cases = [
      { status: 400, request: Buffer.concat([Buffer.from('GET /api/job-postings/'), Buffer.from([0xff]), Buffer.from(' HTTP/1.1\r\nHost: localhost\r\n\r\n')]) },
      { status: 431, request: Buffer.from(`GET /api/job-postings?q=${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`) },
    ];
    for (const { status, request } of cases) {
      const answer = await send(request);
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(head).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(body!)).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    }
  });
});
