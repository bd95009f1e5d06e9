import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, createRosteredProStaff, type SignedIn } from '@server/test/factories';
import { exportData } from '@server/test/zip-archive';
import { API_ACCESS_TIERS, MAX_LIVE_API_TOKENS, type ApiTokenScope } from '@shared/contracts/api-tokens';
import { plans } from '@shared/plans';
import { API_REQUESTS_PER_MINUTE } from '@server/lib/rate-limits/registry';
import { eraseDueAccounts } from '@server/modules/account/deletion-service';

// Enterprise API tokens (issue 46 item 3, decision record 043): managing them, and using them on the routes opened to
// them, with every refusal: unknown, expired, revoked, route not opened, scope, plan, both credentials, rate limit.

const t = useTestApp();
type Business = SignedIn & { businessId: number };
const codeBody = (code: string) => ({ code, description: '15% off', discountType: 'percentage', discountValue: 15, platform: 'All platforms' });

async function enterprise(): Promise<Business> {
  return createBusiness(t, { tier: 'enterprise', companyName: 'Summit Optics' });
}

async function newToken(biz: Business, scopes: ApiTokenScope[] = ['codes:read'], extra: Record<string, unknown> = {}): Promise<{ id: number; secret: string }> {
  const res = await biz.client.post('/api/api-tokens', { name: 'Warehouse sync', scopes, ...extra });
  if (res.status !== 201) throw new Error(`token: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.token.id, secret: res.body.secret };
}

/** A request as an integration sends it: the token, no cookie. */
async function withToken(secret: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${secret}`, ...headers } });
  const json = String(res.headers['content-type'] ?? '').includes('application/json');
  return { status: res.statusCode, body: json ? res.json() : res.body, headers: res.headers };
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

