import { FIELD_TIER, SHIPPING_ADDRESS, seedCatalog } from './gear-setup';
import { boothForm } from './booth-setup';
import type { TestApp, TestClient } from './test-app';
import { createBusiness, createProStaff, makeAdmin, signUp, type SignedIn } from './factories';

/** Who calls a route in the authorization matrix. Refused callers go first, then the allowed ones, each in this order. */
export const actors = ['anonymous', 'admin', 'otherBusiness', 'otherProStaff', 'business', 'proStaff'] as const;
export type Actor = (typeof actors)[number];

/**
 * Every private text of the fixtures carries this marker; no answer to anyone but `business` and `proStaff`
 * (the two parties of every fixture object) may contain it.
 */
export const PRIVATE_MARKER = 'SECRET-';
export const parties: readonly Actor[] = ['business', 'proStaff'];

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'latin1');

type Business = SignedIn & { businessId: number };
type ProStaff = SignedIn & { proStaffId: number };

/**
 * One object of every kind that has an owner, owned by `business` (or by `proStaff` where the owner is a
 * pro staffer), and the accounts that call the routes. `otherBusiness` and `otherProStaff` own nothing
 * here; `admin` is a business account with the admin flag and no profile (as `npm run admin:create` makes).
 */
export type Fixtures = {
  t: TestApp;
  business: Business;
  proStaff: ProStaff;
  otherBusiness: Business;
  otherProStaff: ProStaff;
  admin: SignedIn;
  ids: {
    /** Active, with the pro staffer's application. */
    job: number;
    /** Active, nobody has applied yet. */
    openJob: number;
    /** Inactive: only its owner may see it. */
    closedJob: number;
    application: number;
    conversation: number;
    /** From business to proStaff. */
    message: number;
    /** On that message, uploaded by business. */
    attachment: number;
    commission: number;
    /** A private review by proStaff of business: visible to the two of them only. */
    review: number;
    ad: number;
    promotion: number;
    discountCode: number;
    shopify: number;
    woocommerce: number;
    bigcommerce: number;
    /** Active, between business and proStaff, exclusive in optics (decision record 028). */
    agreement: number;
    /** Pending, submitted by proStaff with a PDF document (decision record 029). */
    credential: number;
    /** Open today, for business's whole roster (so proStaff is its audience), with one PDF asset (record 031). */
    campaign: number;
    campaignAsset: number;
    /** Opens tomorrow: editable and deletable by its owner, invisible to its audience. */
    scheduledCampaign: number;
    /** Current, business's, with proStaff's goal (decision record 033). */
    season: number;
    goal: number;
    /** Current, business's, no goals yet. */
    emptySeason: number;
    /** business's event booth (decision record 040). */
    booth: number;
    /** A field-test task of `campaign` with a reward, and proStaff's waiting proof of it with one photo (record 032). */
    campaignTask: number;
    campaignSubmission: number;
    campaignProofPhoto: number;
    /** A social-post task of `campaign` nobody has submitted proof for. */
    campaignEmptyTask: number;
    /** business's program tier, with proStaff placed in it; gear comes from `shopify` (decision record 038). */
    tier: number;
    /** A seedable variant of business's synced catalog, and proStaff's waiting gear request for it. */
    gearVariant: number;
    gearRequest: number;
  };
  /** File name of business's avatar under /api/uploads/avatars/. */
  avatarFile: string;
};

