import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { TestClient } from '@server/test/test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import { businessWithStore } from '@server/test/store-setup';

// The staffer's QR cards and the public link each encodes (issue 44, decision record 040).

const t = useTestApp();
const open = (url: string) => t.app.inject({ method: 'GET', url });
type Card = { codeId: number; code: string; businessName: string; link: string; target: string };

/** A Shopify store at https://shop.example.com with Jake's code, and Jake's cards. */
async function shopWithCode(code = 'JAKE10') {
  const setup = await businessWithStore(t, 'shopify', code);
  expect((await setup.biz.client.patch(`/api/integration-platforms/${setup.platform.id}`, { storeUrl: 'https://shop.example.com/some/page' })).status).toBe(200);
  return setup;
}

describe('GET /api/pro-staff/code-cards', () => {
  it('lists the caller’s active codes only, each with its business and link', async () => {
    const { biz, jake } = await shopWithCode();
    const cards = (await jake.client.get('/api/pro-staff/code-cards')).body as Card[];
    expect(cards).toEqual([
      { codeId: expect.any(Number), code: 'JAKE10', businessName: expect.any(String), discountType: 'percentage', discountValue: 10, link: expect.stringMatching(new RegExp(`/c/${biz.businessId}/JAKE10$`)), target: 'store_applies' },
    ]);
    // Deactivated: no card. Another staffer's code is never listed.
    const other = await createProStaff(t);
    expect((await other.client.get('/api/pro-staff/code-cards')).body).toEqual([]);
    expect((await biz.client.patch(`/api/discount-codes/${cards[0].codeId}`, { isActive: false })).status).toBe(200);
    expect((await jake.client.get('/api/pro-staff/code-cards')).body).toEqual([]);
  });

  it('marks a code of a store without a documented apply link as shown, and refuses the signed out and businesses', async () => {
    const { jake } = await businessWithStore(t, 'woocommerce', 'WOO5');
    expect((await jake.client.get('/api/pro-staff/code-cards')).body).toMatchObject([{ code: 'WOO5', target: 'shows_code' }]);
    expect((await new TestClient(t.app).get('/api/pro-staff/code-cards')).status).toBe(401);
    expect((await (await createBusiness(t)).client.get('/api/pro-staff/code-cards')).status).toBe(403);
  });
});

describe('GET /c/:businessId/:code', () => {
  it('sends an active Shopify code to the shop’s discount link, built from the saved store address only', async () => {
    const { biz } = await shopWithCode();
    for (const code of ['JAKE10', 'jake10', '%20JAKE10%20']) {
      const res = await open(`/c/${biz.businessId}/${code}`);
      expect(res.statusCode, code).toBe(302);
      expect(res.headers.location).toBe('https://shop.example.com/discount/JAKE10');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // The Host header and query never steer the target.
    const forged = await t.app.inject({ method: 'GET', url: `/c/${biz.businessId}/JAKE10?next=https://evil.example`, headers: { host: 'evil.example' } });
    expect(forged.headers.location).toBe('https://shop.example.com/discount/JAKE10');
  });

  it('shows the code on a page for a store without an apply link, the business’s name escaped', async () => {
    const { biz } = await businessWithStore(t, 'woocommerce', 'WOO-5_X');
    await t.database.query(`update business_profiles set company_name = '<script>x</script> & Sons' where id = ${biz.businessId}`);
    const res = await open(`/c/${biz.businessId}/woo-5_x`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('>WOO-5_X</div>');
    expect(res.body).toContain('&lt;script&gt;x&lt;/script&gt; &amp; Sons');
    expect(res.body).not.toContain('<script>');
  });

  it('answers the friendly 404 for unknown, inactive, expired and other businesses’ codes', async () => {
    const { biz } = await shopWithCode();
    const other = await createBusiness(t);
    const [code] = (await biz.client.get('/api/discount-codes')).body as { id: number }[];
    const notFound = [`/c/${other.businessId}/JAKE10`, `/c/${biz.businessId}/NOPE`, `/c/999999/JAKE10`];
    for (const url of notFound) {
      const res = await open(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('This code is not available');
    }
    await biz.client.patch(`/api/discount-codes/${code.id}`, { isActive: false });
    expect((await open(`/c/${biz.businessId}/JAKE10`)).statusCode).toBe(404);
    await biz.client.patch(`/api/discount-codes/${code.id}`, { isActive: true });
    await t.database.query(`update discount_codes set expires_at = now() - interval '1 minute' where id = ${code.id}`);
    expect((await open(`/c/${biz.businessId}/JAKE10`)).statusCode).toBe(404);
  });

  it('never redirects on nasty input: NUL bytes, huge ids and codes, unicode, booleans', async () => {
    const { biz } = await shopWithCode();
    const cases = [
      `/c/${biz.businessId}/JAKE10%00`, `/c/${biz.businessId}%00/JAKE10`, `/c/${biz.businessId}/${'J'.repeat(5000)}`, `/c/99999999999999999999/JAKE10`,
      `/c/${biz.businessId}/${encodeURIComponent('JAKE10\u{1F98C}')}`, `/c/true/JAKE10`, `/c/-1/JAKE10`, `/c/0${biz.businessId}/JAKE10`, `/c/${biz.businessId}/%E0%A4%A`,
      `/c/${biz.businessId}/..%2F..%2Fadmin`, `/c/1e3/JAKE10`,
    ];
    for (const url of cases) {
      const res = await open(url);
      expect(res.headers.location, url).toBeUndefined();
      // 414: a path longer than the router takes.
      expect([400, 404, 414], url).toContain(res.statusCode);
    }
  });

  it('answers parallel opens alike', async () => {
    const { biz } = await shopWithCode();
    const answers = await Promise.all(Array.from({ length: 10 }, () => open(`/c/${biz.businessId}/JAKE10`)));
    expect(new Set(answers.map((res) => `${res.statusCode} ${res.headers.location}`))).toEqual(new Set(['302 https://shop.example.com/discount/JAKE10']));
  });
});
