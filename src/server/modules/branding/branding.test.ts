import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@server/db/schema/users';
import { businessProfiles } from '@server/db/schema/profiles';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff, createRosteredProStaff, type SignedIn } from '@server/test/factories';

// Custom branding for Enterprise businesses (issue 46 item 5, decision record 045).
const t = useTestApp();

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

type Business = SignedIn & { businessId: number };

function multipart(file: Buffer, filename: string, contentType: string) {
  const boundary = '----hs-branding-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function uploadLogo(cookie: string | undefined, file = PNG, filename = 'logo.png', contentType = 'image/png') {
  const { payload, headers } = multipart(file, filename, contentType);
  return t.app.inject({ method: 'POST', url: '/api/branding/logo', payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

const enterprise = (companyName = 'Ridge Optics') => createBusiness(t, { tier: 'enterprise', companyName });

async function brandRow(businessId: number) {
  const [row] = await t.database.db.select({ key: businessProfiles.brandLogoKey, color: businessProfiles.brandColor }).from(businessProfiles).where(eq(businessProfiles.id, businessId));
  return row;
}

describe('PUT /api/branding/color', () => {
  it('sets and clears the colour; the public profile shows it while set', async () => {
    const business = await enterprise();
    const set = await business.client.put('/api/branding/color', { color: '#1F5132' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ logoUrl: null, color: '#1f5132', entitled: true, planName: 'Enterprise' });
    const profile = await new TestClient(t.app).get(`/api/business-profiles/${business.businessId}`);
    expect(profile.body.brand).toEqual({ logoUrl: null, color: '#1f5132' });

    const cleared = await business.client.put('/api/branding/color', { color: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.color).toBeNull();
    expect((await brandRow(business.businessId))!.color).toBeNull();
    expect((await new TestClient(t.app).get(`/api/business-profiles/${business.businessId}`)).body.brand).toBeNull();
  });

  it('refuses a colour with too little contrast, naming the ratio and the minimum, and stores nothing', async () => {
    const business = await enterprise();
    const res = await business.client.put('/api/branding/color', { color: '#777777' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.message).toContain('4.48:1');
    expect(res.body.error.message).toContain('4.5:1');
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'color', ratio: 4.48, minimum: 4.5, against: '#ffffff' })]);
    expect((await brandRow(business.businessId))!.color).toBeNull();
    // The darkest grey that passes is accepted.
    expect((await business.client.put('/api/branding/color', { color: '#767676' })).status).toBe(200);
  });

  it('refuses what is not # and six hex digits', async () => {
    const business = await enterprise();
    for (const color of ['#777', 'red', '1f5132', '#1f51321', 42]) {
      const res = await business.client.put('/api/branding/color', { color });
      expect(res.status, String(color)).toBe(400);
      expect(res.body.error.details[0].path).toBe('color');
    }
    expect((await business.client.put('/api/branding/color', {})).status).toBe(400);
  });

  it('is refused signed out, to pro staff and to an unverified account', async () => {
    expect((await new TestClient(t.app).put('/api/branding/color', { color: '#1f5132' })).status).toBe(401);
    const pro = await createProStaff(t, { tier: 'elite' });
    expect((await pro.client.put('/api/branding/color', { color: '#1f5132' })).status).toBe(403);
    const unverified = await createBusiness(t, { tier: 'enterprise', verified: false });
    const res = await unverified.client.put('/api/branding/color', { color: '#1f5132' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('needs Enterprise to set, not to clear', async () => {
    const business = await createBusiness(t, { tier: 'professional' });
    const res = await business.client.put('/api/branding/color', { color: '#1f5132' });
    expect(res.status).toBe(403);
    expect(res.body.error.details).toMatchObject({ reason: 'plan_feature', feature: 'customBranding', plan: 'professional', upgradeUrl: '/subscription' });
    expect((await brandRow(business.businessId))!.color).toBeNull();
    expect((await business.client.put('/api/branding/color', { color: null })).status).toBe(200);
    const settings = await business.client.get('/api/branding');
    expect(settings.body).toEqual({ logoUrl: null, color: null, entitled: false, planName: 'Professional' });
  });

  it('changes only the caller’s own business', async () => {
    const owner = await enterprise('Owner Optics');
    const other = await enterprise('Other Optics');
    await owner.client.put('/api/branding/color', { color: '#1f5132' });
    await other.client.put('/api/branding/color', { color: '#3a1f51' });
    await other.client.put('/api/branding/color', { color: null });
    expect((await brandRow(owner.businessId))!.color).toBe('#1f5132');
    expect((await owner.client.get('/api/branding')).body.color).toBe('#1f5132');
  });
});

describe('the logo', () => {
  it('is uploaded, served as an image, shown on the profile and the postings, replaced and removed', async () => {
    const business = await enterprise();
    const res = await uploadLogo(business.client.cookie);
    expect(res.statusCode).toBe(201);
    const logoUrl = res.json().logoUrl as string;
    expect(logoUrl).toMatch(/^\/api\/branding\/logos\/[a-f0-9]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    await business.client.put('/api/branding/color', { color: '#1f5132' });
    const job = await business.client.post('/api/job-postings', { title: 'Elk season pro staff', description: 'Field content from the high country.', location: 'Bozeman, MT', specialties: [] });
    expect(job.status).toBe(201);
    const anonymous = new TestClient(t.app);
    const expected = { logoUrl, color: '#1f5132' };
    expect((await anonymous.get(`/api/business-profiles/${business.businessId}`)).body.brand).toEqual(expected);
    expect((await anonymous.get(`/api/job-postings/${job.body.id}`)).body.brand).toEqual(expected);
    const list = await anonymous.get('/api/job-postings?q=Elk%20season');
    expect(list.body.find((posting: { id: number }) => posting.id === job.body.id).brand).toEqual(expected);

    const replaced = await uploadLogo(business.client.cookie);
    expect(replaced.json().logoUrl).not.toBe(logoUrl);
    expect((await t.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(404);

    const removed = await business.client.delete('/api/branding/logo');
    expect(removed.status).toBe(200);
    expect(removed.body.logoUrl).toBeNull();
    expect([...t.storage.files.keys()].filter((key) => key.startsWith('brand-logos/'))).toEqual([]);
  });

  it('refuses SVG and other non-raster files, and files over 2 MB', async () => {
    const business = await enterprise();
    const svg = await uploadLogo(business.client.cookie, SVG, 'logo.svg', 'image/svg+xml');
    expect(svg.statusCode).toBe(415);
    expect(svg.json().error.message).toContain('SVG is not accepted');
    const big = await uploadLogo(business.client.cookie, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect((await brandRow(business.businessId))!.key).toBeNull();
    expect([...t.storage.files.keys()].filter((key) => key.startsWith('brand-logos/'))).toEqual([]);
  });

  it('is refused signed out, to pro staff, and below Enterprise', async () => {
    expect((await uploadLogo(undefined)).statusCode).toBe(401);
    const pro = await createProStaff(t, { tier: 'elite' });
    expect((await uploadLogo(pro.client.cookie)).statusCode).toBe(403);
    const startup = await createBusiness(t, { tier: 'startup' });
    const res = await uploadLogo(startup.client.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.details.reason).toBe('plan_feature');
    expect([...t.storage.files.keys()].filter((key) => key.startsWith('brand-logos/'))).toEqual([]);
  });

  it('answers 404 for a logo that does not exist', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/branding/logos/${'a'.repeat(32)}.png` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/branding/logos/..%2Favatars%2Fx.png' })).statusCode).toBe(400);
  });
});

describe('after a downgrade', () => {
  it('stops showing the branding but keeps it, and shows it again on Enterprise', async () => {
    const business: Business = await enterprise();
    await uploadLogo(business.client.cookie);
    await business.client.put('/api/branding/color', { color: '#1f5132' });
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(`/api/business-profiles/${business.businessId}`)).body.brand).not.toBeNull();

    await t.database.db.update(users).set({ subscriptionTier: 'professional' }).where(eq(users.id, business.user.id));
    expect((await anonymous.get(`/api/business-profiles/${business.businessId}`)).body.brand).toBeNull();
    const kept = await business.client.get('/api/branding');
    expect(kept.body).toMatchObject({ color: '#1f5132', entitled: false });
    expect(kept.body.logoUrl).toMatch(/^\/api\/branding\/logos\//);

    await t.database.db.update(users).set({ subscriptionTier: 'enterprise' }).where(eq(users.id, business.user.id));
    expect((await anonymous.get(`/api/business-profiles/${business.businessId}`)).body.brand).toMatchObject({ color: '#1f5132' });
  });
});

describe('agreements', () => {
  it('show the brand on the agreement and carry it in the offer email to the pro staffer', async () => {
    const business = await enterprise('Ridge Optics');
    await business.client.put('/api/branding/color', { color: '#1f5132' });
    const pro = await createProStaff(t);
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    await t.app.ctx.tasks.drain();
    t.mailer.sent.splice(0);
    const offered = await business.client.post('/api/agreements', {
      proStaffId: pro.proStaffId, startDate: day(0), endDate: day(365), commissionRateBps: 1000, gearAllowanceMinor: 0, currency: 'usd',
      proDealDiscountPercent: 30, duties: 'Post from the field.', postsPerTerm: 4, eventsPerTerm: 1, fieldTestReportsPerTerm: 0,
    });
    expect(offered.status).toBe(201);
    expect(offered.body.brand).toEqual({ logoUrl: null, color: '#1f5132' });
    expect((await pro.client.get(`/api/agreements/${offered.body.id}`)).body.brand).toEqual({ logoUrl: null, color: '#1f5132' });

    await t.app.ctx.tasks.drain();
    const [mail] = t.mailer.sent.splice(0).filter((sent) => sent.to === pro.user.email);
    expect(mail!.subject).toBe('Ridge Optics offered you a pro staff agreement');
    expect(mail!.text.startsWith('Ridge Optics\n============\n\n')).toBe(true);
    expect(mail!.text).toContain('Sent by Ridge Optics to its pro staff through HuntStaff.');
  });

  it('leave the email plain for a business without branding', async () => {
    const business = await createBusiness(t, { tier: 'professional', companyName: 'Plain Optics' });
    const pro = await createProStaff(t);
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    await t.app.ctx.tasks.drain();
    t.mailer.sent.splice(0);
    const offered = await business.client.post('/api/agreements', {
      proStaffId: pro.proStaffId, startDate: day(0), endDate: day(365), commissionRateBps: 1000, gearAllowanceMinor: 0, currency: 'usd',
      proDealDiscountPercent: 30, duties: 'Post from the field.', postsPerTerm: 4, eventsPerTerm: 1, fieldTestReportsPerTerm: 0,
    });
    expect(offered.body.brand).toBeNull();
    await t.app.ctx.tasks.drain();
    const [mail] = t.mailer.sent.splice(0).filter((sent) => sent.to === pro.user.email);
    expect(mail!.text).not.toContain('Sent by Plain Optics');
    expect(mail!.text.startsWith('Plain Optics offered you')).toBe(true);
  });
});

describe('campaign emails', () => {
  const openToday = { title: 'Spring turkey push', brief: 'Post two field photos.', opensOn: new Date().toISOString().slice(0, 10), closesOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), audience: 'roster', memberIds: [] };

  it('carry the brand in the opening announcement to the roster, and not once the plan no longer includes it', async () => {
    const business = await enterprise('Ridge Calls');
    await business.client.put('/api/branding/color', { color: '#1f5132' });
    const pro = await createRosteredProStaff(t, business, { firstName: 'Pat' });
    await t.app.ctx.tasks.drain();
    t.mailer.sent.splice(0);
    expect((await business.client.post('/api/campaigns', openToday)).status).toBe(201);
    await t.app.ctx.tasks.drain();
    const [mail] = t.mailer.sent.splice(0).filter((sent) => sent.to === pro.user.email);
    expect(mail!.subject).toBe('Ridge Calls opened a campaign: Spring turkey push');
    expect(mail!.text.startsWith('Ridge Calls\n===========\n\n')).toBe(true);
    expect(mail!.text).toContain('Sent by Ridge Calls to its pro staff through HuntStaff.');

    await t.database.db.update(users).set({ subscriptionTier: 'professional' }).where(eq(users.id, business.user.id));
    expect((await business.client.post('/api/campaigns', { ...openToday, title: 'Late-season push' })).status).toBe(201);
    await t.app.ctx.tasks.drain();
    const [plain] = t.mailer.sent.splice(0).filter((sent) => sent.to === pro.user.email);
    expect(plain!.subject).toBe('Ridge Calls opened a campaign: Late-season push');
    expect(plain!.text).not.toContain('Sent by Ridge Calls');
  });
});