export function multipart(fileName: string, data: Buffer, fields: Record<string, string> = {}) {
  const boundary = '----hsMatrixBoundary';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function expectStatus(reply: Promise<{ status: number; body: unknown }>, status: number, what: string): Promise<void> {
  const res = await reply;
  if (res.status !== status) throw new Error(`fixture ${what}: ${res.status} ${JSON.stringify(res.body)}`);
}

async function created(client: TestClient, url: string, body: unknown): Promise<number> {
  const res = await client.post(url, body);
  if (res.status !== 201) throw new Error(`fixture ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

async function upload(t: TestApp, client: TestClient, url: string, fileName: string, data: Buffer, fields: Record<string, string> = {}) {
  const { payload, headers } = multipart(fileName, data, fields);
  const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie: client.cookie! } });
  if (res.statusCode !== 201) throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Builds the accounts and objects over an emptied database. Unlimited plans, so no plan limit gets in the way. */
export async function createFixtures(t: TestApp): Promise<Fixtures> {
  const business = await createBusiness(t, { tier: 'enterprise', companyName: 'Owner Outfitters' });
  const proStaff = await createProStaff(t, { tier: 'elite', firstName: 'Owen', lastName: 'Owner' });
  const otherBusiness = await createBusiness(t, { tier: 'enterprise', companyName: 'Other Outfitters' });
  const otherProStaff = await createProStaff(t, { tier: 'elite', firstName: 'Otto', lastName: 'Other' });
  const admin = await makeAdmin(t, await signUp(t, 'business'));
  const biz = business.client;

  const job = await created(biz, '/api/job-postings', { title: 'Elk guide', description: 'Guide hunters in September.' });
  const openJob = await created(biz, '/api/job-postings', { title: 'Turkey guide', description: 'Guide hunters in April.' });
  const closedJob = await created(biz, '/api/job-postings', { title: 'SECRET-closed-job', description: 'No longer open.', isActive: false });
  const application = await created(proStaff.client, '/api/applications', { jobPostingId: job, coverLetter: 'SECRET-cover-letter' });
  const message = await biz.post('/api/messages', { toUserId: proStaff.user.id, content: 'SECRET-message' });
  const attachment = await upload(t, biz, `/api/messages/${message.body.id}/attachments`, 'SECRET-brief.pdf', PDF);
  const avatar = await upload(t, biz, '/api/uploads/avatar', 'logo.png', PNG);
  const commission = await created(biz, '/api/commissions', { proStaffId: proStaff.proStaffId, amount: '125.00', description: 'SECRET-commission' });
  const review = await created(proStaff.client, '/api/reviews', {
    revieweeType: 'business', revieweeId: business.businessId, rating: 4, title: 'SECRET-review', content: 'Paid on time, good gear.', isPublic: false,
  });
  const ad = await created(biz, '/api/advertisements', {
    title: 'Gear sale', description: 'Half price', adType: 'service_offer', targetAudience: 'both', budget: 5000, duration: 30, contactInfo: 'shop@example.com',
  });
  const promotion = await created(biz, '/api/promotions', {
    title: 'Spring boots', description: 'New boots', promotionType: 'banner', targetAudience: 'all_pro_staff', budget: '100.00', startDate: dayOffset(0), endDate: dayOffset(30),
  });
  const discountCode = await created(biz, '/api/discount-codes', {
    code: 'OWNER10', description: 'SECRET-code', discountType: 'percentage', discountValue: 10, platform: 'All platforms', proStaffId: proStaff.proStaffId, commissionRate: 5,
  });
  const agreement = await created(biz, '/api/agreements', {
    proStaffId: proStaff.proStaffId, startDate: dayOffset(0), endDate: dayOffset(365), commissionRateBps: 1000, duties: 'SECRET-duties', exclusivityCategory: 'optics',
  });
  const acceptance = await proStaff.client.post(`/api/agreements/${agreement}/accept`, {});
  if (acceptance.status !== 200) throw new Error(`fixture agreement: ${acceptance.status} ${JSON.stringify(acceptance.body)}`);
  const credential = await upload(t, proStaff.client, '/api/credentials', 'licence.pdf', PDF, {
    type: 'guide_license', issuingAuthority: 'Montana FWP', number: 'LIC-100', issuedOn: dayOffset(-100), expiresOn: dayOffset(300),
  });
  const campaignFields = { brief: 'SECRET-campaign-brief', closesOn: dayOffset(30), audience: 'roster', memberIds: [] };
  const campaign = await created(biz, '/api/campaigns', { ...campaignFields, title: 'Spring push', opensOn: dayOffset(0) });
  const withAsset = await upload(t, biz, `/api/campaigns/${campaign}/assets/file`, 'SECRET-logo.pdf', PDF, { name: 'Logo pack', usageNotes: 'Keep the margins.' });
  const scheduledCampaign = await created(biz, '/api/campaigns', { ...campaignFields, title: 'Fall push', opensOn: dayOffset(1) });
  const season = await created(biz, '/api/seasons', { name: 'SECRET-season', startsOn: dayOffset(-5), endsOn: dayOffset(30) });
  const goal = await created(biz, `/api/seasons/${season}/goals`, { proStaffId: proStaff.proStaffId, postsTarget: 3, salesTargetMinor: 100000, salesCurrency: 'USD' });
  const emptySeason = await created(biz, '/api/seasons', { name: 'Empty season', startsOn: dayOffset(0), endsOn: dayOffset(60) });
  const booth = await created(biz, '/api/booth-events', boothForm({ name: 'SECRET-booth' }));
  const taskIds = async (body: Record<string, unknown>) => {
    const res = await biz.post(`/api/campaigns/${campaign}/tasks`, body);
    if (res.status !== 201) throw new Error(`fixture task: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.tasks.at(-1).id as number;
  };
  const campaignTask = await taskIds({ kind: 'field_test', title: 'Test the decoys', rewardAmount: '25.00', rewardCurrency: 'USD' });
  const campaignEmptyTask = await taskIds({ kind: 'social_post', title: 'Post from the blind', platform: 'instagram', requiredTag: '#owner' });
  const proof = await upload(t, proStaff.client, `/api/campaigns/${campaign}/tasks/${campaignTask}/submissions`, 'SECRET-blind.png', PNG, {
    product: 'SECRET-decoy', conditions: 'Rain', daysUsed: '3', worked: 'Calling', failed: 'Stakes',
  });
  const platform = (platformType: string) => created(biz, '/api/integration-platforms', { name: `SECRET-${platformType}`, platformType });
  const shopify = await platform('shopify');
  const tier = await created(biz, '/api/gear/tiers', { ...FIELD_TIER, name: 'SECRET-tier' });
  await expectStatus(biz.put(`/api/gear/staff/${proStaff.proStaffId}/tier`, { tierId: tier, reason: '' }), 204, 'gear placement');
  await expectStatus(biz.put(`/api/gear/stores/${shopify}/credentials`, { platform: 'shopify', shopDomain: 'owner-outfitters.myshopify.com', accessToken: 'shpat_0123456789abcdef' }), 204, 'store credentials');
  await expectStatus(
    biz.put('/api/gear/settings', { platformId: shopify, seedableTags: ['pro-seed'], seedableCollections: [], completeOrders: true, owedTaskId: null, owedDueDays: null, owedDueOn: null }),
    200, 'gear settings',
  );
  const [[gearVariant]] = await seedCatalog(t, business.businessId, shopify, [{ title: 'SECRET-jacket', variants: [{ title: 'Large', priceMinor: 12_000, inventory: 10 }] }]);
  const gearRequest = await created(proStaff.client, '/api/gear/requests', { businessId: business.businessId, items: [{ variantId: gearVariant, quantity: 1 }], shippingAddress: SHIPPING_ADDRESS, note: 'SECRET-gear-note' });

  return {
    t,
    business,
    proStaff,
    otherBusiness,
    otherProStaff,
    admin,
    ids: {
      job,
      openJob,
      closedJob,
      application,
      conversation: message.body.conversationId,
      message: message.body.id,
      attachment: attachment.id,
      commission,
      review,
      ad,
      promotion,
      discountCode,
      shopify,
      woocommerce: await platform('woocommerce'),
      bigcommerce: await platform('bigcommerce'),
      agreement,
      credential: credential.id,
      campaign,
      campaignAsset: withAsset.assets[0].id,
      scheduledCampaign,
      season,
      goal,
      emptySeason,
      booth,
      campaignTask,
      campaignSubmission: proof.id,
      campaignProofPhoto: proof.photos[0].id,
      campaignEmptyTask,
      tier,
      gearVariant,
      gearRequest,
    },
    avatarFile: avatar.url.split('/').pop(),
  };
}
