import jsQR from 'jsqr';
import { expect, test, type Page } from './fixtures';
import { newAccountWithProfile, pageCall, pageInNewContext, rosterStaffer, seriousViolations } from './helpers';

// The staffer's QR card (issue 44, decision record 040): a business with a Shopify store gives a new staffer a code;
// the staffer opens the card on the dashboard, the QR code drawn there decodes (jsQR) to the staffer's HuntStaff link,
// and that link sends a shopper to the shop's own discount link.

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 10_000)}`;

/** The QR card's SVG drawn on a canvas in the page, its pixels decoded in Node. */
async function decodeQr(page: Page): Promise<string | null> {
  const image = await page.getByTestId('qr-code').evaluate(async (svg) => {
    const side = 400;
    const markup = new XMLSerializer().serializeToString(svg);
    const img = new Image(side, side);
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(img, 0, 0, side, side);
    return { width: side, height: side, data: Array.from(context.getImageData(0, 0, side, side).data) };
  });
  return jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data ?? null;
}

test('a staffer opens the QR card of their code; the QR code holds their link, which leads to the shop with the code applied', async ({ page, browser }) => {
  test.slow(); // two browsers, two new accounts
  const token = unique();
  const business = `Cedar Decoys ${token}`;
  await newAccountWithProfile(page, 'business', business);
  const pro = await pageInNewContext(browser);
  await newAccountWithProfile(pro, 'pro_staff', `Quinn Q${token}`);
  const proStaffId = await rosterStaffer(page, pro);
  expect((await pageCall(page, 'POST', '/api/start-trial', { tier: 'startup' })).status).toBe(200);
  const platform = await pageCall(page, 'POST', '/api/integration-platforms', { name: `Shop ${token}`, platformType: 'shopify', storeUrl: 'https://cedar-decoys.example.com' });
  expect(platform.status).toBe(201);
  const code = `QR${token}`.toUpperCase();
  const created = await pageCall(page, 'POST', '/api/discount-codes', { code, description: 'Staff code', discountType: 'percentage', discountValue: 10, platform: 'All platforms', proStaffId, commissionRate: 10 });
  expect(created.status).toBe(201);

  await pro.goto('/pro-staff-dashboard');
  const codes = pro.getByTestId('my-codes-card');
  await expect(codes).toContainText(code);
  await codes.getByRole('button', { name: `QR card for ${code}` }).click();
  const dialog = pro.getByRole('dialog', { name: `QR card for ${code}` });
  const card = dialog.getByTestId('qr-card');
  await expect(card).toContainText(business);
  await expect(card.getByTestId('qr-card-code')).toHaveText(code);
  await expect(dialog.getByRole('button', { name: 'Print card' })).toBeVisible();
  expect(await seriousViolations(pro, '[role="dialog"]'), 'QR card dialog').toEqual([]);

  // The QR code is the link printed under it, and it names this business and code.
  const link = await card.getByTestId('qr-card-link').textContent();
  expect(link).toMatch(new RegExp(`/c/[0-9]+/${code}$`));
  expect(await decodeQr(pro)).toBe(link);

  // Following it (on this server: the link's origin is PUBLIC_URL's) reaches the shop's own discount link.
  const answer = await pro.request.get(new URL(link ?? '').pathname, { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toBe(`https://cedar-decoys.example.com/discount/${code}`);
  // An unknown code gets the friendly page, never a redirect.
  await pro.goto(`/c/1/NOPE${token}`);
  await expect(pro.getByRole('heading', { name: 'This code is not available' })).toBeVisible();
  await pro.context().close();
});
