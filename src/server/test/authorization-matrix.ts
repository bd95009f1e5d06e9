import { FIELD_TIER, SHIPPING_ADDRESS } from './gear-setup';
import { boothForm } from './booth-setup';
import { hashToken } from '../lib/auth';
import { insertResetToken, insertUser } from '../modules/auth/repository';
import { insertVerificationToken } from '../modules/account/repository';
import { PDF, PNG, dayOffset, multipart, type Actor, type Fixtures } from './authorization-fixtures';
import { TERMS_VERSION } from '@shared/legal';

/**
 * Every API route × every kind of caller → the status it answers, on the fixture objects owned by `business`
 * (and `proStaff`). `otherBusiness` and `otherProStaff` own nothing: their columns are the cross-account
 * (IDOR) tests. Keys are `METHOD url` exactly as Fastify registers the route. Walked by
 * src/server/authorization-matrix.test.ts, which also fails when a route is missing here or an entry is stale.
 */
export type Statuses = Record<Actor, number>;

export type MatrixRequest = {
  /** The route's URL with its params filled in (and a query string where one is needed). */
  url: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data in the field "file", after the text `fields`. */
  file?: { name: string; data: Buffer; fields?: Record<string, string> };
  headers?: Record<string, string>;
};

export type MatrixEntry = {
  expect: Statuses;
  /** Called once per actor, right before that actor's request. */
  request: (f: Fixtures, actor: Actor) => MatrixRequest | Promise<MatrixRequest>;
  /** Extra state some routes need before anyone calls them. */
  setup?: (f: Fixtures) => Promise<void>;
  /** A Server-Sent Events stream: only the status is read, over a real connection. */
  stream?: true;
  /** Why the answer is what it is, where the table alone does not say (public routes, other kinds of authentication). */
  note?: string;
  /** More texts (besides PRIVATE_MARKER) that no answer to a non-party may contain, e.g. the owners' emails. */
  privateTexts?: (f: Fixtures) => string[];
};

const all = (status: number): Statuses => ({ anonymous: status, admin: status, otherBusiness: status, otherProStaff: status, business: status, proStaff: status });
/** Any signed-in account; 401 when signed out. */
const signedIn = (status: number): Statuses => ({ ...all(status), anonymous: 401 });
/** Only `business` (the owner); another business is refused with `other`. */
const businessOwnerOnly = (status: number, other = 403): Statuses => ({ anonymous: 401, admin: 403, otherBusiness: other, otherProStaff: 403, business: status, proStaff: 403 });
/** Any account with a business profile, each acting on its own data. */
const anyBusinessProfile = (status: number): Statuses => ({ anonymous: 401, admin: 403, otherBusiness: status, otherProStaff: 403, business: status, proStaff: 403 });
/** Any account with a pro staff profile. */
const anyProStaffProfile = (status: number): Statuses => ({ anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: status, business: 403, proStaff: status });
const adminOnly: Statuses = { anonymous: 401, admin: 200, otherBusiness: 403, otherProStaff: 403, business: 403, proStaff: 403 };

/** The brand logo the logo entry's setup uploads. */
let brandLogoFile = '';
/** Objects the gear entries' setups make. */
let gearSpareTierId = 0;
let gearToDecideId = 0;
let gearToCancelId = 0;
/** The code the rotation entry's setup makes (rotating the shared fixture code would change what other entries see). */
let codeToRotateId = 0;
/** A Squarespace platform of the business, made by its webhook entry's setup. */
let squarespacePlatformId = 0;
/** The fraud flag and household address the code-abuse entries' setups make. */
let matrixFlagId = 0;
let householdAddressId = 0;
/** The business's API token the token entries' setup makes (decision record 043). */
let apiTokenId = 0;
async function businessApiToken(f: Fixtures): Promise<void> {
  const res = await f.business.client.post('/api/api-tokens', { name: 'SECRET-sync', scopes: ['codes:read'] });
  if (res.status !== 201) throw new Error(`api token: ${res.status} ${JSON.stringify(res.body)}`);
  apiTokenId = res.body.token.id;
}
/** The outgoing webhook endpoint and delivery the webhooks-out entries' setups make (decision record 044). */
let webhookEndpointId = 0;
let webhookDeliveryId = 0;
/** A loopback URL (allowed outside production); nothing listens there and no entry runs the queue. */
const WEBHOOK_URL = 'http://127.0.0.1:9/huntstaff';
async function makeWebhookEndpoint(f: Fixtures): Promise<void> {
  const res = await f.business.client.post('/api/webhook-endpoints', { url: WEBHOOK_URL, eventTypes: ['commission.created'] });
  if (res.status !== 201) throw new Error(`webhook endpoint: ${res.status} ${JSON.stringify(res.body)}`);
  webhookEndpointId = res.body.id;
}

/** The dead task the retry route's setup makes. */
let deadTaskId = 0;
/** The pro staffer's notification of the fixture agreement's offer. */
let proStaffNotificationId = 0;
/** The open change of the fixture agreement that the accept, decline and end routes' setup makes. */
let agreementChangeId = 0;
const agreementTerms = { startDate: dayOffset(0), endDate: dayOffset(400), commissionRateBps: 1500 };
async function proposeAgreementChange(f: Fixtures): Promise<void> {
  const res = await f.business.client.post(`/api/agreements/${f.ids.agreement}/revisions`, agreementTerms);
  if (res.status !== 201) throw new Error(`agreement change: ${res.status} ${JSON.stringify(res.body)}`);
  agreementChangeId = res.body.id;
}
/** The coaching session the coaching entries' setup books for `proStaff`, and the ticket the support entries' setup files. */
let coachingSessionId = 0;
let ticketId = 0;
const coachingBooking = { topic: 'Calling elk on camera', timeZone: 'America/Denver', preferredTimes: [{ date: dayOffset(10), from: '09:00', to: '11:00' }] };
const contactMessage = { name: 'Visitor', email: 'visitor@example.com', subject: 'A question', message: 'How do commissions work?' };
async function bookCoaching(f: Fixtures): Promise<void> {
  const res = await f.proStaff.client.post('/api/coaching/sessions', coachingBooking);
  if (res.status !== 201) throw new Error(`coaching booking: ${res.status} ${JSON.stringify(res.body)}`);
  coachingSessionId = res.body.id;
}
async function fileTicket(f: Fixtures): Promise<void> {
  const res = await f.t.app.inject({ method: 'POST', url: '/api/support/contact', payload: contactMessage });
  if (res.statusCode !== 202) throw new Error(`ticket: ${res.statusCode} ${res.body}`);
  [{ id: ticketId }] = await f.t.database.query<{ id: number }>('select max(id) as id from support_tickets');
  await f.t.app.ctx.rateLimits.reset();
}
/** The staffer who booked: 200; the other staffer: 404 (session ids reveal nothing); everyone else is refused by role. */
const coachingOwner = (status: number): Statuses => ({ anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 404, business: 403, proStaff: status });
/** A party of the agreement: 200; any other signed-in account: 404 (agreement ids reveal nothing). */
const agreementParties = (status: number): Statuses => ({ anonymous: 401, admin: 404, otherBusiness: 404, otherProStaff: 404, business: status, proStaff: status });

const isProStaff = (actor: Actor) => actor === 'proStaff' || actor === 'otherProStaff';
/** A request with nothing but its URL. */
const at = (url: (f: Fixtures) => string) => (f: Fixtures) => ({ url: url(f) });

const jobBody = { title: 'Bear guide', description: 'Guide hunters in May.', specialties: ['Bow Hunting'] };
const adBody = { title: 'Decoys', description: 'Duck decoys', adType: 'service_offer', targetAudience: 'both', budget: 2000, duration: 7, contactInfo: 'ads@example.com' };
const promotionBody = () => ({ title: 'Fall calls', description: 'Elk calls', promotionType: 'spotlight', targetAudience: 'all_pro_staff', budget: '50.00', startDate: dayOffset(0), endDate: dayOffset(10) });
const codeBody = { code: 'NEW15', description: '15% off', discountType: 'percentage', discountValue: 15, platform: 'All platforms' };
const storeApiNote = 'Store API: authenticated by X-Api-Key, not the session; no key is sent, so 401 for everyone (keys are tested in discounts.test.ts).';
const webhookNote = 'Store webhook: authenticated by its signature, not the session; none is sent, so 401 for everyone.';
const preflightNote = 'CORS preflight of the public store API: no authentication.';

