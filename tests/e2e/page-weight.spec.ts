import zlib from 'node:zlib';
import { expect, test } from './fixtures';

// The budget of issue #10: everything the landing page runs before it is usable, gzipped.
const INITIAL_JS_BUDGET_BYTES = 150 * 1024;

test.use({ serviceWorkers: 'block' }); // the service worker precaches every chunk; that is not what "/" needs

test('the landing page loads at most 150 KiB of JavaScript (gzipped) until it is ready', async ({ page }) => {
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body());
  });
  await page.goto('/'); // waits until the app marks the page ready
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const sizes = await Promise.all([...scripts].map(async ([url, body]) => ({ url, gzipped: zlib.gzipSync(await body).length })));
  const total = sizes.reduce((sum, { gzipped }) => sum + gzipped, 0);
  expect(sizes.length, 'scripts loaded').toBeGreaterThan(0);
  expect(total, sizes.map(({ url, gzipped }) => `${new URL(url).pathname}: ${(gzipped / 1024).toFixed(1)} KiB`).join('\n')).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
});
