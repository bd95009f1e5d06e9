import fs from 'node:fs';
import { FAKE_SHOPIFY_DOMAIN, FAKE_SHOPIFY_TOKEN, startFakeShopifyAdmin, type FakeShopifyAdmin } from '../../src/server/test/fake-shopify-admin';
import { fixture, shopifyHeaders } from '../fixtures/sign';
import { startAppWithFakeStripe, type FakeStripeApp } from './fake-stripe-app';
import { expect, test, type Page } from './fixtures';
import { expectToast, newAccountWithProfile, pageCall, rosterStaffer, seriousViolations } from './helpers';

// Pay in gear (issue 41): a business sets up a tier and places its rostered staffer in it; the staffer requests gear
// within the allotment; the business approves it in bulk; the store's fulfilment webhook reports the parcel delivered;
// the staffer sees the shipment with its tracking link and the task it owes; the statement shows the gear's value.
// Then every gear screen at 360 px. Every account is new, so no other spec sees the change (decision record 018).
//
// The app runs as its own server whose store admin calls go to a fake Shopify Admin API in this process
// (STORE_ADMIN_ORIGIN), so the spec sets the store's catalog and reads the orders the app made there.

type FakeProduct = { title: string; tags: string[]; variants: { title: string; priceMinor: number; inventory: number | null }[] };

let shop: FakeShopifyAdmin;
let app: FakeStripeApp;
let webhookSecret = '';
test.beforeAll(async () => {
  shop = await startFakeShopifyAdmin();
  app = await startAppWithFakeStripe('gear', { STORE_ADMIN_ORIGIN: shop.url, SEED_DEMO: 'true' });
});
test.afterAll(async () => {
  await app?.stop();
  await shop?.close();
});

/**
 * Connects a Shopify store for the business signed in on `business`: the fake serves `products`; the app gets an
 * integration platform, its admin credentials, the store chosen for gear and a finished catalog sync.
 */
async function connectFakeStore(business: Page, products: FakeProduct[]): Promise<{ platformId: number; name: string }> {
  const base = 7_000 + shop.state.products.length * 10;
  shop.state.products.push(
    ...products.map((product, p) => ({
      id: base + p, title: product.title, status: 'ACTIVE' as const, tags: product.tags, imageUrl: null, collections: [],
      variants: product.variants.map((variant, v) => ({
        id: (base + p) * 100 + v, sku: null, title: variant.title, price: (variant.priceMinor / 100).toFixed(2), inventoryQuantity: variant.inventory ?? 0,
        policy: 'DENY' as const, tracked: variant.inventory !== null, inventoryItemId: (base + p) * 1000 + v,
      })),
    })),
  );
  // Connected stores are a paid feature: the business starts its free trial of Professional.
  expect((await pageCall(business, 'POST', '/api/start-trial', { tier: 'professional' })).status).toBe(200);
  const name = `Gear store ${Date.now().toString(36)}`;
  const platform = await pageCall(business, 'POST', '/api/integration-platforms', { name, platformType: 'shopify' });
  expect(platform.status).toBe(201);
  webhookSecret = platform.body.webhookSecret;
  expect((await pageCall(business, 'PUT', `/api/gear/stores/${platform.body.id}/credentials`, { platform: 'shopify', shopDomain: FAKE_SHOPIFY_DOMAIN, accessToken: FAKE_SHOPIFY_TOKEN })).status).toBe(204);
  const settings = { platformId: platform.body.id, seedableTags: [], seedableCollections: [], completeOrders: true, owedTaskId: null, owedDueDays: null, owedDueOn: null };
  expect((await pageCall(business, 'PUT', '/api/gear/settings', settings)).status).toBe(200);
  await expect.poll(async () => (await pageCall(business, 'GET', '/api/gear/catalog')).body?.length ?? 0, { timeout: 20_000 }).toBe(products.length);
  return { platformId: platform.body.id, name };
}

