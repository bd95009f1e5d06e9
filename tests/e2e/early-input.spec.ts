import { expect, test, type Page } from './fixtures';

// Found while checking the directory flake (stop 36): /search is prerendered, and a visitor who ticked "Verified pro
// staff only" before the app had started saw the tick vanish when React took over, with no filter applied.
// src/client/app/early-input.ts replays such changes once the page has hydrated (decision record 034).
test.use({ waitForHydration: false });

/** Opens a prerendered page with the app's script held back; the returned function lets it through. */
async function openBeforeTheAppStarts(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  return async () => {
    release();
    await page.waitForFunction(() => document.documentElement.dataset.pageReady === 'true');
  };
}

test('directory filters chosen before the app starts are applied once it has', async ({ page }) => {
  const start = await openBeforeTheAppStarts(page, '/search');
  const verified = page.getByLabel('Verified pro staff only');
  await expect(verified).toBeVisible();
  await verified.check();
  await page.getByLabel('Specialty').selectOption('Duck Hunting');
  await page.getByLabel('Search').fill('duck');
  expect(new URL(page.url()).search).toBe('');

  await start();
  await expect(page).toHaveURL(/verified=true/);
  await expect(page).toHaveURL(/specialty=Duck\+Hunting/);
  await expect(page).toHaveURL(/q=duck/);
  await expect(verified).toBeChecked();
  await expect(page.getByLabel('Specialty')).toHaveValue('Duck Hunting');
  await expect(page.getByLabel('Search')).toHaveValue('duck');
  // The filters stay once the results have come in and the page has rendered again.
  await expect(page.getByRole('heading', { name: /^Professional Hunting Staff \(\d+\)$/ })).toBeVisible();
  await expect(verified).toBeChecked();
});

test('a filter the address already holds is not taken for a visitor’s change', async ({ page }) => {
  // The prerendered /search shows the box unticked; the app ticks it from the address. Nothing was clicked, so
  // nothing may be replayed, and in particular the box must not be unticked.
  const start = await openBeforeTheAppStarts(page, '/search?verified=true');
  await start();
  await expect(page.getByLabel('Verified pro staff only')).toBeChecked();
  await expect(page).toHaveURL(/\/search\?verified=true$/);
});

test('a box ticked and unticked again before the app starts changes nothing', async ({ page }) => {
  const start = await openBeforeTheAppStarts(page, '/search');
  const verified = page.getByLabel('Verified pro staff only');
  await verified.check();
  await verified.uncheck();
  await start();
  await expect(verified).not.toBeChecked();
  await expect(page).toHaveURL(/\/search$/);
});
