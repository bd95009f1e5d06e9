import { LEGAL_UPDATED } from '../../src/shared/legal';
import { expect, test, type Page } from './fixtures';
import { DEMO_ADMIN, DEMO_BUSINESS, DEMO_PRO_STAFF, seriousViolations, signIn } from './helpers';

// Every route of the route table (decision record 010 §2), visited as each kind of visitor: the page must render its key text,
// never the error screen, and pass axe without serious violations.
type Visitor = 'anonymous' | 'business' | 'pro_staff' | 'admin';
const accounts = { business: DEMO_BUSINESS, pro_staff: DEMO_PRO_STAFF, admin: DEMO_ADMIN } as const;

const routes: { path: string; text: Partial<Record<Visitor | 'signedIn' | 'any', string | RegExp>> }[] = [
  { path: '/', text: { any: 'Featured Pro Staff' } },
  { path: '/auth', text: { any: /Sign In|Create Account/ } },
  { path: '/business-dashboard', text: { anonymous: 'Please log in to access your dashboard.', business: 'Business Dashboard', pro_staff: 'This dashboard is for business accounts.' } },
  { path: '/pro-staff-dashboard', text: { anonymous: 'Please log in to access your dashboard.', pro_staff: 'Pro Staff Dashboard', business: 'This dashboard is for pro staff accounts.' } },
  { path: '/search', text: { any: /Professional Hunting Staff \(\d+\)/ } },
  { path: '/profile', text: { anonymous: 'Please log in to view your profile.', signedIn: 'Your Profile' } },
  { path: '/profile/1', text: { any: 'Jake Morrison' } },
  // A business's public page and a job posting's page (decision record 045): the demo business's first posting.
  { path: '/business/1', text: { any: 'Timberline Outfitters' } },
  { path: '/jobs/1', text: { any: 'Elk Season Pro Staff Guide' } },
  { path: '/subscription', text: { anonymous: 'Please log in to view subscription options.', signedIn: 'Subscription Management' } },
  { path: '/messages', text: { anonymous: 'Please log in to view messages', signedIn: 'Conversations' } },
  { path: '/messaging', text: { anonymous: 'Please log in to access messaging.', signedIn: 'Messages' } },
  { path: '/reviews', text: { any: 'All Reviews' } },
  { path: '/advertisements', text: { signedIn: 'Browse Opportunities' } },
  { path: '/discount-codes', text: { business: 'Discount Code Management' } },
  { path: '/agreements', text: { anonymous: 'Please log in to see your agreements.', business: 'Pro Staff Roster', pro_staff: 'My Agreements', admin: 'Please complete your business profile first.' } },
  { path: '/notifications', text: { anonymous: 'Please log in to see your notifications.', signedIn: 'Email me about' } },
  // Agreement 1 is the demo business's with Sarah Whitfield (demo-agreements.ts); anyone else is told it is not theirs to see.
  { path: '/agreements/1', text: { anonymous: 'Please log in to see your agreements.', business: 'Agreement with Sarah Whitfield', pro_staff: 'Agreement not found', admin: 'Agreement not found' } },
  { path: '/credentials', text: { anonymous: 'Please log in to manage your credentials.', business: 'Credentials are for pro staff accounts.', pro_staff: 'Submit a credential', admin: 'Credentials are for pro staff accounts.' } },
  // Campaigns (decision record 031): the demo data has none, so campaign 1 is nobody's.
  { path: '/campaigns', text: { anonymous: 'Please log in to see your campaigns.', business: 'Briefs and brand assets for your pro staff', pro_staff: 'Campaigns from the brands you are on', admin: 'Please complete your business profile first.' } },
  // Campaign 1 is the demo business's (demo-agreements.ts); the demo pro staff is not on its roster.
  { path: '/campaigns/1', text: { anonymous: 'Please log in to see this campaign.', business: 'Late-season waterfowl push', pro_staff: 'Campaign not found', admin: 'Campaign not found' } },
  // Goals by season (decision record 033): season 1 is the demo business's "Late season 2026" (demo-agreements.ts).
  { path: '/goals', text: { anonymous: 'Please log in to see your goals.', business: 'Seasons and the targets you set', pro_staff: 'What your brands set for you', admin: 'Please complete your business profile first.' } },
  { path: '/events', text: { anonymous: 'Please log in to see your events.', business: 'Booths at shows and fairs', pro_staff: 'Booth commissions appear with your other commissions', admin: 'Please complete your business profile first.' } },
  { path: '/goals/1', text: { anonymous: 'Please log in to see this season.', business: 'Late season 2026', pro_staff: 'Season not found', admin: 'Season not found' } },
  // Pay in gear (issue 41): business and pro staff sides; the admin account has no business profile.
  { path: '/gear', text: { anonymous: 'Please log in to run your gear program.', business: 'Pay your pro staff in gear', pro_staff: 'Gear is for business accounts.', admin: 'Please complete your business profile first.' } },
  { path: '/my-gear', text: { anonymous: 'Please log in to see your gear.', business: 'My Gear is for pro staff accounts.', pro_staff: 'Gear from the brands you are on', admin: 'My Gear is for pro staff accounts.' } },
  // The pro staffer's earnings in full (the dashboard sums them up).
  // Help Center, Contact Us and Elite coaching (decision record 046); the demo pro staffer is on Free.
  { path: '/help', text: { any: 'Answers from our guides' } },
  { path: '/contact', text: { any: 'Send message' } },
  { path: '/coaching', text: { anonymous: 'Please log in to book coaching.', business: 'Coaching is for pro staff accounts.', pro_staff: 'Coaching is part of the Elite plan', admin: 'Coaching is for pro staff accounts.' } },
  { path: '/earnings', text: { anonymous: 'Please log in to see your earnings.', business: 'Earnings is for pro staff accounts.', pro_staff: 'My Commissions', admin: 'Earnings is for pro staff accounts.' } },
  // Code abuse review (issue 43): the business's flagged orders; pro staff are sent to their earnings, where their flags are.
  { path: '/flagged-orders', text: { anonymous: 'Please log in to review flagged orders.', business: 'Flagged Orders', pro_staff: 'Flagged orders are reviewed by businesses.', admin: 'Please complete your business profile first.' } },
  // Enterprise API tokens (decision record 043): the demo business is on Professional, so the page explains the plan.
  { path: '/api-tokens', text: { anonymous: 'Please log in to manage API tokens.', business: 'API access comes with the Enterprise plan', pro_staff: 'API tokens are for Enterprise businesses.', admin: 'Please complete your business profile first.' } },
  { path: '/webhooks', text: { anonymous: 'Please log in to manage webhooks.', business: 'Webhooks', pro_staff: 'Webhooks are for businesses.', admin: 'Please complete your business profile first.' } },
  { path: '/promotions', text: { business: 'Active Promotions', pro_staff: 'Access restricted to business accounts.' } },
  { path: '/business-features', text: { any: 'Compare plans' } },
  { path: '/pro-staff-features', text: { any: 'Success stories' } },
  { path: '/ecommerce-integration', text: { any: /E-commerce Integration/i } },
  { path: '/store-integration', text: { any: /Store Integration/i } },
  { path: '/admin', text: { admin: /Admin/ } },
  { path: '/test-profiles', text: { signedIn: /Test Profiles/i } },
  { path: '/privacy-policy', text: { any: `Last updated: ${LEGAL_UPDATED}` } },
  { path: '/terms-of-service', text: { any: `Effective date: ${LEGAL_UPDATED}` } },
  { path: '/definitely-not-a-route', text: { any: '404 Page Not Found' } },
];

