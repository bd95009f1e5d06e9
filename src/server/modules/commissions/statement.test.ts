import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff } from '@server/test/factories';
import { statementColumns } from '@shared/contracts/commissions';
import { toCsv, decimal } from '@server/lib/csv';

const t = useTestApp();
const HEADER = statementColumns.join(',');

/** Rows of a CSV answer (no quoted line breaks in these fixtures). */
const rowsOf = (body: string) => body.trimEnd().split('\r\n').map((line) => line.split(','));

async function setup() {
  const business = await createBusiness(t, { companyName: 'Timberline Outfitters' });
  const other = await createBusiness(t, { companyName: 'Other Outfitters' });
  const pro = await createProStaff(t, { firstName: 'Rosa', lastName: 'Delgado' });
  const make = async (who: typeof business, amount: string, description: string | null, createdAt: string) => {
    const res = await who.client.post('/api/commissions', { proStaffId: pro.proStaffId, amount, description });
    await t.database.query(`update commissions set created_at = '${createdAt}', payable_at = '${createdAt}' where id = ${res.body.id}`);
    return res.body.id as number;
  };
  const march = await make(business, '125.50', 'Spring clinic', '2026-03-10T15:00:00Z');
  const june = await make(business, '40.00', '=HYPERLINK("http://evil.example","x")', '2026-06-30T23:59:59Z');
  const july = await make(business, '10.00', null, '2026-07-01T00:00:00Z');
  const others = await make(other, '99.00', 'Not yours', '2026-05-01T12:00:00Z');
  await business.client.patch(`/api/commissions/${march}/status`, { status: 'paid' });
  return { business, other, pro, march, june, july, others };
}

describe('GET /api/commissions/business/statement and /pro-staff/statement (CSV)', () => {
  it('gives the business its own commissions as CSV, oldest first, filtered by UTC days and status', async () => {
    const { business, march, june, july } = await setup();
    const all = await business.client.get('/api/commissions/business/statement');
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toBe('attachment; filename="huntstaff-commissions-business-start-to-today.csv"');
    const rows = rowsOf(all.raw.body);
    expect(rows[0].join(',')).toBe(HEADER);
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual([march, june, july]);
    const [first] = rows.slice(1);
    expect(first).toEqual([String(march), '2026-03-10T15:00:00.000Z', '2026-03-10T15:00:00.000Z', 'paid', 'manual', '', 'Timberline Outfitters', 'Rosa Delgado', 'Spring clinic', 'USD', '125.50', expect.stringMatching(/^\d{4}-/), '', '']);
    // A description typed by someone else never runs as a spreadsheet formula.
    expect(all.raw.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);

    const june30 = await business.client.get('/api/commissions/business/statement?from=2026-06-30&to=2026-06-30');
    expect(rowsOf(june30.raw.body).slice(1).map((row) => Number(row[0]))).toEqual([june]);
    const fromJuly = await business.client.get('/api/commissions/business/statement?from=2026-07-01');
    expect(rowsOf(fromJuly.raw.body).slice(1).map((row) => Number(row[0]))).toEqual([july]);
    const paid = await business.client.get('/api/commissions/business/statement?status=paid&to=2026-12-31');
    expect(paid.headers['content-disposition']).toBe('attachment; filename="huntstaff-commissions-business-start-to-2026-12-31-paid.csv"');
    expect(rowsOf(paid.raw.body).slice(1).map((row) => Number(row[0]))).toEqual([march]);
    const none = await business.client.get('/api/commissions/business/statement?from=2027-01-01');
    expect(none.raw.body).toBe(`${HEADER}\r\n`);
  });

  it('gives the pro staffer theirs from every business, and nobody anyone else’s', async () => {
    const { pro, other, march, june, july, others } = await setup();
    const mine = await pro.client.get('/api/commissions/pro-staff/statement');
    expect(mine.status).toBe(200);
    expect(rowsOf(mine.raw.body).slice(1).map((row) => [Number(row[0]), row[6]])).toEqual([
      [march, 'Timberline Outfitters'], [others, 'Other Outfitters'], [june, 'Timberline Outfitters'], [july, 'Timberline Outfitters'],
    ]);
    const theirs = await other.client.get('/api/commissions/business/statement');
    expect(rowsOf(theirs.raw.body).slice(1).map((row) => Number(row[0]))).toEqual([others]);
  });

  it('refuses bad filters with a 400, the signed out with 401 and the wrong role with 403', async () => {
    const { business, pro } = await setup();
    for (const query of ['from=2026-02-30', 'to=26-01-01', 'from=2026-05-02&to=2026-05-01', 'status=refunded', 'from=%00', 'to=2026-01-01T00:00']) {
      const res = await business.client.get(`/api/commissions/business/statement?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
    expect((await t.anonymous().get('/api/commissions/business/statement')).status).toBe(401);
    expect((await t.anonymous().get('/api/commissions/pro-staff/statement')).status).toBe(401);
    expect((await pro.client.get('/api/commissions/business/statement')).status).toBe(403);
    expect((await business.client.get('/api/commissions/pro-staff/statement')).status).toBe(403);
  });
});

describe('toCsv', () => {
  it('quotes what needs quoting, keeps decimals as written and defuses formulas', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"'], ['line\nbreak', null], ['+1', '@SUM(A1)'], ['-2', decimal('-5.00')], [3, decimal('2.935')], ['\tTab', 'ok']])).toBe(
      'a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",\r\n\'+1,\'@SUM(A1)\r\n\'-2,-5.00\r\n3,2.935\r\n\'\tTab,ok\r\n',
    );
    expect(() => decimal('=1+1')).toThrow();
  });
});
