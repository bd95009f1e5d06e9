import { expect, test } from './fixtures';
import { DEMO_BUSINESS, expectToast, pageInNewContext, seriousViolations, signIn, signUp, submitDialogEmpty } from './helpers';


test('a review is written, voted on and answered by the reviewed business', async ({ page, browser }) => {
  // Three users in turn on a shared, loaded machine.
  test.slow();
  const title = `Best elk camp ${Date.now()}`;

  // A signed-in pro staffer writes a review of Timberline Outfitters.
  await signUp(page, 'pro_staff');
  await page.goto('/reviews');
  const dialog = await submitDialogEmpty(page, { open: 'Write Review', dialog: 'Write a Review', submit: 'Submit Review' }, ['Title is required', 'Review content must be at least 10 characters']);

  await dialog.getByLabel('Reviewing a').selectOption('business');
  await dialog.getByLabel('Search by name or location').fill('Timberline');
  await dialog.getByLabel('Business', { exact: true }).selectOption({ label: 'Timberline Outfitters — Bozeman, MT' });
  await dialog.getByRole('radio', { name: '4 stars' }).click();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Review', { exact: true }).fill('Well-run camp, fair pay and clear expectations all season.');
  await dialog.getByLabel('Pros (optional)').fill('Fair pay, , great horses');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expectToast(page, 'Review Published', 'Your review has been published successfully.');
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('review-card').filter({ hasText: title });
  await expect(card).toContainText('Timberline Outfitters');
  await expect(card.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveText(['Fair pay', 'great horses']);
  // Authors cannot vote on their own review.
  await expect(card.getByRole('button', { name: /^Helpful/ })).toBeDisabled();

  // Filters.
  await page.getByRole('button', { name: 'Pro Staff Reviews' }).click();
  await expect(card).toHaveCount(0);
  await page.getByRole('button', { name: 'Business Reviews' }).click();
  await expect(card).toBeVisible();

  // Another user votes, then changes their mind.
  const voter = await pageInNewContext(browser);
  await signUp(voter, 'business');
  await voter.goto('/reviews');
  const voterCard = voter.getByTestId('review-card').filter({ hasText: title });
  await voterCard.getByRole('button', { name: 'Helpful (0)', exact: true }).click();
  await expectToast(voter, 'Thank you', 'Your feedback has been recorded.');
  await expect(voterCard.getByRole('button', { name: 'Helpful (1)', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await voterCard.getByRole('button', { name: 'Not Helpful (0)' }).click();
  await expect(voterCard.getByRole('button', { name: 'Not Helpful (1)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(voterCard.getByRole('button', { name: 'Helpful (0)', exact: true })).toBeVisible();
  await expect(voterCard.getByRole('button', { name: 'Respond' })).toHaveCount(0);
  await voter.context().close();

  // The reviewed business answers once.
  const owner = await pageInNewContext(browser);
  await signIn(owner, DEMO_BUSINESS);
  await owner.goto('/reviews');
  const ownerCard = owner.getByTestId('review-card').filter({ hasText: title });
  await expect(ownerCard.getByRole('button', { name: 'Not Helpful (1)' })).toBeVisible();
  await ownerCard.getByRole('button', { name: 'Respond' }).click();
  await ownerCard.getByLabel('Your response').fill('Thanks for a great season, see you in September!');
  await ownerCard.getByRole('button', { name: 'Post Response' }).click();
  await expectToast(owner, 'Response Posted');
  await expect(ownerCard.getByTestId('business-response')).toContainText('Thanks for a great season');
  await expect(ownerCard.getByRole('button', { name: 'Respond' })).toHaveCount(0);
  expect(await seriousViolations(owner, 'main')).toEqual([]);
  await owner.context().close();

  await page.reload();
  await expect(page.getByTestId('review-card').filter({ hasText: title }).getByTestId('business-response')).toContainText('see you in September');
});

test('signed-out visitors can read reviews but not write them', async ({ page }) => {
  await page.goto('/reviews');
  await expect(page.getByRole('heading', { name: 'Reviews & Ratings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'All Reviews' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Write Review' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
});

test('reviews come in pages with an average, a rating distribution and four sort orders', async ({ page }) => {
  // Pro staff reviews: the other tests here write and vote on business reviews while this one runs.
  await page.goto('/reviews?revieweeType=pro_staff');
  const summary = page.getByRole('region', { name: 'Rating summary' });
  await expect(summary.getByTestId('average-rating')).toHaveText(/^\d\.\d$/);
  const api = await (await page.request.get('/api/reviews/page?revieweeType=pro_staff')).json();
  expect(api.total).toBeGreaterThan(10);
  await expect(summary).toContainText(`${api.total} reviews`);
  await expect(summary.getByTestId('average-rating')).toHaveText(api.summary.average.toFixed(1));
  await expect(summary.getByTestId('distribution-5')).toContainText(`${api.summary.distribution['5']} (`);
  const cards = page.getByTestId('review-card');
  await expect(cards).toHaveCount(10);

  // Paging: the next page shows different reviews and lives in the address.
  const firstTitle = await cards.first().locator('h3').first().textContent();
  const pages = page.getByRole('navigation', { name: 'Review pages' });
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pages).toContainText('Page 2 of');
  await expect(cards.first().locator('h3').first()).not.toHaveText(firstTitle!);

  // Sorting starts again at page 1, in the chosen order.
  const ratings = async () =>
    Promise.all((await cards.getByRole('img', { name: /out of 5 stars/ }).all()).map(async (img) => Number((await img.getAttribute('aria-label'))!.charAt(0))));
  await page.getByLabel('Sort by').selectOption('lowest');
  await expect(page).toHaveURL(/sort=lowest/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect.poll(async () => (await ratings())[0]).toBe(Math.min(...[1, 2, 3, 4, 5].filter((n) => api.summary.distribution[String(n)] > 0)));
  const lowest = await ratings();
  expect(lowest).toEqual([...lowest].sort((a, b) => a - b));
  await page.getByLabel('Sort by').selectOption('highest');
  await expect.poll(async () => (await ratings())[0]).toBe(5);
  const highest = await ratings();
  expect(highest).toEqual([...highest].sort((a, b) => b - a));
  await page.getByLabel('Sort by').selectOption('helpful');
  await expect(page).toHaveURL(/sort=helpful/);
  const helpful = await (await page.request.get('/api/reviews/page?revieweeType=pro_staff&sort=helpful')).json();
  await expect(cards.first()).toContainText(helpful.items[0].title);
});