/** The store's signed fulfilment webhook for the seeding order of gear request `requestId`, as Shopify sends it. */
async function deliverFulfilmentWebhook(business: Page, update: { platformId: number; requestId: number; status: 'shipped' | 'in_transit' | 'delivered'; carrier: string; trackingNumber: string; trackingUrl: string }): Promise<void> {
  await expect.poll(() => shop.state.draftOrders.find((draft) => draft.note?.includes(`gear request #${update.requestId} `))?.orderId ?? null, { timeout: 20_000 }).not.toBeNull();
  const orderId = shop.state.draftOrders.find((draft) => draft.note?.includes(`gear request #${update.requestId} `))!.orderId!;
  const published = fixture<{ fulfillment: Record<string, unknown> }>('shopify/published/fulfillment-1069019877.json').fulfillment;
  const body = JSON.stringify({
    ...published, order_id: orderId, tracking_company: update.carrier, tracking_number: update.trackingNumber, tracking_numbers: [update.trackingNumber],
    tracking_url: update.trackingUrl, tracking_urls: [update.trackingUrl], shipment_status: update.status === 'shipped' ? null : update.status, updated_at: new Date().toISOString(),
  });
  const res = await business.request.post(`/api/webhooks/shopify/${update.platformId}`, { data: body, headers: shopifyHeaders(webhookSecret, body, 'fulfillments/update') });
  expect(res.status()).toBe(200);
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 10_000)}`;
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const PHONE = { width: 360, height: 740 };

async function expectNoSidewaysScroll(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(width.scroll, `${what} at 360 px`).toBeLessThanOrEqual(width.client);
}

test('a tier, a placed staffer, a request within the allotment, a bulk approval, a delivered shipment with its owed task, and the gear on the statement', async ({ browser }) => {
  test.slow(); // two browsers, two new accounts, a store and a webhook
  const page = await app.pageOn(browser);
  const token = unique();
  const brand = `Cedar Optics ${token}`;
  const staffer = `Rowan G${token}`;
  const tierName = `Field staff ${token}`;
  await newAccountWithProfile(page, 'business', brand);
  const pro = await app.pageOn(browser);
  await newAccountWithProfile(pro, 'pro_staff', staffer);
  await rosterStaffer(page, pro);

  // A store with two seedable products (one size out of stock) and a campaign task the gear will owe.
  const store = await connectFakeStore(page, [
    { title: `Wader ${token}`, tags: ['pro-staff'], variants: [{ title: 'M', priceMinor: 18_000, inventory: 0 }, { title: 'L', priceMinor: 18_000, inventory: 4 }] },
    { title: `Decoy bag ${token}`, tags: ['pro-staff'], variants: [{ title: `Decoy bag ${token}`, priceMinor: 4_500, inventory: null }] },
  ]);
  const campaign = await pageCall(page, 'POST', '/api/campaigns', { title: `Gear review ${token}`, brief: 'Review what we sent you.', opensOn: today(), closesOn: inDays(60), audience: 'roster', memberIds: [] });
  expect(campaign.status).toBe(201);
  const task = await pageCall(page, 'POST', `/api/campaigns/${campaign.body.id}/tasks`, { kind: 'social_post', title: 'Post your gear review', platform: 'instagram', requiredTag: '#cedaroptics' });
  expect(task.status).toBe(201);

  // The business creates the tier (the form checks first) and places the staffer in it.
  await page.goto('/gear?tab=tiers');
  await page.getByRole('button', { name: 'New Tier' }).click();
  const tierDialog = page.getByRole('dialog', { name: 'New Tier' });
  await tierDialog.getByRole('button', { name: 'Create Tier' }).click();
  await expect(tierDialog.getByText('Enter a tier name')).toBeVisible();
  await tierDialog.getByLabel('Tier name').fill(tierName);
  await tierDialog.getByLabel('Commission rate (%)').fill('12.5');
  await tierDialog.getByLabel('Pro pricing (% off)').fill('20');
  await tierDialog.getByLabel('Gear value (USD)').fill('300.00');
  await tierDialog.getByLabel('Items per year (optional)').fill('5');
  await tierDialog.getByLabel('Renews every year on (MM-DD)').fill('01-01');
  expect(await seriousViolations(page), 'New Tier dialog').toEqual([]);
  await tierDialog.getByRole('button', { name: 'Create Tier' }).click();
  await expectToast(page, 'Success', 'Tier created.');
  const tierCard = page.getByTestId('gear-tier').filter({ hasText: tierName });
  await expect(tierCard).toContainText('USD 300.00 and 5 items a year');
  await expect(tierCard).toContainText('12.5%');

  await page.getByRole('button', { name: 'Place pro staff in a tier' }).click();
  const place = page.getByRole('dialog', { name: 'Place in a tier' });
  await place.getByLabel('Pro staffer').selectOption({ label: staffer });
  await place.getByLabel('Tier').selectOption({ label: tierName });
  await place.getByLabel('Reason (optional)').fill('Joined the gear program');
  await place.getByRole('button', { name: 'Place in Tier' }).click();
  await expectToast(page, 'Tier changed', `${staffer} is now in ${tierName}.`);
  await expect(tierCard).toContainText('1 pro staffer in this tier');

  // Settings: the store, what is seedable, completed orders, and the task a delivered shipment owes (due 14 days after).
  await page.getByRole('tab', { name: 'Catalog & store' }).click();
  await page.getByLabel('Store for seeding orders').selectOption({ label: store.name });
  await page.getByLabel('Seedable tags').fill('pro-staff');
  await page.getByLabel('Campaign task').selectOption({ label: 'Post your gear review' });
  await page.getByLabel('Due this many days after delivery').fill('14');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expectToast(page, 'Settings saved');
  await expect(page.getByTestId('catalog-row').filter({ hasText: `Wader ${token}` })).toContainText('Seedable');
  expect(await seriousViolations(page), '/gear?tab=store').toEqual([]);

  // The staffer sees the tier, the allotment and the pro-pricing code, and requests a wader in L (M is out of stock).
  await pro.goto('/my-gear');
  const program = pro.getByTestId('gear-program').filter({ hasText: brand });
  await expect(program).toContainText(`Tier: ${tierName}`);
  await expect(program.getByTestId('allotment')).toContainText('USD 300.00 of USD 300.00 left · 5 of 5 items left');
  await expect(program.getByTestId('pro-pricing')).toContainText('20% off');
  expect(await seriousViolations(pro), '/my-gear').toEqual([]);
  await program.getByRole('button', { name: 'Request gear' }).click();
  const request = pro.getByRole('dialog', { name: `Request gear from ${brand}` });
  await request.getByLabel('Search the catalog').fill('wader');
  const wader = request.getByTestId('catalog-product').filter({ hasText: `Wader ${token}` });
  await expect(wader.getByRole('option', { name: /^M ·/ })).toBeDisabled();
  await wader.getByLabel(/Size or variant/).selectOption({ label: 'L · USD 180.00 · 4 left' });
  await wader.getByRole('button', { name: `Add Wader ${token} (L)` }).click();
  await expect(request.getByTestId('cart-total')).toContainText('Total: USD 180.00 · 1 item');
  await expect(request.getByTestId('cart-total')).toContainText('Allotment left: USD 300.00');
  await request.getByLabel('Recipient name').fill(staffer);
  await request.getByLabel('Street address').fill('12 Ridge Road');
  await request.getByLabel('City').fill('Bozeman');
  await request.getByLabel('State or province').fill('MT');
  await request.getByLabel('Postal code').fill('59715');
  expect(await seriousViolations(pro), 'Request gear dialog').toEqual([]);
  await request.getByRole('button', { name: 'Send Request' }).click();
  await expectToast(pro, 'Gear requested');
  await expect(program.getByTestId('gear-request').first().getByTestId('gear-request-status')).toHaveText('Waiting for approval');
  await expect(program.getByTestId('allotment')).toContainText('USD 120.00 of USD 300.00 left');
  const mine = await pageCall(pro, 'GET', '/api/gear/mine');
  const requestId = (mine.body.programs as { companyName: string; requests: { id: number }[] }[]).find((p) => p.companyName === brand)!.requests[0]!.id;

  // The business approves every waiting request at once; the result says so, request by request.
  await page.getByRole('tab', { name: /Requests/ }).click();
  await expect(page.getByTestId('gear-request').filter({ hasText: `Request #${requestId}` })).toContainText(staffer);
  await page.getByLabel('Select all waiting').check();
  await page.getByTestId('bulk-bar').getByRole('button', { name: 'Approve' }).click();
  const decide = page.getByRole('dialog', { name: 'Approve 1 request' });
  await decide.getByLabel('Note to the pro staff (optional)').fill('Enjoy the waders');
  await decide.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('decision-results')).toContainText('1 request approved.');
  expect(await seriousViolations(page), '/gear (requests)').toEqual([]);
  await page.screenshot({ path: test.info().outputPath('gear-requests.png'), fullPage: true });

  // The seeding order exists in the store; its fulfilment webhook reports the parcel delivered.
  await page.getByRole('tab', { name: 'Shipments' }).click();
  const shipment = page.getByTestId('gear-request').filter({ hasText: `Request #${requestId}` }).getByTestId('shipment');
  await expect(shipment.getByRole('link', { name: /Open in your store/ })).toBeVisible();
  await deliverFulfilmentWebhook(page, { platformId: store.platformId, requestId, status: 'delivered', carrier: 'UPS', trackingNumber: `1Z${token}`, trackingUrl: `https://carrier.example/track/1Z${token}` });
  await page.reload();
  await expect(shipment.getByTestId('shipment-status')).toHaveText('Delivered');

  // The staffer sees the delivered shipment, the carrier's tracking link and the task it owes, due 14 days on.
  await pro.goto('/my-gear');
  const mineShipment = program.getByTestId('gear-request').filter({ hasText: `Request #${requestId}` }).getByTestId('shipment');
  await expect(mineShipment.getByTestId('shipment-status')).toHaveText('Delivered');
  const track = mineShipment.getByRole('link', { name: new RegExp(`Track 1Z${token}`) });
  await expect(track).toHaveAttribute('href', `https://carrier.example/track/1Z${token}`);
  await expect(track).toHaveAttribute('target', '_blank');
  const owed = mineShipment.getByTestId('obligation');
  await expect(owed.getByRole('link', { name: 'Post your gear review' })).toHaveAttribute('href', `/campaigns/${campaign.body.id}`);
  await expect(owed).toContainText('Open');
  await expect(mineShipment.getByRole('link', { name: /Open in your store/ })).toHaveCount(0);
  await pro.screenshot({ path: test.info().outputPath('my-gear.png'), fullPage: true });

  // The dashboard sums it up; the statement shows the gear's retail value (non-cash compensation, record 038).
  await pro.goto('/pro-staff-dashboard');
  await expect(pro.getByTestId('gear-card')).toContainText(`${brand} · USD 120.00 of USD 300.00 left`);
  await pro.goto('/my-gear');
  const received = pro.getByTestId('gear-compensation');
  await expect(received.getByTestId('gear-compensation-total').filter({ hasText: brand })).toContainText('180.00');
  await expect(received).toContainText('fair market value');
  const [download] = await Promise.all([pro.waitForEvent('download'), received.getByRole('link', { name: 'Download gear statement (CSV)' }).click()]);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\n').find((line) => line.includes(brand))).toMatch(/Gear received \(non-cash\),USD,180\.00/);
  await pro.context().close();
  await page.context().close();
});

