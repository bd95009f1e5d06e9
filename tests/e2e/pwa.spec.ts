import { expect, test } from './fixtures';

test('the app is installable: manifest with icons and a service worker', async ({ page, request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  const body = await manifest.json();
  expect(body.display).toBe('standalone');
  expect(body.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect((await request.get('/icons/icon-512.png')).headers()['content-type']).toBe('image/png');

  await page.goto('/');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
});

test('pages still open offline from the cached shell', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.reload(); // now controlled by the service worker
  await context.setOffline(true);
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  await context.setOffline(false);
});
