import { test as base, type Page } from '@playwright/test';

export { expect, type Browser, type Page } from '@playwright/test';

export async function waitForPageReady(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.pageReady === 'true', undefined, { timeout: 10_000 }).catch(() => {
    // An error screen never becomes ready; the test's own assertions report it.
  });
}

/**
 * Public pages arrive as prerendered HTML that is visible before React hydrates it, so a click
 * right after page.goto() or reload() could land on a button with no handler yet. Both wait here
 * until the app marks the page ready (Layout's PageReady).
 */
export const test = base.extend<{ waitForHydration: boolean }>({
  waitForHydration: [true, { option: true }],
  page: async ({ page, waitForHydration }, use) => {
    if (!waitForHydration) return use(page);
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await waitForPageReady(page);
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      await waitForPageReady(page);
      return response;
    };
    await use(page);
  },
});
