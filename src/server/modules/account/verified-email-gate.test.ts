import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/test-app';
import { createBusiness, createRosteredProStaff, type SignedIn } from '@server/test/factories';
import { PNG, dayOffset, multipart } from '@server/test/authorization-fixtures';

// One declarative gate for a confirmed email (issue 42, decision record 027): a route says
// `access(level, { verifiedEmail: true })`, the OpenAPI document marks it `x-requires-verified-email`, and this file
// fails on any signed-in write that neither declares the gate nor is allowlisted below with its reason.

const OWN_ACCOUNT = 'the caller’s own account and sign-in, nobody else’s data';
const OWN_PROFILE = 'completing the own profile is what a new account does first (record 027: it may complete its profile)';
const OWN_INBOX = 'marks what the caller received as read; nothing reaches anyone';
const VIEW_COUNTER = 'a view or click counted while browsing someone else’s listing, not the caller’s content';
const ADMIN = 'admin tools: the admin role and, in production, two-factor sign-in guard them; admins are made by operators';
const TEST_ONLY = 'registered only when NODE_ENV=test';

/** Signed-in writes an unconfirmed account may use, each with why. Kept short on purpose. */
const ALLOWLIST: Record<string, string> = {
  'POST /api/account/verify-email/resend': 'how the account gets its address confirmed',
  'POST /api/account/email': 'how a mistyped address is corrected (the new one is unconfirmed again)',
  'POST /api/auth/change-password': OWN_ACCOUNT,
  'POST /api/account/terms': OWN_ACCOUNT,
  'POST /api/account/two-factor/setup': OWN_ACCOUNT,
  'POST /api/account/two-factor/enable': OWN_ACCOUNT,
  'POST /api/account/two-factor/disable': OWN_ACCOUNT,
  'POST /api/account/two-factor/dismiss-prompt': OWN_ACCOUNT,
  'POST /api/account/deletion': 'the right to erasure is never held back',
  'POST /api/cancel-subscription': 'stopping a charge is never held back',
  'POST /api/subscription/money-back': 'a refund under the money-back guarantee is never held back (record 042)',
  'POST /api/pro-staff-profiles': OWN_PROFILE,
  'POST /api/business-profiles': OWN_PROFILE,
  'POST /api/uploads/avatar': OWN_PROFILE,
  'POST /api/messages/{id}/read': OWN_INBOX,
  'POST /api/conversations/{id}/read': OWN_INBOX,
  'POST /api/notifications/{id}/read': OWN_INBOX,
  'POST /api/notifications/read-all': OWN_INBOX,
  'PATCH /api/notification-settings': 'which mails the caller itself gets',
  'POST /api/advertisements/{id}/click': VIEW_COUNTER,
  'POST /api/advertisements/{id}/impression': VIEW_COUNTER,
  'POST /api/promotions/{id}/click': VIEW_COUNTER,
  'POST /api/promotions/{id}/impression': VIEW_COUNTER,
  'POST /api/admin/credentials/{id}/approve': ADMIN,
  'POST /api/admin/credentials/{id}/reject': ADMIN,
  'POST /api/admin/credentials/{id}/revoke': ADMIN,
  'POST /api/admin/background-tasks/{id}/retry': ADMIN,
  'PUT /api/admin/fraud/coupon-sites': ADMIN,
  'DELETE /api/fraud/household-addresses/{id}': 'removing what the caller gave about themselves is never held back',
  'DELETE /api/api-tokens/{id}': 'revoking a credential that may have leaked is never held back (decision record 043)',
  'POST /api/test/forget-terms-acceptance': TEST_ONLY,
  'POST /api/test/end-my-trial': TEST_ONLY,
};

type Operation = { security?: Record<string, unknown>[]; description?: string; 'x-requires-verified-email'?: boolean };

let t: TestApp;
let business: SignedIn;
/** What the business owns before it changes its email: a closed posting, a code, a live agreement, a waiting proof. */
const ids = { job: 0, code: 0, agreement: 0, campaign: 0, proof: 0 };

