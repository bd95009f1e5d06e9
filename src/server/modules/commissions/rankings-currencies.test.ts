import { describe, expect, it } from 'vitest';
import { TestClient } from '@server/test/test-app';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import { commissions } from '@server/db/schema/commissions';

// Issue 40, item 8: rankings per currency, the business's main currency by default (decision records 013, 025).

const t = useTestApp();

type Entry = { proStaffId: number; rank: number; currency: string; totalCommissions: string; totalJobs: number };

const now = () => new Date();
const lastMonth = () => {
  const date = new Date();
  date.setUTCDate(0); // the last day of the month before
  return date;
};

async function seed(rows: { businessId: number; proStaffId: number; cents: number; currency: string; status?: 'pending' | 'paid' | 'cancelled'; paidAt?: Date }[]) {
  await t.database.db.insert(commissions).values(rows.map((row) => {
    const status = row.status ?? 'paid';
    return { businessId: row.businessId, proStaffId: row.proStaffId, amountCents: row.cents, currency: row.currency, status, paidAt: status === 'paid' ? row.paidAt ?? now() : null };
  }));
}

const ranked = (entries: Entry[]) => entries.map((entry) => [entry.proStaffId, entry.rank, entry.currency, entry.totalCommissions, entry.totalJobs]);

describe('rankings per currency', () => {
  it('shows a CAD-only business its CAD rankings by default, and recalculates them in CAD', async () => {
    const business = await createBusiness(t, { companyName: 'Maple Outfitters' });
    const ann = await createProStaff(t, { firstName: 'Ann' });
    const bo = await createProStaff(t, { firstName: 'Bo' });
    await seed([
      { businessId: business.businessId, proStaffId: ann.proStaffId, cents: 12_000, currency: 'CAD' },
      { businessId: business.businessId, proStaffId: bo.proStaffId, cents: 30_000, currency: 'CAD' },
      { businessId: business.businessId, proStaffId: bo.proStaffId, cents: 5_000, currency: 'CAD', status: 'pending' },
    ]);

    const currencies = await business.client.get(`/api/rankings/${business.businessId}/currencies`);
    expect(currencies.status).toBe(200);
    expect(currencies.body).toEqual({ defaultCurrency: 'CAD', currencies: [{ currency: 'CAD', paidThisMonth: 2, commissionCount: 3 }] });

    const expected = [[bo.proStaffId, 1, 'CAD', '300.00', 1], [ann.proStaffId, 2, 'CAD', '120.00', 1]];
    const shown = await business.client.get(`/api/rankings/${business.businessId}`);
    expect(shown.status).toBe(200);
    expect(ranked(shown.body)).toEqual(expected);
    const recalculated = await business.client.post(`/api/rankings/calculate/${business.businessId}`);
    expect(recalculated.status).toBe(200);
    expect(ranked(recalculated.body)).toEqual(expected);
    // USD is asked for explicitly only: this business has none.
    expect((await business.client.get(`/api/rankings/${business.businessId}?currency=USD`)).body).toEqual([]);
  });

  it('lists every currency of a business, paid this month first, and ranks each in its own currency only', async () => {
    const business = await createBusiness(t);
    const other = await createBusiness(t);
    const ann = await createProStaff(t, { firstName: 'Ann' });
    const bo = await createProStaff(t, { firstName: 'Bo' });
    const { businessId } = business;
    await seed([
      // USD: Bo 300, Ann 100 (2 paid this month).
      { businessId, proStaffId: ann.proStaffId, cents: 10_000, currency: 'USD' },
      { businessId, proStaffId: bo.proStaffId, cents: 30_000, currency: 'USD' },
      // CAD: Ann 500 + 200, Bo 50 (3 paid this month: the main currency).
      { businessId, proStaffId: ann.proStaffId, cents: 50_000, currency: 'CAD' },
      { businessId, proStaffId: ann.proStaffId, cents: 20_000, currency: 'CAD' },
      { businessId, proStaffId: bo.proStaffId, cents: 5_000, currency: 'CAD' },
      // Nothing paid this month: JPY (two commissions) before EUR (one); a cancelled-only GBP is not listed.
      { businessId, proStaffId: bo.proStaffId, cents: 900_000, currency: 'JPY', paidAt: lastMonth() },
      { businessId, proStaffId: bo.proStaffId, cents: 100_000, currency: 'JPY', status: 'pending' },
      { businessId, proStaffId: ann.proStaffId, cents: 99_999, currency: 'EUR', status: 'pending' },
      { businessId, proStaffId: ann.proStaffId, cents: 99_999, currency: 'GBP', status: 'cancelled' },
      // Another business's commissions count for it only.
      { businessId: other.businessId, proStaffId: bo.proStaffId, cents: 1_000_000, currency: 'USD' },
      { businessId: other.businessId, proStaffId: bo.proStaffId, cents: 1_000_000, currency: 'USD' },
      { businessId: other.businessId, proStaffId: bo.proStaffId, cents: 1_000_000, currency: 'USD' },
      { businessId: other.businessId, proStaffId: bo.proStaffId, cents: 1_000_000, currency: 'CHF' },
    ]);

    const currencies = await business.client.get(`/api/rankings/${businessId}/currencies`);
    expect(currencies.body).toEqual({
      defaultCurrency: 'CAD',
      currencies: [
        { currency: 'CAD', paidThisMonth: 3, commissionCount: 3 },
        { currency: 'USD', paidThisMonth: 2, commissionCount: 2 },
        { currency: 'JPY', paidThisMonth: 0, commissionCount: 2 },
        { currency: 'EUR', paidThisMonth: 0, commissionCount: 1 },
      ],
    });

    const cad = [[ann.proStaffId, 1, 'CAD', '700.00', 2], [bo.proStaffId, 2, 'CAD', '50.00', 1]];
    const usd = [[bo.proStaffId, 1, 'USD', '300.00', 1], [ann.proStaffId, 2, 'USD', '100.00', 1]];
    expect(ranked((await business.client.get(`/api/rankings/${businessId}`)).body)).toEqual(cad);
    expect(ranked((await business.client.get(`/api/rankings/${businessId}?currency=CAD`)).body)).toEqual(cad);
    expect(ranked((await business.client.get(`/api/rankings/${businessId}?currency=usd`)).body)).toEqual(usd);
    // Listed, but nothing paid in it this month: an empty ranking.
    expect((await business.client.get(`/api/rankings/${businessId}?currency=JPY`)).body).toEqual([]);

    // Recalculation in the currency asked, the main one without ?currency=.
    expect(ranked((await business.client.post(`/api/rankings/calculate/${businessId}?currency=USD`)).body)).toEqual(usd);
    expect(ranked((await business.client.post(`/api/rankings/calculate/${businessId}?currency=cad`)).body)).toEqual(cad);
    expect(ranked((await business.client.post(`/api/rankings/calculate/${businessId}`)).body)).toEqual(cad);

    // The other business: USD is its main currency (3 paid this month against 1).
    expect((await other.client.get(`/api/rankings/${other.businessId}/currencies`)).body.defaultCurrency).toBe('USD');
    expect(ranked((await other.client.get(`/api/rankings/${other.businessId}`)).body)).toEqual([[bo.proStaffId, 1, 'USD', '30000.00', 3]]);
  });

  it('defaults to the currency with most commissions when none was paid this month, and to USD without any', async () => {
    const business = await createBusiness(t);
    const pro = await createProStaff(t);
    expect((await business.client.get(`/api/rankings/${business.businessId}/currencies`)).body).toEqual({ defaultCurrency: 'USD', currencies: [] });
    expect((await business.client.get(`/api/rankings/${business.businessId}`)).body).toEqual([]);

    await seed([
      { businessId: business.businessId, proStaffId: pro.proStaffId, cents: 1_000, currency: 'USD', status: 'pending' },
      { businessId: business.businessId, proStaffId: pro.proStaffId, cents: 1_000, currency: 'EUR', status: 'pending' },
      { businessId: business.businessId, proStaffId: pro.proStaffId, cents: 1_000, currency: 'EUR', paidAt: lastMonth() },
    ]);
    expect((await business.client.get(`/api/rankings/${business.businessId}/currencies`)).body).toEqual({
      defaultCurrency: 'EUR',
      currencies: [{ currency: 'EUR', paidThisMonth: 0, commissionCount: 2 }, { currency: 'USD', paidThisMonth: 0, commissionCount: 1 }],
    });

    // One USD commission paid now makes USD the main currency.
    await seed([{ businessId: business.businessId, proStaffId: pro.proStaffId, cents: 2_500, currency: 'USD' }]);
    expect((await business.client.get(`/api/rankings/${business.businessId}/currencies`)).body.defaultCurrency).toBe('USD');
    expect(ranked((await business.client.get(`/api/rankings/${business.businessId}`)).body)).toEqual([[pro.proStaffId, 1, 'USD', '25.00', 1]]);
  });

  it('refuses a currency that is not an ISO 4217 code, on both the ranking and its recalculation', async () => {
    const business = await createBusiness(t);
    const notACode = 'Use an ISO 4217 currency code like USD';
    // A NUL byte is refused by the check every text input goes through, before the code's own rule.
    const nul = 'Contains a character that is not allowed';
    const cases = [['usd1', notACode], ['$$$', notACode], ['%24%24%24', notACode], ['us', notACode], ['', notACode], ['US%20D', notACode], ['dollars', notACode],
      ['%00', nul], ['US%00D', nul], ['USD%00', nul]] as const;
    for (const [bad, message] of cases) {
      for (const [method, url] of [['GET', `/api/rankings/${business.businessId}?currency=${bad}`], ['POST', `/api/rankings/calculate/${business.businessId}?currency=${bad}`]] as const) {
        const res = await business.client.request(method, url);
        expect(res.status, `${method} ${url}`).toBe(400);
        expect(res.body.error.details, `${method} ${url}`).toEqual([{ path: 'currency', message }]);
      }
    }
  });

  it('is only for the business itself, signed in', async () => {
    const business = await createBusiness(t);
    const other = await createBusiness(t);
    const pro = await createProStaff(t);
    await seed([{ businessId: business.businessId, proStaffId: pro.proStaffId, cents: 4_200, currency: 'CAD' }]);
    const anonymous = new TestClient(t.app);
    const urls = [
      ['GET', `/api/rankings/${business.businessId}/currencies`],
      ['GET', `/api/rankings/${business.businessId}?currency=CAD`],
      ['POST', `/api/rankings/calculate/${business.businessId}?currency=CAD`],
    ] as const;
    for (const [method, url] of urls) {
      expect((await anonymous.request(method, url)).status, `${method} ${url}`).toBe(401);
      expect((await pro.client.request(method, url)).status, `${method} ${url}`).toBe(403);
      const foreign = await other.client.request(method, url);
      expect(foreign.status, `${method} ${url}`).toBe(403);
      expect(JSON.stringify(foreign.body)).not.toContain('CAD');
    }
    expect((await business.client.get('/api/rankings/abc/currencies')).status).toBe(400);
  });
});