async function resetToken(f: Fixtures, actor: Actor): Promise<string> {
  const db = f.t.database.db;
  const userId = await insertUser(db, { email: `reset.${actor}@example.com`, passwordHash: 'unused', userType: 'business' });
  const token = `matrix-reset-token-${actor}-0123456789`;
  await insertResetToken(db, { userId: userId!, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

/** A fresh verification link for a throwaway unverified account, one per caller. */
async function verificationToken(f: Fixtures, actor: Actor): Promise<string> {
  const db = f.t.database.db;
  const email = `verify.${actor}@example.com`;
  const userId = await insertUser(db, { email, passwordHash: 'unused', userType: 'pro_staff' });
  const token = `matrix-verify-token-${actor}-0123456789`;
  await insertVerificationToken(db, { userId: userId!, email, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

async function liveSubscriptions(f: Fixtures): Promise<void> {
  for (const [owner, tier] of [[f.business, 'startup'], [f.proStaff, 'pro']] as const) {
    const res = await owner.client.post('/api/create-subscription', { tier });
    if (res.status !== 200) throw new Error(`subscribe: ${res.status} ${JSON.stringify(res.body)}`);
  }
  await f.t.database.query(`update subscriptions set status = 'active' where user_id in (${f.business.user.id}, ${f.proStaff.user.id})`);
}

/** A Square store of `business`, made by the Square entries' setup (the shared fixtures have none). */
let squarePlatformId = 0;
async function squareStore(f: Fixtures): Promise<void> {
  const res = await f.business.client.post('/api/integration-platforms', { name: 'SECRET-square', platformType: 'square' });
  if (res.status !== 201) throw new Error(`square store: ${res.status} ${JSON.stringify(res.body)}`);
  squarePlatformId = res.body.id;
}
/** Set by the mass-message progress entry's setup. */
let massSendId = 0;
/** A failed payout of `business`, made by the payout entry's setup. */
let payoutId = 0;

export const authorizationMatrix: Record<string, MatrixEntry> = {
  // ---- system ----
  'GET /api/health': { expect: all(200), request: at(() => '/api/health'), note: 'Public liveness check.' },
  'GET /api/config': { expect: all(200), request: at(() => '/api/config'), note: 'Public client settings.' },
  'GET /api/docs': { expect: all(200), request: at(() => '/api/docs'), note: 'Public OpenAPI document of the store API.' },
  'POST /api/page-views': { expect: all(204), request: () => ({ url: '/api/page-views', body: { path: '/jobs' } }), note: 'Counts anonymous visits too (rate limited per IP).' },

  // ---- auth ----
  'POST /api/auth/register': {
    expect: all(201),
    request: (_f, actor) => ({ url: '/api/auth/register', body: { email: `new.${actor}@example.com`, password: 'trail-cam-2026', userType: 'business', ageConfirmed: true, termsAccepted: true } }),
    note: 'Open sign-up; a signed-in caller gets a new session for the new account.',
  },
  'POST /api/auth/login': {
    expect: all(200),
    request: (f) => ({ url: '/api/auth/login', body: { email: f.business.user.email, password: 'trail-cam-2026' } }),
    note: 'Authenticated by the credentials in the body.',
  },
  // The prerendered HTML form's posts (decision record 034): a 303 either way; the body goes as JSON here, as form fields in form-routes.test.ts.
  'POST /api/auth/register/form': {
    expect: all(303),
    request: (_f, actor) => ({ url: '/api/auth/register/form', body: { email: `form.${actor}@example.com`, password: 'trail-cam-2026', accountType: 'business', ageConfirmed: 'on', termsAccepted: 'on' } }),
    note: 'Open sign-up from the HTML form; answers with a redirect to the dashboard.',
  },
  'POST /api/auth/login/form': {
    expect: all(303),
    request: (f) => ({ url: '/api/auth/login/form', body: { email: f.business.user.email, password: 'trail-cam-2026' } }),
    note: 'Authenticated by the credentials in the form; answers with a redirect.',
  },
  'POST /api/auth/login/two-factor/form': {
    expect: all(303),
    request: () => ({ url: '/api/auth/login/two-factor/form', body: { code: '123456' } }),
    note: 'Authenticated by the challenge cookie of a first step; without one, a redirect back to the password.',
  },
  'POST /api/auth/logout': { expect: all(204), request: () => ({ url: '/api/auth/logout' }), note: 'Ends the session, if any.' },
  'GET /api/auth/me': { expect: signedIn(200), request: at(() => '/api/auth/me') },
  'POST /api/auth/password-reset/request': {
    expect: all(202),
    request: (f) => ({ url: '/api/auth/password-reset/request', body: { email: f.business.user.email } }),
    note: 'Same answer whether or not the account exists.',
  },
  'POST /api/auth/password-reset/confirm': {
    expect: all(204),
    request: async (f, actor) => ({ url: '/api/auth/password-reset/confirm', body: { token: await resetToken(f, actor), password: 'brand-new-password' } }),
    note: 'Authenticated by the emailed one-time token (a fresh one per caller, for a throwaway account), not the session.',
  },
  'POST /api/auth/change-password': {
    expect: signedIn(204),
    request: () => ({ url: '/api/auth/change-password', body: { currentPassword: 'trail-cam-2026', newPassword: 'trail-cam-2026' } }),
  },

  // ---- account (decision record 027) ----
  'POST /api/account/verify-email': {
    expect: all(204),
    request: async (f, actor) => ({ url: '/api/account/verify-email', body: { token: await verificationToken(f, actor) } }),
    note: 'Authenticated by the emailed one-time link (a fresh one per caller, for a throwaway account), not the session.',
  },
  'POST /api/account/verify-email/resend': {
    expect: signedIn(409),
    request: at(() => '/api/account/verify-email/resend'),
    note: 'The fixture accounts are verified already, so there is nothing to resend (sending is tested in verification.test.ts).',
  },
  'POST /api/account/email': {
    expect: signedIn(400),
    request: () => ({ url: '/api/account/email', body: { email: 'moved@example.com', currentPassword: 'not-the-password' } }),
    note: 'Re-authenticated by the current password; a wrong one is sent so the shared fixtures keep their addresses (the change is tested in verification.test.ts).',
  },
  'POST /api/account/two-factor/setup': { expect: signedIn(200), request: at(() => '/api/account/two-factor/setup'), note: 'Each caller sets up its own key.' },
  'POST /api/account/two-factor/enable': {
    expect: signedIn(400),
    request: () => ({ url: '/api/account/two-factor/enable', body: { code: '12' } }),
    note: 'A malformed code, so no fixture turns two-factor on (enrolment is tested in two-factor.test.ts); signed out is 401 before any 400.',
  },
  'POST /api/account/two-factor/disable': {
    expect: signedIn(409),
    request: () => ({ url: '/api/account/two-factor/disable', body: { currentPassword: 'trail-cam-2026', code: '123456' } }),
    note: 'The fixture accounts have no two-factor to turn off.',
  },
  'POST /api/account/two-factor/dismiss-prompt': { expect: signedIn(204), request: at(() => '/api/account/two-factor/dismiss-prompt') },
  'POST /api/account/terms': {
    expect: signedIn(200),
    request: () => ({ url: '/api/account/terms', body: { version: TERMS_VERSION } }),
    note: 'Each caller accepts the current terms for itself (terms.test.ts); the fixtures accepted them at sign-up, so nothing changes.',
  },
  'POST /api/auth/login/two-factor': {
    expect: all(401),
    request: () => ({ url: '/api/auth/login/two-factor', body: { challengeToken: 'matrix-unknown-challenge-0123456789', code: '123456' } }),
    note: 'Authenticated by the challenge a correct password started, not the session; an unknown one is 401 for everyone (two-factor.test.ts).',
  },
  'GET /api/account/export': { expect: signedIn(200), request: at(() => '/api/account/export'), note: "Each caller downloads its own data (export.test.ts checks the contents)." },
  'POST /api/account/deletion': {
    expect: signedIn(400),
    request: () => ({ url: '/api/account/deletion', body: { currentPassword: 'not-the-password' } }),
    note: 'Re-authenticated by the password; a wrong one is sent so the shared fixtures stay (deletion is tested in deletion.test.ts).',
  },
  'POST /api/account/export/email': { expect: signedIn(202), request: at(() => '/api/account/export/email'), note: 'Each caller asks for its own export; the link is mailed to it.' },
  'GET /api/account/export/download/:token': {
    expect: signedIn(404),
    request: at(() => '/api/account/export/download/matrix-unknown-export-token-0123456789'),
    note: 'Only the owner with the emailed token downloads (export.test.ts); an unknown token is 404 for everyone signed in.',
  },
  'GET /api/test/my-mail': { expect: signedIn(200), request: at(() => '/api/test/my-mail'), note: 'Test server only: the mail sent to the caller’s own address.' },
  'POST /api/test/forget-terms-acceptance': {
    expect: signedIn(204),
    request: at(() => '/api/test/forget-terms-acceptance'),
    note: 'Test server only: the caller’s own account looks as if it accepted no terms version (for the browser test of the notice).',
  },

  // ---- profiles and uploads ----
  'GET /api/pro-staff-profiles': { expect: all(200), request: at(() => '/api/pro-staff-profiles') },
  'GET /api/pro-staff-profiles/user/:userId': { expect: all(200), request: at((f) => `/api/pro-staff-profiles/user/${f.proStaff.user.id}`) },
  'GET /api/pro-staff-profiles/featured': { expect: all(200), request: at(() => '/api/pro-staff-profiles/featured?fill=true') },
  'GET /api/pro-staff-profiles/:id': { expect: all(200), request: at((f) => `/api/pro-staff-profiles/${f.proStaff.proStaffId}`) },
  'POST /api/pro-staff-profiles': {
    // The body names the owner's user id: another pro staffer may not write someone else's profile.
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 403, business: 403, proStaff: 200 },
    request: (f) => ({ url: '/api/pro-staff-profiles', body: { userId: f.proStaff.user.id, firstName: 'Owen', lastName: 'Owner', location: 'Helena, MT', experience: 6 } }),
  },
  'GET /api/business-profiles/user/:userId': { expect: all(200), request: at((f) => `/api/business-profiles/user/${f.business.user.id}`) },
  'GET /api/business-profiles/:id': { expect: all(200), request: at((f) => `/api/business-profiles/${f.business.businessId}`) },
  'POST /api/business-profiles': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 403, business: 200, proStaff: 403 },
    request: (f) => ({ url: '/api/business-profiles', body: { userId: f.business.user.id, companyName: 'Owner Outfitters LLC', location: 'Bozeman, MT' } }),
  },
  'GET /api/social-media-tags/search': {
    // The admin account is on the free plan, which does not include social search.
    expect: { anonymous: 401, admin: 402, otherBusiness: 200, otherProStaff: 403, business: 200, proStaff: 403 },
    request: at(() => '/api/social-media-tags/search?tag=elkhunting'),
  },
  'POST /api/uploads/avatar': { expect: signedIn(201), request: () => ({ url: '/api/uploads/avatar', file: { name: 'me.png', data: PNG } }) },
  'GET /api/uploads/avatars/:file': { expect: all(200), request: at((f) => `/api/uploads/avatars/${f.avatarFile}`), note: 'Profile pictures are public.' },

  // ---- custom branding (decision record 045); business and otherBusiness are Enterprise ----
  'GET /api/branding': { expect: anyBusinessProfile(200), request: at(() => '/api/branding') },
  'PUT /api/branding/color': { expect: anyBusinessProfile(200), request: () => ({ url: '/api/branding/color', body: { color: '#1f5132' } }) },
  'POST /api/branding/logo': { expect: anyBusinessProfile(201), request: () => ({ url: '/api/branding/logo', file: { name: 'logo.png', data: PNG } }) },
  'DELETE /api/branding/logo': { expect: anyBusinessProfile(200), request: at(() => '/api/branding/logo') },
  'GET /api/branding/logos/:file': {
    expect: all(200),
    setup: async (f) => {
      const { payload, headers } = multipart('logo.png', PNG);
      const res = await f.business.client.request('POST', '/api/branding/logo', payload, headers);
      if (res.status !== 201) throw new Error(`brand logo: ${res.status} ${JSON.stringify(res.body)}`);
      brandLogoFile = String(res.body.logoUrl).split('/').pop()!;
    },
    request: at(() => `/api/branding/logos/${brandLogoFile}`),
    note: 'Brand logos are public, as the pages that show them are.',
  },

  // ---- jobs and applications ----
  'GET /api/job-postings': { expect: all(200), request: at(() => '/api/job-postings') },
  'GET /api/job-postings/business/:businessId': { expect: all(200), request: at((f) => `/api/job-postings/business/${f.business.businessId}`), note: 'Public: others see the active postings only.' },
  'GET /api/job-postings/business/:businessId/stats': { expect: businessOwnerOnly(200), request: at((f) => `/api/job-postings/business/${f.business.businessId}/stats`) },
  'GET /api/job-postings/:id': {
    // An inactive posting: only its owner sees it, everyone else is told it does not exist.
    expect: { anonymous: 404, admin: 404, otherBusiness: 404, otherProStaff: 404, business: 200, proStaff: 404 },
    request: at((f) => `/api/job-postings/${f.ids.closedJob}`),
  },
  'POST /api/job-postings': { expect: anyBusinessProfile(201), request: () => ({ url: '/api/job-postings', body: jobBody }) },
  'PATCH /api/job-postings/:id': { expect: businessOwnerOnly(200), request: (f) => ({ url: `/api/job-postings/${f.ids.job}`, body: { title: 'Elk guide (2 openings)', isActive: false } }) },
  'GET /api/job-postings/:id/applications': { expect: businessOwnerOnly(200), request: at((f) => `/api/job-postings/${f.ids.job}/applications`) },
  'POST /api/applications': { expect: anyProStaffProfile(201), request: (f) => ({ url: '/api/applications', body: { jobPostingId: f.ids.openJob, coverLetter: 'Ten seasons of turkeys.' } }) },
  'GET /api/applications/pro-staff/:proStaffId': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 403, business: 403, proStaff: 200 },
    request: at((f) => `/api/applications/pro-staff/${f.proStaff.proStaffId}`),
  },
  'GET /api/applications/business/:businessId': { expect: businessOwnerOnly(200), request: at((f) => `/api/applications/business/${f.business.businessId}`) },
  'PATCH /api/applications/:id/status': {
    // The business shortlists, then the applicant withdraws; nobody else may do either.
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 403, business: 200, proStaff: 200 },
    request: (f, actor) => ({ url: `/api/applications/${f.ids.application}/status`, body: { status: isProStaff(actor) ? 'withdrawn' : 'shortlisted' } }),
  },

  // ---- messaging ----
  'GET /api/conversations': { expect: signedIn(200), request: at(() => '/api/conversations') },
  'GET /api/conversations/with/:userId': {
    expect: signedIn(200),
    request: (f, actor) => ({ url: `/api/conversations/with/${actor === 'proStaff' ? f.business.user.id : f.proStaff.user.id}` }),
    note: 'Anyone signed in may open a chat with anyone; the existing conversation shows only to its participants.',
    // Issue 17: a stranger learns the name and account type, never the email (it was used to harvest emails).
    privateTexts: (f) => [f.business.user.email, f.proStaff.user.email],
  },
  'GET /api/messages': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 403, business: 200, proStaff: 200 },
    request: at((f) => `/api/messages?conversationId=${f.ids.conversation}`),
  },
  'POST /api/messages': {
    // Posting into the owners' conversation: only its two participants may.
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 403, business: 201, proStaff: 201 },
    request: (f, actor) => ({
      url: '/api/messages',
      body: { toUserId: actor === 'business' ? f.proStaff.user.id : f.business.user.id, content: 'About the elk job', conversationId: f.ids.conversation },
    }),
  },
  'POST /api/messages/:id/read': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 403, business: 403, proStaff: 200 },
    request: (f) => ({ url: `/api/messages/${f.ids.message}/read` }),
  },
  'POST /api/conversations/:id/read': {
    // Either participant reads what they received; strangers are refused.
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 403, business: 200, proStaff: 200 },
    request: (f) => ({ url: `/api/conversations/${f.ids.conversation}/read` }),
  },
  'GET /api/messages/unread/:userId': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 403, business: 403, proStaff: 200 },
    request: at((f) => `/api/messages/unread/${f.proStaff.user.id}`),
  },
  'GET /api/messages/conversations/:userId': { expect: businessOwnerOnly(200), request: at((f) => `/api/messages/conversations/${f.business.user.id}`) },
  'POST /api/mass-message': {
    // The admin account is on the free plan, which does not include mass messaging.
    expect: { anonymous: 401, admin: 402, otherBusiness: 200, otherProStaff: 403, business: 200, proStaff: 403 },
    request: () => ({ url: '/api/mass-message', body: { content: 'Season opener meeting', filters: {} } }),
  },
  'GET /api/mass-message/:id': {
    // The sender's own send; another business (the admin account is one) is told it does not exist.
    expect: { anonymous: 401, admin: 404, otherBusiness: 404, otherProStaff: 403, business: 200, proStaff: 403 },
    setup: async (f) => {
      const res = await f.business.client.post('/api/mass-message', { content: 'Opening day plans', filters: {} });
      if (res.status !== 200 && res.status !== 202) throw new Error(`mass message: ${res.status} ${JSON.stringify(res.body)}`);
      massSendId = (res.body as { id: number }).id;
    },
    request: at(() => `/api/mass-message/${massSendId}`),
  },
  'POST /api/messages/:id/attachments': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 403, business: 201, proStaff: 403 },
    request: (f) => ({ url: `/api/messages/${f.ids.message}/attachments`, file: { name: 'terms.pdf', data: PDF } }),
  },
  'POST /api/messages/with-attachments': {
    // Anyone signed in may message someone else with a file; the admin account is on the free plan, without file sharing.
    expect: { anonymous: 401, admin: 402, otherBusiness: 201, otherProStaff: 201, business: 201, proStaff: 201 },
    request: (f, actor) => ({
      url: '/api/messages/with-attachments',
      file: { name: 'terms.pdf', data: PDF, fields: { toUserId: String((actor === 'business' ? f.proStaff : f.business).user.id), content: 'Terms attached' } },
    }),
  },
  'GET /api/messages/attachments/:id': {
    expect: { anonymous: 401, admin: 404, otherBusiness: 404, otherProStaff: 404, business: 200, proStaff: 200 },
    request: at((f) => `/api/messages/attachments/${f.ids.attachment}`),
  },
  'GET /api/events': { expect: signedIn(200), request: at(() => '/api/events'), stream: true, note: "The caller's own event stream." },

  // ---- commissions and rankings ----
  'POST /api/commissions': { expect: anyBusinessProfile(201), request: (f) => ({ url: '/api/commissions', body: { proStaffId: f.proStaff.proStaffId, amount: '40.00' } }) },
  'GET /api/commissions/business': { expect: anyBusinessProfile(200), request: at(() => '/api/commissions/business'), note: "Each business sees its own." },
  'GET /api/commissions/pro-staff': { expect: anyProStaffProfile(200), request: at(() => '/api/commissions/pro-staff'), note: 'Each pro staffer sees their own.' },
  'GET /api/commissions/payees': { expect: anyBusinessProfile(200), request: at(() => '/api/commissions/payees?search=o') },
  'PATCH /api/commissions/:id/status': { expect: businessOwnerOnly(200), request: (f) => ({ url: `/api/commissions/${f.ids.commission}/status`, body: { status: 'paid' } }) },
  'GET /api/rankings/:businessId': { expect: businessOwnerOnly(200), request: at((f) => `/api/rankings/${f.business.businessId}`) },
  'GET /api/rankings/:businessId/currencies': { expect: businessOwnerOnly(200), request: at((f) => `/api/rankings/${f.business.businessId}/currencies`) },
  'POST /api/rankings/calculate/:businessId': { expect: businessOwnerOnly(200), request: (f) => ({ url: `/api/rankings/calculate/${f.business.businessId}` }) },

  // ---- reviews (the fixture review is private: proStaff reviewed business) ----
  'GET /api/reviews': { expect: all(200), request: at((f) => `/api/reviews?revieweeType=business&revieweeId=${f.business.businessId}`), note: 'Public; private reviews are filtered out for others.' },
  'GET /api/reviews/page': { expect: all(200), request: at((f) => `/api/reviews/page?revieweeType=business&revieweeId=${f.business.businessId}&sort=highest`), note: 'Public; private reviews are filtered out for others.' },
  'GET /api/reviews/reviewees': { expect: signedIn(200), request: at(() => '/api/reviews/reviewees?type=pro_staff') },
  'POST /api/reviews': {
    expect: signedIn(201),
    request: (f, actor) => ({
      url: '/api/reviews',
      body: actor === 'proStaff'
        ? { revieweeType: 'business', revieweeId: f.otherBusiness.businessId, title: 'Fine', content: 'Fair and friendly to work with.' }
        : { revieweeType: 'pro_staff', revieweeId: f.proStaff.proStaffId, title: 'Great', content: 'Knows the backcountry well.' },
    }),
  },
  'POST /api/reviews/:id/helpful': {
    // Others cannot see the private review; its author may not vote on it.
    expect: { anonymous: 401, admin: 404, otherBusiness: 404, otherProStaff: 404, business: 200, proStaff: 403 },
    request: (f) => ({ url: `/api/reviews/${f.ids.review}/helpful`, body: { isHelpful: true } }),
  },
  'POST /api/reviews/:id/response': {
    expect: businessOwnerOnly(200, 404),
    request: (f) => ({ url: `/api/reviews/${f.ids.review}/response`, body: { response: 'Thanks for the season!' } }),
  },

  // ---- advertisements (owned by business, shown to everyone) ----
  'GET /api/advertisements': { expect: signedIn(200), request: at(() => '/api/advertisements'), note: "The caller's own ads." },
  'GET /api/advertisements/active': { expect: signedIn(200), request: at(() => '/api/advertisements/active') },
  'POST /api/advertisements': {
    // The admin account is on the free plan, which has no advertisements.
    expect: { ...signedIn(201), admin: 402 },
    request: () => ({ url: '/api/advertisements', body: adBody }),
  },
  'PUT /api/advertisements/:id': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 403, business: 200, proStaff: 403 },
    request: (f) => ({ url: `/api/advertisements/${f.ids.ad}`, body: { title: 'Gear sale, extended', status: 'paused' } }),
  },
  'DELETE /api/advertisements/:id': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 403, business: 204, proStaff: 403 },
    request: (f) => ({ url: `/api/advertisements/${f.ids.ad}` }),
  },
  'POST /api/advertisements/:id/click': { expect: signedIn(200), request: (f) => ({ url: `/api/advertisements/${f.ids.ad}/click` }), note: 'An ad for everyone: any viewer counts (the owner never does).' },
  'POST /api/advertisements/:id/impression': { expect: signedIn(200), request: (f) => ({ url: `/api/advertisements/${f.ids.ad}/impression` }), note: 'As for clicks.' },

  // ---- promotions ----
  'POST /api/promotions': { expect: anyBusinessProfile(201), request: () => ({ url: '/api/promotions', body: promotionBody() }) },
  'GET /api/promotions/business/:businessProfileId': { expect: businessOwnerOnly(200), request: at((f) => `/api/promotions/business/${f.business.businessId}`) },
  'GET /api/promotions/eligible': { expect: anyProStaffProfile(200), request: at(() => '/api/promotions/eligible?placement=jobs') },
  'PATCH /api/promotions/:id': { expect: businessOwnerOnly(200), request: (f) => ({ url: `/api/promotions/${f.ids.promotion}`, body: { title: 'Spring boots, 20% off', isActive: false } }) },
  'DELETE /api/promotions/:id': { expect: businessOwnerOnly(204), request: (f) => ({ url: `/api/promotions/${f.ids.promotion}` }) },
  'GET /api/promotions/:id/analytics': { expect: businessOwnerOnly(200), request: at((f) => `/api/promotions/${f.ids.promotion}/analytics`) },
  'POST /api/promotions/:id/impression': { expect: anyProStaffProfile(200), request: (f) => ({ url: `/api/promotions/${f.ids.promotion}/impression` }), note: 'Aimed at all pro staff.' },
  'POST /api/promotions/:id/click': { expect: anyProStaffProfile(200), request: (f) => ({ url: `/api/promotions/${f.ids.promotion}/click` }), note: 'Aimed at all pro staff.' },

  // ---- discount codes and integration platforms ----
  'GET /api/discount-codes': { expect: anyBusinessProfile(200), request: at(() => '/api/discount-codes'), note: "The caller's own codes." },
  'GET /api/discount-codes/business/:businessId': { expect: businessOwnerOnly(200), request: at((f) => `/api/discount-codes/business/${f.business.businessId}`) },
  'GET /api/discount-codes/pro-staff-options': {
    // Any business account (profile or not): names and ids that the public directory shows anyway.
    expect: { anonymous: 401, admin: 200, otherBusiness: 200, otherProStaff: 403, business: 200, proStaff: 403 },
    request: at(() => '/api/discount-codes/pro-staff-options'),
  },
  'POST /api/discount-codes': { expect: anyBusinessProfile(201), request: () => ({ url: '/api/discount-codes', body: codeBody }) },
  'PATCH /api/discount-codes/:id': { expect: businessOwnerOnly(200), request: (f) => ({ url: `/api/discount-codes/${f.ids.discountCode}`, body: { description: '12% off', discountValue: 12, isActive: false } }) },
  'GET /api/integration-platforms': { expect: anyBusinessProfile(200), request: at(() => '/api/integration-platforms'), note: "The caller's own platforms." },
  'GET /api/integration-platforms/business/:businessId': { expect: businessOwnerOnly(200), request: at((f) => `/api/integration-platforms/business/${f.business.businessId}`) },
  'POST /api/integration-platforms': { expect: anyBusinessProfile(201), request: () => ({ url: '/api/integration-platforms', body: { name: 'Web shop', platformType: 'custom' } }) },
  'PATCH /api/integration-platforms/:id': { expect: businessOwnerOnly(200), request: (f) => ({ url: `/api/integration-platforms/${f.ids.shopify}`, body: { name: 'Renamed shop', isActive: false } }) },
  'POST /api/integration-platforms/:id/rotate-key': { expect: businessOwnerOnly(200), request: (f) => ({ url: `/api/integration-platforms/${f.ids.shopify}/rotate-key` }) },
  'POST /api/integration-platforms/:platformId/squarespace/subscription': {
    expect: businessOwnerOnly(400),
    request: (f) => ({ url: `/api/integration-platforms/${f.ids.shopify}/squarespace/subscription`, body: {} }),
    note: 'The owner is answered 400 because the platform is not a Squarespace one (success is in squarespace/subscription.test.ts, against a fake Squarespace).',
  },
  'GET /api/integration-platforms/:platformId/squarespace/subscription': {
    expect: businessOwnerOnly(200),
    request: at((f) => `/api/integration-platforms/${f.ids.shopify}/squarespace/subscription`),
  },
  'DELETE /api/integration-platforms/:id': { expect: businessOwnerOnly(204), request: (f) => ({ url: `/api/integration-platforms/${f.ids.shopify}` }), note: 'Orders, commissions and the delivery log are kept.' },
  'GET /api/integration-platforms/deliveries': { expect: anyBusinessProfile(200), request: at(() => '/api/integration-platforms/deliveries'), note: "The caller's own delivery log." },

  // ---- public store API (X-Api-Key) ----
  'POST /api/discount-codes/:id/rotate': {
    expect: businessOwnerOnly(200),
    setup: async (f) => {
      const res = await f.business.client.post('/api/discount-codes', { ...codeBody, code: 'LEAKED20', platform: 'Phone orders' });
      if (res.status !== 201) throw new Error(`code to rotate: ${res.status} ${JSON.stringify(res.body)}`);
      codeToRotateId = res.body.id;
    },
    request: () => ({ url: `/api/discount-codes/${codeToRotateId}/rotate`, body: {} }),
    note: 'A code for no connected store: HuntStaff rotates alone (the store paths are in rotate-code.test.ts).',
  },
  'GET /api/discount-codes/validate/:code': { expect: all(401), request: at(() => '/api/discount-codes/validate/OWNER10'), note: storeApiNote },
  'POST /api/discount-codes/track-usage': { expect: all(401), request: () => ({ url: '/api/discount-codes/track-usage', body: { code: 'OWNER10', orderId: 'A-1', orderValue: '100.00' } }), note: storeApiNote },
  'POST /api/track/pageview': { expect: all(401), request: (f) => ({ url: '/api/track/pageview', body: { businessId: f.business.businessId, url: 'https://shop.example.com/' } }), note: storeApiNote },
  'POST /api/track/discount': {
    expect: all(401),
    request: (f) => ({ url: '/api/track/discount', body: { businessId: f.business.businessId, discountCode: 'OWNER10', orderValue: '100.00', orderId: 'A-2' } }),
    note: storeApiNote,
  },
  'POST /api/track/order': { expect: all(401), request: (f) => ({ url: '/api/track/order', body: { businessId: f.business.businessId, orderId: 'A-3' } }), note: storeApiNote },
  'OPTIONS /api/discount-codes/validate/:code': { expect: all(204), request: at(() => '/api/discount-codes/validate/OWNER10'), note: preflightNote },
  'OPTIONS /api/discount-codes/track-usage': { expect: all(204), request: at(() => '/api/discount-codes/track-usage'), note: preflightNote },
  'OPTIONS /api/track/pageview': { expect: all(204), request: at(() => '/api/track/pageview'), note: preflightNote },
  'OPTIONS /api/track/discount': { expect: all(204), request: at(() => '/api/track/discount'), note: preflightNote },
  'OPTIONS /api/track/order': { expect: all(204), request: at(() => '/api/track/order'), note: preflightNote },

  // ---- store webhooks (signed) ----
  'POST /api/webhooks/shopify/:platformId': {
    expect: all(401),
    request: (f) => ({ url: `/api/webhooks/shopify/${f.ids.shopify}`, body: { id: 9001, total_price: '100.00', discount_codes: [{ code: 'OWNER10' }] }, headers: { 'x-shopify-topic': 'orders/create' } }),
    note: webhookNote,
  },
  'POST /api/webhooks/woocommerce/:platformId': {
    expect: all(401),
    request: (f) => ({ url: `/api/webhooks/woocommerce/${f.ids.woocommerce}`, body: { id: 9002, total: '100.00', status: 'processing', coupon_lines: [{ code: 'OWNER10' }] } }),
    note: webhookNote,
  },
  'POST /api/webhooks/bigcommerce/:platformId': {
    expect: all(401),
    request: (f) => ({ url: `/api/webhooks/bigcommerce/${f.ids.bigcommerce}`, body: { scope: 'store/order/created', data: { type: 'order', id: 9003 } } }),
    note: webhookNote,
  },
  'POST /api/webhooks/magento/:platformId': {
    // The fixtures hold no Magento store: addressed to the BigCommerce one, the route finds no Magento platform of that
    // id, whoever calls and whatever they send (a Magento store's 401 is in magento-webhook.test.ts).
    expect: all(404),
    request: (f) => ({ url: `/api/webhooks/magento/${f.ids.bigcommerce}`, body: { eventName: 'observer.sales_order_save_after', data: { order: { entity_id: 9004 } } } }),
    note: webhookNote,
  },
  'POST /api/webhooks/square/:platformId': {
    expect: all(401),
    setup: squareStore,
    request: () => ({ url: `/api/webhooks/square/${squarePlatformId}`, body: { type: 'order.updated', event_id: 'matrix-1', data: { object: { order_updated: { order_id: 'SQ-1' } } } } }),
    note: webhookNote,
  },
  'POST /api/integration-platforms/:platformId/square-discounts': {
    expect: businessOwnerOnly(400, 404),
    setup: squareStore,
    request: () => ({ url: `/api/integration-platforms/${squarePlatformId}/square-discounts`, body: {} }),
    note: 'The owner’s store has no Square access token saved, so it is told to save one (400) and Square is never called; another business 404 (square-catalog.test.ts makes discounts).',
  },
  'POST /api/webhooks/squarespace/:platformId': {
    expect: all(401),
    setup: async (f) => {
      const res = await f.business.client.post('/api/integration-platforms', { name: 'Squarespace shop', platformType: 'squarespace' });
      if (res.status !== 201) throw new Error(`Squarespace platform: ${res.status} ${JSON.stringify(res.body)}`);
      squarespacePlatformId = res.body.id;
    },
    request: () => ({ url: `/api/webhooks/squarespace/${squarespacePlatformId}`, body: { id: 'n-1', topic: 'order.create', data: { orderId: 'o-1' } } }),
    note: webhookNote,
  },

  // ---- billing (each account's own subscription) ----
  'POST /api/create-subscription': {
    expect: signedIn(200),
    request: (_f, actor) => ({ url: '/api/create-subscription', body: { tier: isProStaff(actor) ? 'pro' : 'startup' } }),
    note: 'Subscribes the caller (fake Stripe).',
  },
  'GET /api/subscription-status': { expect: signedIn(200), request: at(() => '/api/subscription-status'), setup: liveSubscriptions, note: "The caller's own subscription." },
  'POST /api/cancel-subscription': {
    // Only the owners have a live subscription; the others have none of their own to cancel.
    expect: { anonymous: 401, admin: 404, otherBusiness: 404, otherProStaff: 404, business: 200, proStaff: 200 },
    request: () => ({ url: '/api/cancel-subscription' }),
    setup: liveSubscriptions,
  },
  // Plan changes and the money-back guarantee (decision record 042; success in billing/plan-change.test.ts and money-back.test.ts).
  'POST /api/subscription/change-preview': {
    expect: { anonymous: 401, admin: 404, otherBusiness: 404, otherProStaff: 404, business: 200, proStaff: 200 },
    request: (_f, actor) => ({ url: '/api/subscription/change-preview', body: { tier: isProStaff(actor) ? 'elite' : 'professional' } }),
    setup: liveSubscriptions,
    note: "Stripe's preview of the caller's own subscription moving to another plan; the others have none.",
  },
  'POST /api/subscription/change': {
    // A proration date from 1970 is outside any period: the owners are refused as stale (409), the others have nothing to change.
    expect: { anonymous: 401, admin: 404, otherBusiness: 404, otherProStaff: 404, business: 409, proStaff: 409 },
    request: (_f, actor) => ({ url: '/api/subscription/change', body: { tier: isProStaff(actor) ? 'elite' : 'professional', prorationDate: 1, expectedAmountDue: 0 } }),
    setup: liveSubscriptions,
  },
  'GET /api/subscription/money-back': { expect: signedIn(200), request: at(() => '/api/subscription/money-back'), note: "Whether the caller's own guarantee applies." },
  'POST /api/subscription/money-back': {
    expect: { ...signedIn(409), anonymous: 401 },
    request: () => ({ url: '/api/subscription/money-back' }),
    setup: liveSubscriptions,
    note: 'Nobody here has paid yet, so there is nothing to refund (409); only the caller’s own payments are ever refunded.',
  },
  'GET /api/admin/refunds': { expect: adminOnly, request: at(() => '/api/admin/refunds'), note: 'Refunds of subscription payments (decision record 042).' },
  'POST /api/start-trial': {
    // The fixture accounts are on paid plans, so only the admin (on Free) may still start a trial.
    expect: { anonymous: 401, admin: 200, otherBusiness: 409, otherProStaff: 409, business: 409, proStaff: 409 },
    request: (_f, actor) => ({ url: '/api/start-trial', body: { tier: isProStaff(actor) ? 'pro' : 'startup' } }),
    note: "Starts the caller's own free trial (no card); one per account, Free accounts only.",
  },
  'POST /api/test/end-my-trial': {
    expect: { anonymous: 401, admin: 404, otherBusiness: 404, otherProStaff: 404, business: 404, proStaff: 404 },
    request: () => ({ url: '/api/test/end-my-trial' }),
    note: "NODE_ENV=test only; ends the caller's own trial, and nobody here has one.",
  },
  'POST /api/stripe/webhook': {
    expect: all(400),
    request: () => ({ url: '/api/stripe/webhook', body: { id: 'evt_matrix', type: 'customer.subscription.deleted', data: { object: {} } } }),
    note: "Authenticated by Stripe's signature, not the session; none is sent, so 400 for everyone.",
  },

  'POST /api/stripe/connect-webhook': {
    expect: all(400),
    request: () => ({ url: '/api/stripe/connect-webhook', body: { id: 'evt_matrix', type: 'account.updated', data: { object: { id: 'acct_x' } } } }),
    note: "Stripe Connect's endpoint: authenticated by Stripe's signature (its own secret), not the session; none is sent, so 400 for everyone.",
  },

  // ---- pro staff agreements (decision record 028; the fixture agreement is active between business and proStaff) ----
  'GET /api/agreements': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 200, otherProStaff: 200, business: 200, proStaff: 200 },
    request: at(() => '/api/agreements'),
    note: "The caller's own agreements; the admin has no profile.",
  },
  'GET /api/agreements/roster.csv': { expect: anyBusinessProfile(200), request: at(() => '/api/agreements/roster.csv'), note: "CSV of the caller's own roster." },
  'POST /api/agreements': {
    expect: anyBusinessProfile(201),
    request: (f) => ({ url: '/api/agreements', body: { proStaffId: f.otherProStaff.proStaffId, ...agreementTerms } }),
    note: 'Each business offers otherProStaff an agreement of its own.',
  },
  'GET /api/agreements/:id': { expect: agreementParties(200), request: at((f) => `/api/agreements/${f.ids.agreement}`) },
  'GET /api/agreements/:id/history': { expect: agreementParties(200), request: at((f) => `/api/agreements/${f.ids.agreement}/history`) },
  'POST /api/agreements/:id/revisions': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 404, otherProStaff: 403, business: 201, proStaff: 403 },
    request: (f) => ({ url: `/api/agreements/${f.ids.agreement}/revisions`, body: agreementTerms }),
  },
  'POST /api/agreements/:id/accept': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 404, business: 403, proStaff: 200 },
    setup: proposeAgreementChange,
    request: () => ({ url: `/api/agreements/${agreementChangeId}/accept`, body: {} }),
  },
  'POST /api/agreements/:id/decline': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 404, business: 403, proStaff: 200 },
    setup: proposeAgreementChange,
    request: () => ({ url: `/api/agreements/${agreementChangeId}/decline`, body: { reason: 'No' } }),
  },
  'POST /api/agreements/:id/end': {
    expect: agreementParties(200),
    setup: proposeAgreementChange,
    request: (f, actor) => ({ url: `/api/agreements/${actor === 'business' ? agreementChangeId : f.ids.agreement}/end`, body: { reason: 'Season over' } }),
    note: 'The business withdraws the open change, then the pro staffer ends the agreement.',
  },

  // ---- code abuse (issue 43, decision record 039): a business's flags and rules, a staffer's own flags and addresses ----
  'GET /api/fraud/flags': { expect: anyBusinessProfile(200), request: at(() => '/api/fraud/flags?status=open'), note: "The caller's own flags." },
  'POST /api/fraud/flags/decide': {
    expect: businessOwnerOnly(200, 404),
    setup: async (f) => {
      const [row] = await f.t.database.query<{ id: number }>(`insert into fraud_flags (business_id, order_id, platform, code, pro_staff_id, commission_id, signal, mode)
        values (${f.business.businessId}, 'MATRIX-1', 'shopify', 'MATRIX', ${f.proStaff.proStaffId}, ${f.ids.commission}, 'own_use', 'flag') returning id`);
      matrixFlagId = row.id;
    },
    request: () => ({ url: '/api/fraud/flags/decide', body: { flagIds: [matrixFlagId], decision: 'approve' } }),
    note: "business's flag on proStaff's order; another business's id answers 404.",
  },
  'GET /api/fraud/staffers': { expect: anyBusinessProfile(200), request: at(() => '/api/fraud/staffers') },
  'GET /api/fraud/settings': { expect: anyBusinessProfile(200), request: at(() => '/api/fraud/settings') },
  'PUT /api/fraud/settings': { expect: anyBusinessProfile(200), request: () => ({ url: '/api/fraud/settings', body: { expiryDays: 30 } }), note: "The caller's own rules." },
  'GET /api/fraud/my-flags': { expect: anyProStaffProfile(200), request: at(() => '/api/fraud/my-flags'), note: "Flags on the caller's own orders." },
  'GET /api/fraud/household-addresses': { expect: anyProStaffProfile(200), request: at(() => '/api/fraud/household-addresses') },
  'GET /api/pro-staff/code-cards': { expect: anyProStaffProfile(200), request: at(() => '/api/pro-staff/code-cards') },
  'POST /api/fraud/household-addresses': {
    expect: anyProStaffProfile(201),
    request: (_f, actor) => ({ url: '/api/fraud/household-addresses', body: { line1: `${actor === 'proStaff' ? 12 : 14} Oak Street`, city: 'Boise', postalCode: '83702', country: 'US' } }),
  },
  'DELETE /api/fraud/household-addresses/:id': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 404, business: 403, proStaff: 204 },
    setup: async (f) => {
      const [row] = await f.t.database.query<{ id: number }>(`insert into household_addresses (pro_staff_id, address_hash, label) values (${f.proStaff.proStaffId}, 'matrix', '1 M… St, Boise US') returning id`);
      householdAddressId = row.id;
    },
    request: () => ({ url: `/api/fraud/household-addresses/${householdAddressId}` }),
    note: "proStaff's address; another staffer's id answers 404.",
  },
  'GET /api/admin/fraud/coupon-sites': { expect: adminOnly, request: at(() => '/api/admin/fraud/coupon-sites') },
  'PUT /api/admin/fraud/coupon-sites': { expect: adminOnly, request: () => ({ url: '/api/admin/fraud/coupon-sites', body: { domains: ['coupons.example.com'] } }) },
  'GET /api/admin/fraud/repeated-rejections': { expect: adminOnly, request: at(() => '/api/admin/fraud/repeated-rejections'), note: 'Counts of businesses, never their names.' },
  // ---- the notification centre (decision record 030): every route acts on the caller's own list ----
  'GET /api/notifications': { expect: signedIn(200), request: at(() => '/api/notifications'), note: "The caller's own notifications." },
  'GET /api/notifications/unread-count': { expect: signedIn(200), request: at(() => '/api/notifications/unread-count') },
  'POST /api/notifications/:id/read': {
    expect: { anonymous: 401, admin: 404, otherBusiness: 404, otherProStaff: 404, business: 404, proStaff: 200 },
    setup: async (f) => {
      const res = await f.proStaff.client.get('/api/notifications');
      if (res.status !== 200 || res.body.notifications.length === 0) throw new Error(`notifications: ${res.status} ${JSON.stringify(res.body)}`);
      proStaffNotificationId = res.body.notifications[0].id;
    },
    request: () => ({ url: `/api/notifications/${proStaffNotificationId}/read` }),
    note: "The fixture agreement's offer, in proStaff's list; anyone else's id answers 404 (ids reveal nothing).",
  },
  'POST /api/notifications/read-all': { expect: signedIn(200), request: at(() => '/api/notifications/read-all'), note: "Marks the caller's own list read." },
  'GET /api/notification-settings': { expect: signedIn(200), request: at(() => '/api/notification-settings') },
  'PATCH /api/notification-settings': { expect: signedIn(200), request: () => ({ url: '/api/notification-settings', body: { weeklyDigest: true } }), note: "The caller's own settings." },
  // ---- campaigns (decision record 031; the fixture campaign is open for business's roster, so proStaff is its audience) ----
  'GET /api/campaigns': { expect: signedIn(200), request: at(() => '/api/campaigns'), note: "A business's own campaigns, or the opened campaigns a staffer is in the audience of." },
  'POST /api/campaigns': {
    expect: anyBusinessProfile(201),
    request: () => ({ url: '/api/campaigns', body: { title: 'Winter push', brief: 'Post about decoys.', opensOn: dayOffset(2), closesOn: dayOffset(20), audience: 'roster', memberIds: [] } }),
  },
  'GET /api/campaigns/:id': {
    expect: { anonymous: 401, admin: 404, otherBusiness: 404, otherProStaff: 404, business: 200, proStaff: 200 },
    request: at((f) => `/api/campaigns/${f.ids.campaign}`),
    note: 'The owner, and its audience once opened; anyone else 404 (ids reveal nothing).',
  },
  'PUT /api/campaigns/:id': {
    expect: businessOwnerOnly(200, 404),
    request: (f) => ({ url: `/api/campaigns/${f.ids.scheduledCampaign}`, body: { title: 'Fall push, revised', brief: 'New brief.', opensOn: dayOffset(3), closesOn: dayOffset(40), audience: 'roster', memberIds: [] } }),
  },
  'DELETE /api/campaigns/:id': { expect: businessOwnerOnly(204, 404), request: at((f) => `/api/campaigns/${f.ids.scheduledCampaign}`) },
  'POST /api/campaigns/:id/close': { expect: businessOwnerOnly(200, 404), request: at((f) => `/api/campaigns/${f.ids.campaign}/close`) },
  'POST /api/campaigns/:id/assets/link': {
    expect: businessOwnerOnly(201, 404),
    request: (f) => ({ url: `/api/campaigns/${f.ids.campaign}/assets/link`, body: { name: 'Brand guide', url: 'https://example.com/brand', usageNotes: '' } }),
  },
  'POST /api/campaigns/:id/assets/file': {
    expect: businessOwnerOnly(201, 404),
    request: (f) => ({ url: `/api/campaigns/${f.ids.campaign}/assets/file`, file: { name: 'banner.png', data: PNG, fields: { name: 'Banner', usageNotes: 'Instagram only.' } } }),
  },
  'DELETE /api/campaigns/:id/assets/:assetId': { expect: businessOwnerOnly(200, 404), request: at((f) => `/api/campaigns/${f.ids.campaign}/assets/${f.ids.campaignAsset}`) },
  'GET /api/campaigns/:id/assets/:assetId/file': {
    expect: { anonymous: 401, admin: 404, otherBusiness: 404, otherProStaff: 404, business: 200, proStaff: 200 },
    request: at((f) => `/api/campaigns/${f.ids.campaign}/assets/${f.ids.campaignAsset}/file`),
    note: 'The owner, and its audience once opened; anyone else 404.',
  },
  // ---- goals by season (decision record 033; the fixture season is business's, with proStaff's goal) ----
  // Pay in gear (decision record 038).
  'GET /api/gear/tiers': { expect: anyBusinessProfile(200), request: at(() => '/api/gear/tiers'), note: "The caller's own tiers." },
  'POST /api/gear/tiers': { expect: anyBusinessProfile(201), request: () => ({ url: '/api/gear/tiers', body: { ...FIELD_TIER, name: 'Elite' } }) },
  'PUT /api/gear/tiers/:id': { expect: businessOwnerOnly(200, 404), request: (f) => ({ url: `/api/gear/tiers/${f.ids.tier}`, body: { ...FIELD_TIER, name: 'SECRET-tier renamed' } }) },
  'DELETE /api/gear/tiers/:id': {
    expect: businessOwnerOnly(204, 404),
    setup: async (f) => {
      gearSpareTierId = (await f.business.client.post('/api/gear/tiers', { ...FIELD_TIER, name: 'Spare' })).body.id;
    },
    request: at(() => `/api/gear/tiers/${gearSpareTierId}`),
  },
  'PUT /api/gear/staff/:proStaffId/tier': { expect: businessOwnerOnly(204, 404), request: (f) => ({ url: `/api/gear/staff/${f.proStaff.proStaffId}/tier`, body: { tierId: f.ids.tier, reason: 'Moved' } }) },
  'GET /api/gear/settings': { expect: anyBusinessProfile(200), request: at(() => '/api/gear/settings') },
  'PUT /api/gear/settings': {
    expect: anyBusinessProfile(200),
    request: (f, actor) => ({
      url: '/api/gear/settings',
      body: { platformId: actor === 'business' ? f.ids.shopify : null, seedableTags: ['pro-seed'], seedableCollections: [], completeOrders: true, owedTaskId: null, owedDueDays: null, owedDueOn: null },
    }),
    note: 'Each business its own settings; the store must be its own (the owner names its store, the others none).',
  },
  'PUT /api/gear/stores/:platformId/credentials': {
    expect: businessOwnerOnly(204, 404),
    request: (f) => ({ url: `/api/gear/stores/${f.ids.shopify}/credentials`, body: { platform: 'shopify', shopDomain: 'owner-outfitters.myshopify.com', accessToken: 'shpat_0123456789abcdef' } }),
  },
  'POST /api/gear/catalog/sync': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 409, otherProStaff: 403, business: 202, proStaff: 403 },
    request: at(() => '/api/gear/catalog/sync'),
    note: 'Another business has no store with credentials chosen: 409.',
  },
  'GET /api/gear/catalog': { expect: anyBusinessProfile(200), request: at(() => '/api/gear/catalog') },
  'GET /api/gear/requests': { expect: anyBusinessProfile(200), request: at(() => '/api/gear/requests'), note: 'The requests made to the caller.' },
  'PUT /api/gear/requests/:id/items': { expect: businessOwnerOnly(200, 404), request: (f) => ({ url: `/api/gear/requests/${f.ids.gearRequest}/items`, body: { items: [{ variantId: f.ids.gearVariant, quantity: 1 }] } }) },
  'POST /api/gear/requests/decide': {
    expect: anyBusinessProfile(200),
    setup: async (f) => {
      gearToDecideId = (await f.proStaff.client.post('/api/gear/requests', { businessId: f.business.businessId, items: [{ variantId: f.ids.gearVariant, quantity: 1 }], shippingAddress: SHIPPING_ADDRESS })).body.id;
    },
    request: () => ({ url: '/api/gear/requests/decide', body: { ids: [gearToDecideId], decision: 'reject', reason: 'Out of season' } }),
    note: 'Each request is decided on its own: another business gets 200 with the request refused as not found.',
  },
  'GET /api/gear/overview': { expect: anyBusinessProfile(200), request: at(() => '/api/gear/overview') },
  'GET /api/gear/compensation/business': { expect: anyBusinessProfile(200), request: at(() => '/api/gear/compensation/business') },
  'GET /api/gear/compensation/business/statement': { expect: anyBusinessProfile(200), request: at(() => '/api/gear/compensation/business/statement') },
  'GET /api/gear/compensation/mine/statement': { expect: anyProStaffProfile(200), request: at(() => '/api/gear/compensation/mine/statement') },
  'GET /api/gear/mine': { expect: anyProStaffProfile(200), request: at(() => '/api/gear/mine'), note: "The caller's own programs." },
  'GET /api/gear/compensation/mine': { expect: anyProStaffProfile(200), request: at(() => '/api/gear/compensation/mine') },
  'GET /api/gear/businesses/:businessId/catalog': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 403, business: 403, proStaff: 200 },
    request: at((f) => `/api/gear/businesses/${f.business.businessId}/catalog`),
    note: 'Only staff on the brand’s roster.',
  },
  'POST /api/gear/requests': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 403, business: 403, proStaff: 201 },
    request: (f) => ({ url: '/api/gear/requests', body: { businessId: f.business.businessId, items: [{ variantId: f.ids.gearVariant, quantity: 1 }], shippingAddress: SHIPPING_ADDRESS } }),
    note: 'Only staff on the brand’s roster.',
  },
  'POST /api/gear/requests/:id/cancel': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 404, business: 403, proStaff: 200 },
    setup: async (f) => {
      gearToCancelId = (await f.proStaff.client.post('/api/gear/requests', { businessId: f.business.businessId, items: [{ variantId: f.ids.gearVariant, quantity: 1 }], shippingAddress: SHIPPING_ADDRESS })).body.id;
    },
    request: at(() => `/api/gear/requests/${gearToCancelId}/cancel`),
  },
  'GET /api/booth-events': { expect: anyBusinessProfile(200), request: at(() => '/api/booth-events'), note: "The caller's own event booths." },
  'POST /api/booth-events': { expect: anyBusinessProfile(201), request: () => ({ url: '/api/booth-events', body: boothForm() }) },
  'GET /api/booth-events/:id': { expect: businessOwnerOnly(200, 404), request: at((f) => `/api/booth-events/${f.ids.booth}`) },
  'PUT /api/booth-events/:id': { expect: businessOwnerOnly(200, 404), request: (f) => ({ url: `/api/booth-events/${f.ids.booth}`, body: boothForm({ name: 'Renamed booth' }) }) },
  'DELETE /api/booth-events/:id': { expect: businessOwnerOnly(204, 404), request: at((f) => `/api/booth-events/${f.ids.booth}`) },
  'GET /api/booth-events/:id/report': { expect: businessOwnerOnly(200, 404), request: at((f) => `/api/booth-events/${f.ids.booth}/report`) },
  'GET /api/booth-events/:id/report.csv': { expect: businessOwnerOnly(200, 404), request: at((f) => `/api/booth-events/${f.ids.booth}/report.csv`) },
  // ---- outgoing webhooks (decision record 044): fixture businesses are on Enterprise ----
  'GET /api/webhook-endpoints': { expect: anyBusinessProfile(200), request: at(() => '/api/webhook-endpoints'), note: "The caller's own endpoints." },
  'POST /api/webhook-endpoints': { expect: anyBusinessProfile(201), request: () => ({ url: '/api/webhook-endpoints', body: { url: WEBHOOK_URL, eventTypes: ['payout.paid'] } }) },
  'PATCH /api/webhook-endpoints/:id': { expect: businessOwnerOnly(200, 404), setup: makeWebhookEndpoint, request: () => ({ url: `/api/webhook-endpoints/${webhookEndpointId}`, body: { description: 'Renamed' } }) },
  'DELETE /api/webhook-endpoints/:id': { expect: businessOwnerOnly(204, 404), setup: makeWebhookEndpoint, request: () => ({ url: `/api/webhook-endpoints/${webhookEndpointId}` }) },
  'POST /api/webhook-endpoints/:id/rotate-secret': { expect: businessOwnerOnly(200, 404), setup: makeWebhookEndpoint, request: () => ({ url: `/api/webhook-endpoints/${webhookEndpointId}/rotate-secret`, body: {} }) },
  'GET /api/webhook-deliveries': { expect: anyBusinessProfile(200), request: at(() => '/api/webhook-deliveries'), note: "The caller's own deliveries." },
  'POST /api/webhook-deliveries/:id/resend': {
    expect: businessOwnerOnly(202, 404),
    setup: async (f) => {
      await makeWebhookEndpoint(f);
      const made = await f.business.client.post('/api/commissions', { proStaffId: f.proStaff.proStaffId, amount: '1.00', description: 'webhook matrix', dueDate: null });
      if (made.status !== 201) throw new Error(`commission for a delivery: ${made.status}`);
      webhookDeliveryId = (await f.business.client.get('/api/webhook-deliveries')).body[0].id;
    },
    request: () => ({ url: `/api/webhook-deliveries/${webhookDeliveryId}/resend`, body: {} }),
  },
  'GET /api/seasons': { expect: anyBusinessProfile(200), request: at(() => '/api/seasons'), note: "The caller's own seasons." },
  'POST /api/seasons': { expect: anyBusinessProfile(201), request: () => ({ url: '/api/seasons', body: { name: 'Winter geese', startsOn: dayOffset(0), endsOn: dayOffset(40) } }) },
  'GET /api/seasons/:id': { expect: businessOwnerOnly(200, 404), request: at((f) => `/api/seasons/${f.ids.season}`) },
  'PUT /api/seasons/:id': { expect: businessOwnerOnly(200, 404), request: (f) => ({ url: `/api/seasons/${f.ids.season}`, body: { name: 'Renamed season', startsOn: dayOffset(-5), endsOn: dayOffset(20) } }) },
  'DELETE /api/seasons/:id': { expect: businessOwnerOnly(204, 404), request: at((f) => `/api/seasons/${f.ids.season}`) },
  'POST /api/seasons/:id/goals': {
    expect: businessOwnerOnly(201, 404),
    request: (f) => ({ url: `/api/seasons/${f.ids.emptySeason}/goals`, body: { proStaffId: f.proStaff.proStaffId, eventsTarget: 2 } }),
    note: 'proStaff is on business’s roster.',
  },
  'GET /api/goals': { expect: signedIn(200), request: at(() => '/api/goals'), note: "A business's staffers' goals, or a staffer's own." },
  'GET /api/goals/:id': {
    expect: { anonymous: 401, admin: 404, otherBusiness: 404, otherProStaff: 404, business: 200, proStaff: 200 },
    request: at((f) => `/api/goals/${f.ids.goal}`),
    note: 'Its business and its staffer; anyone else 404.',
  },
  'PUT /api/goals/:id': { expect: businessOwnerOnly(200, 404), request: (f) => ({ url: `/api/goals/${f.ids.goal}`, body: { postsTarget: 5 } }) },
  'DELETE /api/goals/:id': { expect: businessOwnerOnly(204, 404), request: at((f) => `/api/goals/${f.ids.goal}`) },
  // ---- campaign tasks (decision record 032; proStaff, in the fixture campaign's audience, has a waiting proof of campaignTask) ----
  'GET /api/campaigns/:id/tasks': {
    expect: { anonymous: 401, admin: 404, otherBusiness: 404, otherProStaff: 404, business: 200, proStaff: 200 },
    request: at((f) => `/api/campaigns/${f.ids.campaign}/tasks`),
    note: 'The owner (every proof) and the audience once opened (their own proofs); anyone else 404.',
  },
  'POST /api/campaigns/:id/tasks': {
    expect: businessOwnerOnly(201, 404),
    request: (f) => ({ url: `/api/campaigns/${f.ids.campaign}/tasks`, body: { kind: 'other', title: 'Share the guide', rewardAmount: '' } }),
  },
  'PUT /api/campaigns/:id/tasks/:taskId': {
    expect: businessOwnerOnly(200, 404),
    request: (f) => ({ url: `/api/campaigns/${f.ids.campaign}/tasks/${f.ids.campaignEmptyTask}`, body: { kind: 'social_post', title: 'Post again', platform: 'tiktok', requiredTag: '@owner' } }),
  },
  'DELETE /api/campaigns/:id/tasks/:taskId': { expect: businessOwnerOnly(200, 404), request: at((f) => `/api/campaigns/${f.ids.campaign}/tasks/${f.ids.campaignEmptyTask}`) },
  'POST /api/campaigns/:id/tasks/:taskId/submissions': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 404, business: 403, proStaff: 201 },
    request: (f) => ({ url: `/api/campaigns/${f.ids.campaign}/tasks/${f.ids.campaignEmptyTask}/submissions`, file: { name: 'post.png', data: PNG, fields: { url: 'https://instagram.com/p/owner' } } }),
    note: 'A pro staffer in the audience of the open campaign; another staffer 404 (not in it).',
  },
  'POST /api/campaigns/:id/submissions/:submissionId/approve': {
    expect: businessOwnerOnly(200, 404),
    request: at((f) => `/api/campaigns/${f.ids.campaign}/submissions/${f.ids.campaignSubmission}/approve`),
  },
  'POST /api/campaigns/:id/submissions/:submissionId/reject': {
    expect: businessOwnerOnly(200, 404),
    request: (f) => ({ url: `/api/campaigns/${f.ids.campaign}/submissions/${f.ids.campaignSubmission}/reject`, body: { reason: 'unsafe_firearm_handling', note: '' } }),
  },
  'GET /api/campaigns/:id/submissions/:submissionId/photos/:photoId': {
    expect: { anonymous: 401, admin: 404, otherBusiness: 404, otherProStaff: 404, business: 200, proStaff: 200 },
    request: at((f) => `/api/campaigns/${f.ids.campaign}/submissions/${f.ids.campaignSubmission}/photos/${f.ids.campaignProofPhoto}`),
    note: 'The staffer who submitted it and the campaign’s owner; anyone else 404.',
  },
  // ---- verified credentials (decision record 029; the fixture credential is proStaff's, pending) ----
  'GET /api/credentials': { expect: anyProStaffProfile(200), request: at(() => '/api/credentials'), note: "The caller's own credentials." },
  'POST /api/credentials': {
    expect: anyProStaffProfile(201),
    request: (_f, actor) => ({
      url: '/api/credentials',
      file: { name: 'licence.pdf', data: PDF, fields: { type: 'outfitter_license', issuingAuthority: 'Idaho OGLB', number: `OUT-${actor}`, issuedOn: dayOffset(-10), expiresOn: dayOffset(300) } },
    }),
    note: 'Each pro staffer submits a credential of their own.',
  },
  'POST /api/credentials/:id/withdraw': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 404, business: 403, proStaff: 200 },
    request: at((f) => `/api/credentials/${f.ids.credential}/withdraw`),
  },
  'GET /api/credentials/:id/document': {
    expect: { anonymous: 401, admin: 200, otherBusiness: 404, otherProStaff: 404, business: 404, proStaff: 200 },
    request: at((f) => `/api/credentials/${f.ids.credential}/document`),
    note: 'The owner and admins only; never businesses (not even one with an agreement) nor the public.',
  },
  'GET /api/pro-staff-profiles/:proStaffId/credentials': {
    expect: all(200),
    request: at((f) => `/api/pro-staff-profiles/${f.proStaff.proStaffId}/credentials`),
    note: 'Public: the approved credentials’ type and issuer, never the number or the document.',
  },
  'GET /api/admin/credentials': { expect: adminOnly, request: at(() => '/api/admin/credentials') },
  'POST /api/admin/credentials/:id/approve': { expect: adminOnly, request: at((f) => `/api/admin/credentials/${f.ids.credential}/approve`) },
  'POST /api/admin/credentials/:id/reject': {
    expect: adminOnly,
    request: (f) => ({ url: `/api/admin/credentials/${f.ids.credential}/reject`, body: { reason: 'Unreadable scan' } }),
  },
  'POST /api/admin/credentials/:id/revoke': {
    expect: adminOnly,
    setup: async (f) => {
      const res = await f.admin.client.post(`/api/admin/credentials/${f.ids.credential}/approve`);
      if (res.status !== 200) throw new Error(`approve credential: ${res.status} ${JSON.stringify(res.body)}`);
    },
    request: (f) => ({ url: `/api/admin/credentials/${f.ids.credential}/revoke`, body: { reason: 'Licence suspended' } }),
  },

  // ---- payouts (decision record 025) ----
  'GET /api/payout-account': { expect: anyProStaffProfile(200), request: at(() => '/api/payout-account'), note: "The caller's own payout account." },
  'POST /api/payout-account/link': { expect: anyProStaffProfile(200), request: at(() => '/api/payout-account/link'), note: "Onboarding for the caller's own payout account (created at the first call)." },
  'POST /api/payouts': {
    expect: { anonymous: 401, admin: 403, otherBusiness: 403, otherProStaff: 403, business: 400, proStaff: 403 },
    request: (f) => ({ url: '/api/payouts', body: { commissionIds: [f.ids.commission] } }),
    note: "Only the business that owns every commission; the fixture business has no saved card, so 400 (payouts themselves: payouts/pay-now.test.ts).",
  },
  'GET /api/payouts/business': { expect: anyBusinessProfile(200), request: at(() => '/api/payouts/business'), note: "The caller's own business's payouts and balances." },
  'GET /api/payouts/pro-staff': { expect: anyProStaffProfile(200), request: at(() => '/api/payouts/pro-staff'), note: "The caller's own payouts and balances." },
  'GET /api/payouts/business/statement': { expect: anyBusinessProfile(200), request: at(() => '/api/payouts/business/statement'), note: "CSV of the caller's own business's payouts." },
  'GET /api/payouts/pro-staff/statement': { expect: anyProStaffProfile(200), request: at(() => '/api/payouts/pro-staff/statement'), note: "CSV of the caller's own payouts." },
  'GET /api/payouts/:id': {
    expect: businessOwnerOnly(200),
    request: () => ({ url: `/api/payouts/${payoutId}` }),
    setup: async (f) => {
      const [row] = await f.t.database.query<{ id: number }>(
        `insert into payouts (business_id, key, currency, amount_cents, status, failure_reason, stripe_customer_id, stripe_payment_method_id)
         values (${f.business.businessId}, 'matrix-payout', 'USD', 12500, 'failed', 'The card was declined: Your card was declined.', 'cus_matrix', 'pm_card_chargeDeclined') returning id`,
      );
      await f.t.database.query(`insert into payout_items (payout_id, pro_staff_id, amount_cents, status, failure_reason) values (${row.id}, ${f.proStaff.proStaffId}, 12500, 'failed', 'declined')`);
      payoutId = row.id;
    },
  },

  // ---- plan usage ----
  'GET /api/plan-usage': { expect: signedIn(200), request: at(() => '/api/plan-usage'), note: 'Each account sees only its own usage (usage.test.ts).' },

  // ---- demo requests ----
  'POST /api/demo-requests': {
    expect: all(201),
    request: (_f, actor) => ({ url: '/api/demo-requests', body: { name: `Demo ${actor}`, email: `demo.${actor}@example.com`, preferredTime: 'Afternoon' } }),
    note: 'Public: the landing page\'s Schedule Demo form; rate limited per address (demo-requests.test.ts).',
  },
  'GET /api/admin/demo-requests': { expect: adminOnly, request: at(() => '/api/admin/demo-requests') },

  // ---- coaching and support (decision record 046) ----
  'GET /api/coaching/sessions': { expect: anyProStaffProfile(200), request: at(() => '/api/coaching/sessions'), note: "The caller's own sessions." },
  'POST /api/coaching/sessions': { expect: anyProStaffProfile(201), request: () => ({ url: '/api/coaching/sessions', body: coachingBooking }), note: 'Both pro staff fixtures are Elite; other plans get 403 (coaching.test.ts).' },
  'POST /api/coaching/sessions/:id/reschedule': {
    expect: coachingOwner(200),
    setup: bookCoaching,
    request: () => ({ url: `/api/coaching/sessions/${coachingSessionId}/reschedule`, body: { timeZone: 'UTC', preferredTimes: coachingBooking.preferredTimes } }),
  },
  'POST /api/coaching/sessions/:id/cancel': { expect: coachingOwner(200), setup: bookCoaching, request: at(() => `/api/coaching/sessions/${coachingSessionId}/cancel`) },
  'GET /api/admin/coaching/sessions': { expect: adminOnly, setup: bookCoaching, request: at(() => '/api/admin/coaching/sessions') },
  'POST /api/admin/coaching/sessions/:id/confirm': {
    expect: adminOnly,
    setup: bookCoaching,
    request: () => ({ url: `/api/admin/coaching/sessions/${coachingSessionId}/confirm`, body: { date: dayOffset(10), time: '10:00', durationMinutes: 45 } }),
  },
  'POST /api/admin/coaching/sessions/:id/cancel': { expect: adminOnly, setup: bookCoaching, request: at(() => `/api/admin/coaching/sessions/${coachingSessionId}/cancel`) },
  'POST /api/support/contact': {
    expect: all(202),
    // Six callers share one test address and the limit is five an hour: each starts with a fresh count.
    request: async (f, actor) => {
      await f.t.app.ctx.rateLimits.reset();
      return { url: '/api/support/contact', body: { ...contactMessage, name: `Contact ${actor}` } };
    },
    note: 'Public: Contact Us, signed in or not; rate limited per address (support.test.ts).',
  },
  'POST /api/support/contact/form': {
    expect: all(303),
    request: async (f, actor) => {
      await f.t.app.ctx.rateLimits.reset();
      return { url: '/api/support/contact/form', body: { ...contactMessage, name: `Form ${actor}` } };
    },
    note: 'Public: the Contact Us HTML form; answers with a redirect.',
  },
  'GET /api/admin/support/tickets': { expect: adminOnly, setup: fileTicket, request: at(() => '/api/admin/support/tickets') },
  'POST /api/admin/support/tickets/:id/replies': { expect: { ...adminOnly, admin: 201 }, setup: fileTicket, request: () => ({ url: `/api/admin/support/tickets/${ticketId}/replies`, body: { message: 'Answered.' } }) },
  'PUT /api/admin/support/tickets/:id/status': { expect: adminOnly, setup: fileTicket, request: () => ({ url: `/api/admin/support/tickets/${ticketId}/status`, body: { status: 'closed' } }) },
  'GET /api/account-manager': { expect: { anonymous: 401, admin: 200, otherBusiness: 200, otherProStaff: 403, business: 200, proStaff: 403 }, request: at(() => '/api/account-manager'), note: "The caller's own manager (business accounts)." },
  'GET /api/admin/account-managers': { expect: adminOnly, request: at(() => '/api/admin/account-managers') },
  'PUT /api/admin/account-managers/:userId': {
    expect: adminOnly,
    request: (f) => ({ url: `/api/admin/account-managers/${f.business.user.id}`, body: { managerUserId: f.admin.user.id, managerName: 'Morgan Lake' } }),
  },

  // ---- admin ----
  'GET /api/admin/analytics': { expect: adminOnly, request: at(() => '/api/admin/analytics') },
  'GET /api/admin/recent-users': { expect: adminOnly, request: at(() => '/api/admin/recent-users') },
  'GET /api/admin/platform-stats': { expect: adminOnly, request: at(() => '/api/admin/platform-stats') },
  'GET /api/admin/growth': { expect: adminOnly, request: at(() => '/api/admin/growth?weeks=4') },
  'GET /api/commissions/business/statement': { expect: anyBusinessProfile(200), request: at(() => '/api/commissions/business/statement'), note: "CSV of the caller's own business's commissions." },
  'GET /api/commissions/pro-staff/statement': { expect: anyProStaffProfile(200), request: at(() => '/api/commissions/pro-staff/statement'), note: "CSV of the caller's own commissions." },
  'GET /api/commissions/business/yearly-totals': { expect: anyBusinessProfile(200), request: at(() => '/api/commissions/business/yearly-totals?year=2026'), note: "The caller's own business's payments." },
  'GET /api/commission-settings': { expect: anyBusinessProfile(200), request: at(() => '/api/commission-settings'), note: "The caller's own business settings." },
  'PUT /api/commission-settings': { expect: anyBusinessProfile(200), request: () => ({ url: '/api/commission-settings', body: { holdDays: 14 } }), note: "The caller's own business settings." },
  'GET /api/admin/background-tasks': { expect: adminOnly, request: at(() => '/api/admin/background-tasks') },
  'POST /api/admin/background-tasks/:id/retry': {
    expect: adminOnly,
    request: () => ({ url: `/api/admin/background-tasks/${deadTaskId}/retry` }),
    setup: async (f) => {
      const [row] = await f.t.database.query<{ id: number }>(`insert into background_tasks (kind, status, attempts, last_error, finished_at) values ('tasks.purge-finished', 'dead', 8, 'Error: boom', now()) returning id`);
      deadTaskId = Number(row.id);
    },
    note: 'A dead task (attempts used up) queued again by an admin.',
  },
  'GET /api/admin/reconciliation': {
    expect: adminOnly,
    request: at(() => '/api/admin/reconciliation'),
    note: 'Payouts recorded as paid compared with the fake Stripe’s transfers (decision record 037; reconciliation/reconciliation.test.ts).',
  },

  // ---- analytics (own data only; the fixture businesses are on Enterprise, which includes analytics) ----
  'GET /api/analytics/business': { expect: anyBusinessProfile(200), request: at(() => '/api/analytics/business?weeks=4') },
  'GET /api/analytics/promotions': { expect: anyBusinessProfile(200), request: at(() => '/api/analytics/promotions?days=7') },

  // ---- API tokens (decision record 043; tokens used on routes in api-tokens/api-tokens.test.ts) ----
  'GET /api/api-tokens': {
    expect: anyBusinessProfile(200),
    request: at(() => '/api/api-tokens'),
    setup: businessApiToken,
    note: "The caller's own tokens; the fixture businesses are on Enterprise.",
  },
  'POST /api/api-tokens': { expect: anyBusinessProfile(201), request: () => ({ url: '/api/api-tokens', body: { name: 'Nightly sync', scopes: ['roster:read'] } }) },
  'DELETE /api/api-tokens/:id': {
    expect: businessOwnerOnly(204, 404),
    request: () => ({ url: `/api/api-tokens/${apiTokenId}` }),
    setup: businessApiToken,
    note: 'Another business’s token id is a 404, as if it did not exist.',
  },
};
