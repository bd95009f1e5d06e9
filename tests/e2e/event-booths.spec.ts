import { expect, test } from './fixtures';
import { fixture, shopifyHeaders } from '../fixtures/sign';
import { DEMO_BUSINESS, expectToast, newAccountWithProfile, pageInNewContext, rosterStaffer, seriousViolations, signIn } from './helpers';

// Event booths (issue 44 item 5, decision record 040): the business sets up a booth worked by two staffers; a signed
// Shopify POS order rung up at the booth's location during its hours shows in the booth report and both dashboards.
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a booth sale is split between its two staffers and shows in the report and both dashboards', async ({ page, browser }) => {
  test.slow();
  const suffix = unique();
  const webhookSecret = `shpss_booth_${suffix}_0123456789`;
  const location = `7${Date.now()}`.slice(0, 12);
  const eventName = `Expo ${suffix}`;
  const staff = [await pageInNewContext(browser), await pageInNewContext(browser)];
  const names = [`Ana${suffix}`, `Ben${suffix}`];
  for (const [i, pro] of staff.entries()) await newAccountWithProfile(pro, 'pro_staff', `${names[i]} Booth`);

  await signIn(page, DEMO_BUSINESS);
  for (const pro of staff) await rosterStaffer(page, pro);
  const platform = await (await page.request.post('/api/integration-platforms', { data: { name: `Shopify ${suffix}`, platformType: 'shopify', webhookSecret } })).json();

  // New Event: today (UTC) all day, the register's location, both staffers, equal shares at 10%.
  await page.goto('/events');
  await page.getByRole('button', { name: 'New Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Event' });
  await dialog.getByLabel('Name').fill(eventName);
  await dialog.getByLabel('Place').fill('Hall B');
  await dialog.getByLabel('Time zone').fill('UTC');
  await dialog.getByLabel('Store location ids').fill(location);
  await dialog.getByLabel('Day 1', { exact: true }).fill(new Date().toISOString().slice(0, 10));
  await dialog.getByLabel('Day 1 opens').fill('00:00');
  await dialog.getByLabel('Day 1 closes').fill('23:59');
  for (const name of names) await dialog.getByLabel(`${name} Booth`, { exact: true }).check();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expectToast(page, 'Success', 'Event created.');
  const row = page.getByTestId('booth-row').filter({ hasText: eventName });
  await expect(row).toContainText(`${names[0]} Booth`);

  // A POS order through Shopify's signed orders/create webhook (the published sample, rung up at the booth now).
  const orderId = `9${Date.now()}`;
  const order = {
    ...fixture('shopify/orders-create.json'), id: Number(orderId), admin_graphql_api_id: `gid://shopify/Order/${orderId}`, discount_codes: [], discount_applications: [],
    source_name: 'pos', location_id: Number(location), created_at: new Date().toISOString(), subtotal_price: '100.00', current_subtotal_price: '100.00',
  };
  const body = JSON.stringify(order);
  expect((await page.request.post(`/api/webhooks/shopify/${platform.id}`, { headers: shopifyHeaders(webhookSecret, body, 'orders/create'), data: body })).status()).toBe(200);
  const events = (await (await page.request.get('/api/booth-events')).json()) as { id: number; name: string }[];
  const booth = events.find((e) => e.name === eventName)!;
  await expect.poll(async () => ((await (await page.request.get(`/api/booth-events/${booth.id}/report`)).json()) as { days: unknown[] }).days.length).toBe(1);

  await row.getByRole('button', { name: 'Report' }).click();
  const report = row.getByTestId('booth-report');
  await expect(report).toContainText('USD 100.00');
  await expect(report).toContainText(`${names[0]} Booth: USD 5.00`);
  await expect(report).toContainText(`${names[1]} Booth: USD 5.00`);
  await expect(row.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `/api/booth-events/${booth.id}/report.csv`);

  // An event-day task of a campaign names the booth, and its link opens the booth's report on /events.
  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'New Campaign' }).click();
  const campaignDialog = page.getByRole('dialog', { name: 'New Campaign' });
  await campaignDialog.getByLabel('Title').fill(`Show ${suffix}`);
  await campaignDialog.getByLabel('Brief').fill('Work the booth at the expo.');
  await campaignDialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(page.getByRole('heading', { name: `Show ${suffix}` })).toBeVisible();
  await page.getByRole('button', { name: 'Add Task' }).click();
  const taskDialog = page.getByRole('dialog', { name: 'Add Task' });
  await taskDialog.getByLabel('Kind of task').selectOption('event_day');
  await taskDialog.getByLabel('Title').fill('Booth shift');
  await taskDialog.getByLabel('Place').fill('Hall B');
  await taskDialog.getByLabel('Event booth').selectOption({ label: `${eventName} (${new Date().toISOString().slice(0, 10)})` });
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await taskDialog.getByRole('button', { name: 'Add Task' }).click();
  await expectToast(page, 'Success', 'Task added.');
  await page.getByTestId('campaign-tasks').getByRole('link', { name: 'Event booth report' }).click();
  await expect(page).toHaveURL(new RegExp(`/events#booth-event-${booth.id}$`));
  await expect(page.locator(`#booth-event-${booth.id}`).getByTestId('booth-report')).toContainText('USD 100.00');

  for (const pro of staff) {
    await pro.goto('/earnings');
    await expect(pro.getByText(`event booth share of store order ${orderId}`)).toBeVisible();
    await expect(pro.getByText(new RegExp(`Event booth ${eventName}`))).toBeVisible();
    await pro.context().close();
  }
});