function expectedText(route: (typeof routes)[number], visitor: Visitor) {
  return route.text[visitor] ?? (visitor !== 'anonymous' ? route.text.signedIn : undefined) ?? route.text.any;
}

async function checkPage(page: Page, path: string, text: string | RegExp | undefined) {
  await page.goto(path);
  await page.locator('main').waitFor();
  await page.waitForLoadState('networkidle');
  if (text) await expect(page.locator('main').getByText(text).first()).toBeVisible();
  await expect(page.getByText('Something went wrong', { exact: true })).toHaveCount(0);
  expect((await page.locator('main').innerText()).trim().length).toBeGreaterThan(20);
  expect(await seriousViolations(page), path).toEqual([]);
}

for (const visitor of ['anonymous', 'business', 'pro_staff', 'admin'] as const) {
  test(`every route renders for ${visitor}`, async ({ page }) => {
    test.setTimeout(240_000);
    if (visitor !== 'anonymous') await signIn(page, accounts[visitor]);
    for (const route of routes) {
      if (route.path === '/admin' && visitor !== 'admin') {
        await page.goto('/admin');
        await expect(page).toHaveURL(/\/$/);
        continue;
      }
      await test.step(route.path, () => checkPage(page, route.path, expectedText(route, visitor)));
    }
  });
}