describe('managing API tokens', () => {
  it('creates a token shown once (prefix, 256 bits), keeps only its hash, lists it without the secret, and revokes it', async () => {
    const biz = await enterprise();
    const res = await biz.client.post('/api/api-tokens', { name: 'Warehouse sync', scopes: ['roster:read', 'codes:write'], expiresInDays: 30 });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { secret, token } = res.body;
    expect(secret).toMatch(/^hs_live_[A-Za-z0-9_-]{43}$/);
    expect(token).toEqual({
      id: expect.any(Number), name: 'Warehouse sync', tokenPrefix: secret.slice(0, 14), scopes: ['roster:read', 'codes:write'], status: 'active',
      expiresAt: expect.any(String), lastUsedAt: null, revokedAt: null, createdAt: expect.any(String),
    });
    const days = (Date.parse(token.expiresAt) - Date.parse(token.createdAt)) / 86_400_000;
    expect(days).toBe(30);

    const [row] = await t.database.query<Record<string, unknown>>(`select * from api_tokens where id = ${token.id}`);
    expect(row!.token_hash).toBe(sha256(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(14));

    const list = await biz.client.get('/api/api-tokens');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ apiAccess: true, tokens: [token] });
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(14));

    expect((await biz.client.delete(`/api/api-tokens/${token.id}`)).status).toBe(204);
    const revoked = (await biz.client.get('/api/api-tokens')).body.tokens[0];
    expect(revoked).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    // Revoking again keeps the first time.
    expect((await biz.client.delete(`/api/api-tokens/${token.id}`)).status).toBe(204);
    expect((await biz.client.get('/api/api-tokens')).body.tokens[0].revokedAt).toBe(revoked.revokedAt);
  });

  it('expires after 90 days unless told otherwise, at most a year', async () => {
    const biz = await enterprise();
    const res = await biz.client.post('/api/api-tokens', { name: 'Default', scopes: ['payouts:read'] });
    expect(res.status).toBe(201);
    expect((Date.parse(res.body.token.expiresAt) - Date.parse(res.body.token.createdAt)) / 86_400_000).toBe(90);
    expect((await biz.client.post('/api/api-tokens', { name: 'Year', scopes: ['payouts:read'], expiresInDays: 365 })).status).toBe(201);
  });

  it('refuses bad input with the field named', async () => {
    const biz = await enterprise();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', scopes: ['codes:read'] }, 'name'],
      [{ name: 'x'.repeat(81), scopes: ['codes:read'] }, 'name'],
      [{ scopes: ['codes:read'] }, 'name'],
      [{ name: 'A', scopes: [] }, 'scopes'],
      [{ name: 'A' }, 'scopes'],
      [{ name: 'A', scopes: ['admin:all'] }, 'scopes.0'],
      [{ name: 'A', scopes: ['codes:read', 'codes:read'] }, 'scopes'],
      [{ name: 'A', scopes: ['codes:read'], expiresInDays: 0 }, 'expiresInDays'],
      [{ name: 'A', scopes: ['codes:read'], expiresInDays: 366 }, 'expiresInDays'],
      [{ name: 'A', scopes: ['codes:read'], expiresInDays: 1.5 }, 'expiresInDays'],
      [{ name: 'A', scopes: ['codes:read'], expiresInDays: '30' }, 'expiresInDays'],
    ];
    for (const [body, path] of cases) {
      const res = await biz.client.post('/api/api-tokens', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect((await biz.client.get('/api/api-tokens')).body.tokens).toEqual([]);
    expect((await biz.client.delete('/api/api-tokens/abc')).status).toBe(400);
  });

  it('is for signed-in businesses: 401 signed out, 403 for pro staff', async () => {
    const anonymous = t.anonymous();
    expect((await anonymous.get('/api/api-tokens')).status).toBe(401);
    expect((await anonymous.post('/api/api-tokens', { name: 'A', scopes: ['codes:read'] })).status).toBe(401);
    expect((await anonymous.delete('/api/api-tokens/1')).status).toBe(401);
    const pro = await createProStaff(t, { tier: 'elite' });
    expect((await pro.client.get('/api/api-tokens')).status).toBe(403);
    expect((await pro.client.post('/api/api-tokens', { name: 'A', scopes: ['codes:read'] })).status).toBe(403);
    expect((await pro.client.delete('/api/api-tokens/1')).status).toBe(403);
  });

  it('creates tokens on Enterprise only (a running Enterprise trial included); other plans see why', async () => {
    const pro = await createBusiness(t, { tier: 'professional' });
    const res = await pro.client.post('/api/api-tokens', { name: 'A', scopes: ['codes:read'] });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({
      code: 'FORBIDDEN',
      message: 'Your Professional plan does not include API access. It comes with the Enterprise plan.',
      details: { reason: 'plan_feature', feature: 'apiAccess', plan: 'professional', upgradeUrl: '/subscription' },
    });
    expect((await pro.client.get('/api/api-tokens')).body).toEqual({ apiAccess: false, tokens: [] });
    expect(await t.database.query('select id from api_tokens')).toEqual([]);
  });

  it('matches the plans that promise "API access"', () => {
    expect(plans.filter((plan) => plan.features.includes('API access')).map((plan) => plan.id)).toEqual([...API_ACCESS_TIERS]);
  });

  it('revokes only the caller’s own tokens: another business’s id is a 404 and the token keeps working', async () => {
    const biz = await enterprise();
    const other = await enterprise();
    const token = await newToken(biz);
    const res = await other.client.delete(`/api/api-tokens/${token.id}`);
    expect(res.status).toBe(404);
    expect((await withToken(token.secret, 'GET', '/api/discount-codes')).status).toBe(200);
    expect((await other.client.get('/api/api-tokens')).body.tokens).toEqual([]);
  });

  it(`holds at most ${MAX_LIVE_API_TOKENS} live tokens, also when creations race; a revoked one frees its place`, async () => {
    const biz = await enterprise();
    for (let i = 0; i < MAX_LIVE_API_TOKENS - 1; i += 1) await newToken(biz);
    const answers = await Promise.all([1, 2, 3].map(() => biz.client.post('/api/api-tokens', { name: 'Race', scopes: ['codes:read'] })));
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409]);
    expect(answers.find((res) => res.status === 409)!.body.error.message).toBe(`A business holds at most ${MAX_LIVE_API_TOKENS} live API tokens. Revoke one you no longer use first.`);
    const [{ count }] = await t.database.query<{ count: number }>(`select count(*)::int as count from api_tokens where business_id = ${biz.businessId}`);
    expect(count).toBe(MAX_LIVE_API_TOKENS);
    const first = (await biz.client.get('/api/api-tokens')).body.tokens.at(-1);
    await biz.client.delete(`/api/api-tokens/${first.id}`);
    expect((await biz.client.post('/api/api-tokens', { name: 'Again', scopes: ['codes:read'] })).status).toBe(201);
  });
});

