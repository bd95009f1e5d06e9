import { startReceiver, verifySignature } from '../../src/server/test/webhook-receiver';
import { expect, test } from './fixtures';
import { pageCall, seriousViolations, signIn } from './helpers';

// Issue 46 item 4 (decision record 044): an Enterprise brand adds an endpoint, an event reaches its receiver signed,
// the delivery shows in the log and Resend sends it again with the same event id.

/** The seeded Enterprise business (src/server/db/seed/demo-data.ts); only this spec touches its webhooks. */
const ENTERPRISE = { email: 'ridgeline.optics@example.com', password: 'demo1234' };

test('an outgoing webhook is delivered signed, logged, and resent', async ({ page }) => {
  test.slow();
  const receiver = await startReceiver();
  try {
    await signIn(page, ENTERPRISE);
    // A repeated run starts from no endpoints (the limit is ten).
    const existing = await pageCall(page, 'GET', '/api/webhook-endpoints');
    for (const endpoint of existing.body as { id: number }[]) await pageCall(page, 'DELETE', `/api/webhook-endpoints/${endpoint.id}`);

    await page.goto('/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add Endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Endpoint' });
    await dialog.getByLabel('Endpoint URL').fill(receiver.url);
    await dialog.getByLabel('Description').fill('Our ERP');
    await dialog.getByLabel(/Commission created/).check();
    await dialog.getByRole('button', { name: 'Add Endpoint' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = (await secretDialog.getByTestId('signing-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    expect(await seriousViolations(page)).toEqual([]);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('endpoint-row').filter({ hasText: receiver.url })).toBeVisible();

    // The event: a commission recorded for a pro staffer.
    const profile = await (await page.request.get('/api/pro-staff-profiles/1')).json();
    const made = await pageCall(page, 'POST', '/api/commissions', { proStaffId: profile.id, amount: '10.00', description: 'Webhook check', dueDate: null });
    expect(made.status).toBe(201);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    const [first] = receiver.received;
    expect(verifySignature(first.headers['huntstaff-signature'] as string, first.body, secret)).toBe(true);
    const event = JSON.parse(first.body);
    expect(event).toMatchObject({ type: 'commission.created', data: { commissionId: made.body.id, amountMinor: 1000 } });

    const row = page.getByTestId('delivery-row').filter({ hasText: event.id });
    await expect(row.getByText('Delivered')).toBeVisible({ timeout: 15_000 });
    await expect(row.getByRole('cell', { name: '200' })).toBeVisible();
    await row.getByRole('button', { name: /^Resend/ }).click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
    expect(JSON.parse(receiver.received[1].body).id).toBe(event.id);
    await expect(row.getByText('2 (resend)')).toBeVisible({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await receiver.close();
  }
});