test('every gear screen fits a 360 px phone, and the pro staff dashboard is about three phone screens tall', async ({ browser }) => {
  test.slow();
  const token = unique();
  const page = await app.pageOn(browser);
  await newAccountWithProfile(page, 'business', `Phone Outfitters ${token}`);
  const pro = await app.pageOn(browser);
  await newAccountWithProfile(pro, 'pro_staff', `Piper P${token}`);
  await rosterStaffer(page, pro);

  await page.setViewportSize(PHONE);
  for (const tab of ['requests', 'shipments', 'tiers', 'store', 'overview']) {
    await page.goto(tab === 'requests' ? '/gear' : `/gear?tab=${tab}`);
    await expect(page.getByRole('heading', { name: 'Gear', level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, `/gear?tab=${tab}`);
    expect(await seriousViolations(page), `/gear?tab=${tab} at 360 px`).toEqual([]);
  }
  await page.goto('/gear?tab=tiers');
  await page.getByRole('button', { name: 'New Tier' }).click();
  await expectNoSidewaysScroll(page, 'New Tier dialog');

  await pro.setViewportSize(PHONE);
  for (const path of ['/my-gear', '/earnings', '/pro-staff-dashboard']) {
    await pro.goto(path);
    await pro.locator('main').waitFor();
    await expectNoSidewaysScroll(pro, path);
  }

  // The summary dashboard at 375 px: about three screens (the footer included), where it was some 6,300 px.
  await pro.setViewportSize({ width: 375, height: 667 });
  await pro.goto('/pro-staff-dashboard');
  await pro.getByTestId('job-card').first().waitFor();
  await pro.waitForLoadState('networkidle');
  const height = await pro.evaluate(() => document.documentElement.scrollHeight);
  expect(height, 'pro staff dashboard height at 375 px').toBeLessThanOrEqual(2_000);
  await pro.context().close();
  await page.context().close();
});
