import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './fixtures';
import { DEMO_ADMIN, DEMO_BUSINESS, DEMO_PRO_STAFF, signIn } from './helpers';

// Every route the client router knows, read from src/client/app/router.tsx so a new screen is covered
// without editing this list (":id" becomes a seeded profile, "*" an unknown path).
const routerSource = fs.readFileSync(path.join(import.meta.dirname, '../../src/client/app/router.tsx'), 'utf8');
const paths = [...routerSource.matchAll(/path: '([^']+)'/g)].map(([, route]) =>
  route === '*' ? '/definitely-not-a-route' : route.replace(':id', '1'),
);

const PHONE = { width: 360, height: 740 };

async function overflow(page: Page, route: string) {
  await page.goto(route);
  await page.locator('main').waitFor();
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => {
    const root = document.documentElement;
    // The widest elements that stick out, to say what to fix.
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth)
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${String((el as HTMLElement).className).split(' ').slice(0, 3).join('.')}`);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, culprits };
  });
}

test('the route list is read from the router', () => {
  expect(paths).toContain('/ecommerce-integration');
  expect(paths.length).toBeGreaterThan(20);
});

for (const visitor of ['anonymous', 'business', 'pro_staff', 'admin'] as const) {
  test(`no route scrolls sideways at 360 px for ${visitor}`, async ({ page }) => {
    test.setTimeout(240_000);
    // Signed in at desktop width, where Logout is in the header rather than the folded menu.
    if (visitor !== 'anonymous') await signIn(page, { business: DEMO_BUSINESS, pro_staff: DEMO_PRO_STAFF, admin: DEMO_ADMIN }[visitor]);
    await page.setViewportSize(PHONE);
    const failures: string[] = [];
    for (const route of paths) {
      const result = await overflow(page, route);
      if (result.scrollWidth > result.clientWidth) failures.push(`${route}: ${result.scrollWidth} > ${result.clientWidth} (${result.culprits.join(', ')})`);
    }
    expect(failures).toEqual([]);
  });
}

test('the landing comparison stacks on a phone with every column readable', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const table = page.getByTestId('comparison-table');
  await table.scrollIntoViewIfNeeded();
  const row = table.getByRole('row', { name: /Tracking code sales/ });
  await expect(row.getByText('Spreadsheets updated by hand')).toBeVisible();
  await expect(row.getByText('Store orders attributed automatically')).toBeVisible();
  await expect(row.getByText('The old way:')).toBeVisible();
  const box = (await table.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
});

test('on a phone an open conversation is its own view with the composer on screen', async ({ page }) => {
  await signIn(page, DEMO_BUSINESS);
  await page.setViewportSize({ width: 390, height: 844 });
  const profile = await (await page.request.get('/api/pro-staff-profiles/1')).json();
  await page.request.post('/api/messages', { data: { toUserId: profile.userId, content: 'Phone check' } });
  await page.goto('/messages');
  const list = page.getByRole('list', { name: 'Conversations' });
  await list.getByRole('button').filter({ hasText: 'Jake Morrison' }).click();
  await expect(page.getByRole('heading', { name: 'Chat with Jake Morrison' })).toBeVisible();
  await expect(list).toBeHidden();
  // The message box is inside the first screen, not below the fold.
  await expect(page.getByPlaceholder('Type your message...')).toBeInViewport();
  await page.getByRole('button', { name: 'All conversations' }).click();
  await expect(list).toBeVisible();
});
