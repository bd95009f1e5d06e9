import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

// Screens covered so far; every route joins this list as it is finished (issue 10).
const publicRoutes = ['/', '/auth', '/business-features', '/pro-staff-features', '/privacy-policy', '/terms-of-service', '/no-such-page'];

for (const route of publicRoutes) {
  test(`no serious accessibility violations on ${route}`, async ({ page }) => {
    await page.goto(route);
    await page.locator('main').waitFor();
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