describe('using a token', () => {
  it('acts as the business on the routes opened to its scopes', async () => {
    const biz = await enterprise();
    const pro = await createRosteredProStaff(t, biz);
    expect((await biz.client.post('/api/discount-codes', codeBody('SUMMIT10'))).status).toBe(201);
    const token = await newToken(biz, ['roster:read', 'codes:read', 'codes:write', 'commissions:read', 'payouts:read']);

    const codes = await withToken(token.secret, 'GET', '/api/discount-codes');
    expect(codes.status).toBe(200);
    expect(codes.body.map((code: { code: string }) => code.code)).toEqual(['SUMMIT10']);
    const created = await withToken(token.secret, 'POST', '/api/discount-codes', codeBody('API15'));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: 'API15', businessId: biz.businessId });
    expect((await withToken(token.secret, 'PATCH', `/api/discount-codes/${created.body.id}`, { isActive: false })).body.isActive).toBe(false);

    const roster = await withToken(token.secret, 'GET', '/api/agreements');
    expect(roster.status).toBe(200);
    expect(roster.body.map((a: { proStaffId: number }) => a.proStaffId)).toEqual([pro.proStaffId]);
    expect((await withToken(token.secret, 'GET', `/api/agreements/${roster.body[0].id}/history`)).status).toBe(200);
    const csv = await withToken(token.secret, 'GET', '/api/agreements/roster.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');

    expect((await withToken(token.secret, 'GET', '/api/commissions/business')).body).toEqual([]);
    expect((await withToken(token.secret, 'GET', '/api/commissions/business/yearly-totals')).status).toBe(200);
    expect((await withToken(token.secret, 'GET', '/api/commissions/business/statement')).status).toBe(200);
    expect((await withToken(token.secret, 'GET', '/api/payouts/business')).status).toBe(200);
    expect((await withToken(token.secret, 'GET', '/api/payouts/business/statement')).status).toBe(200);
  });

  it('is refused with 403 API_TOKEN_NOT_ACCEPTED on every route not opened to tokens, public ones and token management included', async () => {
    const biz = await enterprise();
    const token = await newToken(biz, ['codes:read', 'codes:write', 'commissions:read', 'payouts:read', 'roster:read']);
    const closed: [method: 'GET' | 'POST' | 'DELETE', url: string, body?: object][] = [
      ['GET', '/api/auth/me'],
      ['GET', '/api/api-tokens'],
      ['POST', '/api/api-tokens', { name: 'Minted', scopes: ['codes:read'] }],
      ['DELETE', `/api/api-tokens/${token.id}`],
      ['POST', '/api/payouts', { commissionIds: [1] }],
      ['POST', '/api/agreements', {}],
      ['GET', '/api/integration-platforms'],
      ['GET', '/api/config'],
      ['POST', '/api/account/deletion', { currentPassword: 'trail-cam-2026' }],
    ];
    for (const [method, url, body] of closed) {
      const res = await withToken(token.secret, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.error.code).toBe('API_TOKEN_NOT_ACCEPTED');
    }
    expect(await t.database.query(`select id from api_tokens where revoked_at is not null`)).toEqual([]);
    expect(await t.database.query(`select id from users where deletion_scheduled_for is not null`)).toEqual([]);
  });

  it('needs the route’s scope: 403 API_TOKEN_SCOPE, nothing written', async () => {
    const biz = await enterprise();
    const token = await newToken(biz, ['roster:read', 'codes:read']);
    const res = await withToken(token.secret, 'POST', '/api/discount-codes', codeBody('NOPE10'));
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'API_TOKEN_SCOPE', message: 'This API token does not have the codes:write scope.', details: { required: 'codes:write' } });
    expect((await withToken(token.secret, 'GET', '/api/commissions/business')).body.error.code).toBe('API_TOKEN_SCOPE');
    expect(await t.database.query(`select id from discount_codes`)).toEqual([]);
  });

  it('answers 401 to an unknown, malformed, expired or revoked token, and to one whose owner asked for deletion', async () => {
    const biz = await enterprise();
    const expired = await newToken(biz);
    await t.database.query(`update api_tokens set expires_at = now() - interval '1 second' where id = ${expired.id}`);
    const revoked = await newToken(biz);
    await biz.client.delete(`/api/api-tokens/${revoked.id}`);
    const cases: [string, string][] = [
      [`hs_live_${'A'.repeat(43)}`, 'The API token is not valid.'],
      ['hs_live_short', 'The API token is not valid.'],
      ['', 'The API token is not valid.'],
      [expired.secret, 'The API token has expired. Create a new one on the API tokens page.'],
      [revoked.secret, 'The API token was revoked.'],
    ];
    for (const [secret, message] of cases) {
      const res = await withToken(secret, 'GET', '/api/discount-codes');
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual({ code: 'UNAUTHENTICATED', message });
    }
    expect((await biz.client.get('/api/api-tokens')).body.tokens.find((token: { id: number }) => token.id === expired.id).status).toBe('expired');

    const live = await newToken(biz);
    expect((await biz.client.post('/api/account/deletion', { currentPassword: 'trail-cam-2026' })).status).toBe(202);
    expect((await withToken(live.secret, 'GET', '/api/discount-codes')).body.error.message).toBe('The account this API token belongs to is being deleted.');
  });

  it('cannot reach another business’s objects', async () => {
    const biz = await enterprise();
    await createRosteredProStaff(t, biz);
    const code = (await biz.client.post('/api/discount-codes', codeBody('MINE10'))).body;
    const agreement = (await biz.client.get('/api/agreements')).body[0];
    const other = await enterprise();
    const token = await newToken(other, ['roster:read', 'codes:read', 'codes:write', 'commissions:read', 'payouts:read']);

    expect((await withToken(token.secret, 'GET', '/api/discount-codes')).body).toEqual([]);
    expect((await withToken(token.secret, 'GET', `/api/discount-codes/business/${biz.businessId}`)).status).toBe(403);
    expect((await withToken(token.secret, 'PATCH', `/api/discount-codes/${code.id}`, { isActive: false })).status).toBe(403);
    expect((await withToken(token.secret, 'GET', '/api/agreements')).body).toEqual([]);
    expect((await withToken(token.secret, 'GET', `/api/agreements/${agreement.id}`)).status).toBe(404);
    expect((await withToken(token.secret, 'GET', `/api/agreements/${agreement.id}/history`)).status).toBe(404);
    expect((await withToken(token.secret, 'GET', '/api/payouts/business')).body.payouts).toEqual([]);
    const [row] = await t.database.query<{ is_active: boolean }>(`select is_active from discount_codes where id = ${code.id}`);
    expect(row!.is_active).toBe(true);
  });

  it('is refused with 403 API_TOKEN_PLAN once the business leaves Enterprise, and works again when it is back', async () => {
    const biz = await enterprise();
    const token = await newToken(biz);
    await t.database.query(`update users set subscription_tier = 'professional' where id = ${biz.user.id}`);
    const res = await withToken(token.secret, 'GET', '/api/discount-codes');
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({
      code: 'API_TOKEN_PLAN',
      message: 'API access comes with the Enterprise plan; this business is no longer on it. Its tokens work again once it is.',
      details: { plan: 'professional' },
    });
    // Listed and revocable on the lower plan.
    const list = await biz.client.get('/api/api-tokens');
    expect(list.body).toMatchObject({ apiAccess: false, tokens: [{ id: token.id, status: 'active' }] });
    await t.database.query(`update users set subscription_tier = 'enterprise' where id = ${biz.user.id}`);
    expect((await withToken(token.secret, 'GET', '/api/discount-codes')).status).toBe(200);
  });

  it('refuses a request with both a session cookie and a token (400), whoever owns them', async () => {
    const biz = await enterprise();
    const token = await newToken(biz);
    const res = await t.app.inject({ method: 'GET', url: '/api/discount-codes', headers: { authorization: `Bearer ${token.secret}`, cookie: biz.client.cookie! } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Send either the session cookie or an API token (Authorization: Bearer), not both.');
    const write = await t.app.inject({ method: 'POST', url: '/api/discount-codes', payload: codeBody('BOTH10'), headers: { authorization: `Bearer ${token.secret}`, cookie: biz.client.cookie! } });
    expect(write.statusCode).toBe(400);
    expect(await t.database.query(`select id from discount_codes`)).toEqual([]);
  });

  it('is not subject to the cookie session’s same-origin check (no cookie rides along), which still guards cookies', async () => {
    const biz = await enterprise();
    const token = await newToken(biz, ['codes:write']);
    const crossSite = { origin: 'https://elsewhere.example' };
    expect((await withToken(token.secret, 'POST', '/api/discount-codes', codeBody('SERVER10'), crossSite)).status).toBe(201);
    expect((await biz.client.request('POST', '/api/discount-codes', codeBody('FORGED10'), crossSite)).status).toBe(403);
  });

  it('ignores other Authorization schemes (the session decides, as before)', async () => {
    const biz = await enterprise();
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: 'Basic dXNlcjpwYXNz', cookie: biz.client.cookie! } });
    expect(res.statusCode).toBe(200);
  });

  it(`allows ${API_REQUESTS_PER_MINUTE} calls per token per minute, counted atomically, then 429 with Retry-After; other tokens are not affected`, async () => {
    const biz = await enterprise();
    const token = await newToken(biz);
    const other = await newToken(biz);
    const answers = await Promise.all(Array.from({ length: API_REQUESTS_PER_MINUTE + 2 }, () => withToken(token.secret, 'GET', '/api/discount-codes')));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(API_REQUESTS_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    const limited = answers.find((res) => res.status === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect((await withToken(other.secret, 'GET', '/api/discount-codes')).status).toBe(200);
  });

  it('slows down an address that sends unknown tokens (20 a minute), not the real ones', async () => {
    const biz = await enterprise();
    const token = await newToken(biz);
    const guesses = await Promise.all(Array.from({ length: 21 }, (_, i) => withToken(`hs_live_${String(i).padStart(43, 'x')}`, 'GET', '/api/discount-codes')));
    expect(guesses.map((res) => res.status).filter((status) => status === 401)).toHaveLength(21);
    const next = await withToken(`hs_live_${'y'.repeat(43)}`, 'GET', '/api/discount-codes');
    expect(next.status).toBe(429);
    // A real token from the same address is refused too while the address waits: the check comes before the look-up.
    expect((await withToken(token.secret, 'GET', '/api/discount-codes')).status).toBe(429);
  });

  it('records its last use at most once a minute', async () => {
    const biz = await enterprise();
    const token = await newToken(biz);
    const lastUsed = async () => (await t.database.query<{ last_used_at: Date | null }>(`select last_used_at from api_tokens where id = ${token.id}`))[0]!.last_used_at;
    expect(await lastUsed()).toBeNull();
    await withToken(token.secret, 'GET', '/api/discount-codes');
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await withToken(token.secret, 'GET', '/api/discount-codes');
    expect((await lastUsed())!.getTime()).toBe(first!.getTime());
    await t.database.query(`update api_tokens set last_used_at = now() - interval '61 seconds' where id = ${token.id}`);
    const before = await lastUsed();
    await withToken(token.secret, 'GET', '/api/discount-codes');
    expect((await lastUsed())!.getTime()).toBeGreaterThan(before!.getTime());
    expect((await biz.client.get('/api/api-tokens')).body.tokens[0].lastUsedAt).toEqual(expect.any(String));
  });

  it('revoked while in use: calls answered during the revocation succeed or get 401, every call after it gets 401', async () => {
    const biz = await enterprise();
    const token = await newToken(biz);
    const [revoke, ...uses] = await Promise.all([
      biz.client.delete(`/api/api-tokens/${token.id}`),
      ...Array.from({ length: 6 }, () => withToken(token.secret, 'GET', '/api/discount-codes')),
    ]);
    expect(revoke.status).toBe(204);
    for (const use of uses) expect([200, 401]).toContain(use.status);
    expect((await withToken(token.secret, 'GET', '/api/discount-codes')).status).toBe(401);
    const [row] = await t.database.query<{ revoked_at: Date | null }>(`select revoked_at from api_tokens where id = ${token.id}`);
    expect(row!.revoked_at).not.toBeNull();
  });
});