async function created(client: SignedIn['client'], url: string, body: unknown): Promise<{ id: number; tasks?: { id: number }[] }> {
  const res = await client.post(url, body);
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function ownedObjects(): Promise<void> {
  business = await createBusiness(t, { tier: 'enterprise' });
  const pro = await createRosteredProStaff(t, business);
  const biz = business.client;
  ids.job = (await created(biz, '/api/job-postings', { title: 'Closed job', description: 'No longer open.', isActive: false })).id;
  ids.code = (await created(biz, '/api/discount-codes', { code: 'OWNER10', description: 'Ten off', discountType: 'percentage', discountValue: 10, platform: 'All platforms' })).id;
  [{ id: ids.agreement }] = await t.database.query<{ id: number }>(`select id from agreements where status = 'active'`);
  ids.campaign = (await created(biz, '/api/campaigns', { title: 'Spring push', brief: 'Decoys', opensOn: dayOffset(0), closesOn: dayOffset(30), audience: 'roster', memberIds: [] })).id;
  const task = await created(biz, `/api/campaigns/${ids.campaign}/tasks`, { kind: 'field_test', title: 'Test the decoys', rewardAmount: '25.00', rewardCurrency: 'USD' });
  const { payload, headers } = multipart('blind.png', PNG, { product: 'Decoy', conditions: 'Rain', daysUsed: '3', worked: 'Calling', failed: 'Stakes' });
  const proof = await t.app.inject({ method: 'POST', url: `/api/campaigns/${ids.campaign}/tasks/${task.tasks!.at(-1)!.id}/submissions`, payload, headers: { ...headers, cookie: pro.client.cookie! } });
  if (proof.statusCode !== 201) throw new Error(`proof: ${proof.statusCode} ${proof.body}`);
  ids.proof = proof.json().id;
}
let signedInWrites: Map<string, Operation>;

beforeAll(async () => {
  t = await createTestApp();
  await ownedObjects();
  const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  signedInWrites = new Map(
    Object.entries(document.paths).flatMap(([url, operations]) =>
      Object.entries(operations)
        .filter(([method, operation]) => ['post', 'put', 'patch', 'delete'].includes(method) && operation.security?.some((scheme) => 'session' in scheme))
        .map(([method, operation]) => [`${method.toUpperCase()} ${url}`, operation] as const),
    ),
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document', () => {
  it('marks every signed-in write as needing a confirmed email, unless it is allowlisted with a reason', () => {
    expect(signedInWrites.size).toBeGreaterThan(Object.keys(ALLOWLIST).length);
    const ungated = [...signedInWrites].filter(([name, operation]) => !operation['x-requires-verified-email'] && !(name in ALLOWLIST)).map(([name]) => name);
    expect(ungated).toEqual([]);
    for (const [, operation] of signedInWrites) {
      if (operation['x-requires-verified-email']) expect(operation.description).toContain('EMAIL_NOT_VERIFIED');
    }
  });

  it('has no stale allowlist entry: each names a signed-in write that does not declare the gate', () => {
    for (const name of Object.keys(ALLOWLIST)) {
      expect(signedInWrites.has(name), name).toBe(true);
      expect(signedInWrites.get(name)?.['x-requires-verified-email'], name).toBeUndefined();
    }
  });
});

describe('an account that changed its email (unconfirmed again)', () => {
  it('may not edit postings or codes, revise agreements or approve proof (403 EMAIL_NOT_VERIFIED), and nothing changes', async () => {
    const biz = business.client;
    expect((await biz.post('/api/account/email', { email: 'owner.new@example.com', currentPassword: 'trail-cam-2026' })).status).toBe(200);
    expect((await biz.get('/api/auth/me')).body.emailVerified).toBe(false);

    const refused = await Promise.all([
      biz.patch(`/api/job-postings/${ids.job}`, { title: 'Reopened', isActive: true }),
      biz.patch(`/api/discount-codes/${ids.code}`, { discountValue: 90 }),
      biz.post(`/api/agreements/${ids.agreement}/revisions`, { startDate: dayOffset(0), endDate: dayOffset(400), commissionRateBps: 1500 }),
      biz.post(`/api/campaigns/${ids.campaign}/submissions/${ids.proof}/approve`, {}),
    ]);
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('EMAIL_NOT_VERIFIED');
    }

    // Ids are the fixtures' own integers.
    const [job] = await t.database.query(`select title, is_active from job_postings where id = ${ids.job}`);
    expect(job).toEqual({ title: 'Closed job', is_active: false });
    const [code] = await t.database.query(`select discount_value_hundredths from discount_codes where id = ${ids.code}`);
    expect(code!.discount_value_hundredths).not.toBe(9000);
    expect(await t.database.query(`select id from agreements where series_id = ${ids.agreement}`)).toHaveLength(0);
    const [proof] = await t.database.query(`select status, commission_id from campaign_task_submissions where id = ${ids.proof}`);
    expect(proof).toEqual({ status: 'submitted', commission_id: null });
  });
});