describe('account rights (decision record 027)', () => {
  it('exports names, scopes and dates, never the hash or the token; erasure deletes the tokens', async () => {
    const biz = await enterprise();
    const token = await newToken(biz, ['payouts:read']);
    const res = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: biz.client.cookie! } });
    expect(res.statusCode).toBe(200);
    const doc = await exportData<{ apiTokens: Record<string, unknown>[] }>(res.rawPayload);
    expect(doc.apiTokens).toEqual([{ name: 'Warehouse sync', scopes: ['payouts:read'], createdAt: expect.any(String), expiresAt: expect.any(String), lastUsedAt: null, revokedAt: null }]);
    const text = JSON.stringify(doc);
    expect(text).not.toContain(sha256(token.secret));
    expect(text).not.toContain(token.secret.slice(0, 14));

    expect((await biz.client.post('/api/account/deletion', { currentPassword: 'trail-cam-2026' })).status).toBe(202);
    expect((await eraseDueAccounts(t.app.ctx, new Date(Date.now() + 15 * 86_400_000))).erased).toBe(1);
    expect(await t.database.query(`select id from api_tokens`)).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('has the bearer scheme and lists it, with its scope, on exactly the routes opened to tokens', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'hs_live_…' });
    const opened: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, { security?: Record<string, string[]>[]; 'x-api-token-scope'?: string }>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const token = operation.security?.find((scheme) => 'apiToken' in scheme);
        if (!token) continue;
        expect(operation.security?.[0], `${method} ${path}`).toEqual({ session: [] });
        expect(token.apiToken).toEqual([operation['x-api-token-scope']]);
        opened.push(`${method.toUpperCase()} ${path} ${token.apiToken![0]}`);
      }
    }
    expect(opened.sort()).toEqual([
      'GET /api/agreements roster:read',
      'GET /api/agreements/roster.csv roster:read',
      'GET /api/agreements/{id} roster:read',
      'GET /api/agreements/{id}/history roster:read',
      'GET /api/commissions/business commissions:read',
      'GET /api/commissions/business/statement commissions:read',
      'GET /api/commissions/business/yearly-totals commissions:read',
      'GET /api/discount-codes codes:read',
      'GET /api/discount-codes/business/{businessId} codes:read',
      'GET /api/payouts/business payouts:read',
      'GET /api/payouts/business/statement payouts:read',
      'GET /api/payouts/{id} payouts:read',
      'PATCH /api/discount-codes/{id} codes:write',
      'POST /api/discount-codes codes:write',
    ]);
  });
});
