import { describe, expect, it } from 'vitest';
import type { RecordedTransfer } from './repository';
import { compareTransfers, rangeOf, transferView, type StripeTransferView } from './service';

// The comparison rules of payout reconciliation (decision record 037), on plain lists.

const range = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-08T00:00:00Z') };
const inside = new Date('2026-11-03T12:00:00Z');

const recorded = (values: Partial<RecordedTransfer> = {}): RecordedTransfer => ({
  businessId: 1, companyName: 'Test Outfitters', payoutId: 10, proStaffId: 100, currency: 'USD', amountCents: 5050,
  stripeTransferId: 'tr_1', paidAt: inside, ...values,
});
const atStripe = (values: Partial<StripeTransferView> = {}): StripeTransferView => ({
  id: 'tr_1', currency: 'USD', amountCents: 5050, amountReversedCents: 0, reversed: false, createdAt: inside, payoutId: 10, proStaffId: 100, ...values,
});
const kinds = (groups: ReturnType<typeof compareTransfers>) => groups.flatMap((g) => g.mismatches.map((m) => [g.businessId, g.currency, m.kind, m.stripeTransferId]));

describe('compareTransfers', () => {
  it('finds nothing when every recorded transfer matches Stripe’s', () => {
    const groups = compareTransfers({
      recorded: [recorded(), recorded({ stripeTransferId: 'tr_2', proStaffId: 101, amountCents: 2500 })],
      atStripe: [atStripe(), atStripe({ id: 'tr_2', proStaffId: 101, amountCents: 2500 })],
      range,
    });
    expect(groups).toEqual([]);
  });

  it('finds nothing on two empty lists', () => {
    expect(compareTransfers({ recorded: [], atStripe: [], range })).toEqual([]);
  });

  it('a transfer recorded as paid that Stripe does not list is missing at Stripe', () => {
    const [group] = compareTransfers({ recorded: [recorded()], atStripe: [], range });
    expect(group).toMatchObject({ businessId: 1, companyName: 'Test Outfitters', currency: 'USD' });
    expect(group.mismatches).toEqual([
      {
        kind: 'missing_at_stripe', stripeTransferId: 'tr_1', payoutId: 10, proStaffId: 100, atStripe: null,
        recorded: { currency: 'USD', amountCents: 5050, amount: '50.50', paidAt: inside.toISOString() },
        message: 'Recorded as paid (USD 50.50, payout #10) but Stripe has no transfer tr_1.',
      },
    ]);
  });

  it('another amount in the same currency: more or less, by how much', () => {
    const less = compareTransfers({ recorded: [recorded()], atStripe: [atStripe({ amountCents: 5000 })], range });
    expect(less[0].mismatches).toEqual([expect.objectContaining({ kind: 'amount_differs', message: 'Recorded as USD 50.50; Stripe transferred USD 50.00 (less by USD 0.50).' })]);
    const more = compareTransfers({ recorded: [recorded()], atStripe: [atStripe({ amountCents: 6050 })], range });
    expect(more[0].mismatches[0].message).toBe('Recorded as USD 50.50; Stripe transferred USD 60.50 (more by USD 10.00).');
    expect(more[0].mismatches[0].atStripe).toMatchObject({ currency: 'USD', amountCents: 6050, amount: '60.50', amountReversedCents: 0, reversed: false });
  });

  it('another currency is reported once, as a currency mismatch (amounts in two currencies are not compared)', () => {
    const groups = compareTransfers({ recorded: [recorded()], atStripe: [atStripe({ currency: 'CAD', amountCents: 7000 })], range });
    expect(kinds(groups)).toEqual([[1, 'USD', 'currency_differs', 'tr_1']]);
    expect(groups[0].mismatches[0].message).toBe('Recorded as USD 50.50; Stripe transferred CAD 70.00.');
  });

  it('a currency in zero-decimal minor units is shown in its own units', () => {
    const groups = compareTransfers({ recorded: [recorded({ currency: 'JPY', amountCents: 1500 })], atStripe: [atStripe({ currency: 'JPY', amountCents: 1400 })], range });
    expect(groups[0].mismatches[0].message).toBe('Recorded as JPY 1500; Stripe transferred JPY 1400 (less by JPY 100).');
  });

  it('a whole reversal at Stripe', () => {
    const groups = compareTransfers({ recorded: [recorded()], atStripe: [atStripe({ amountReversedCents: 5050, reversed: true })], range });
    expect(groups[0].mismatches).toEqual([
      expect.objectContaining({ kind: 'reversed', message: 'Stripe reversed the whole transfer (USD 50.50); HuntStaff still shows it as paid.', atStripe: expect.objectContaining({ amountReversed: '50.50', reversed: true }) }),
    ]);
  });

  it('a partial reversal at Stripe', () => {
    const groups = compareTransfers({ recorded: [recorded()], atStripe: [atStripe({ amountReversedCents: 1000 })], range });
    expect(groups[0].mismatches[0]).toMatchObject({ kind: 'reversed', message: 'Stripe reversed USD 10.00 of USD 50.50; HuntStaff still shows the full amount as paid.' });
  });

  it('`reversed: true` alone counts as a reversal', () => {
    const groups = compareTransfers({ recorded: [recorded()], atStripe: [atStripe({ reversed: true })], range });
    expect(kinds(groups)).toEqual([[1, 'USD', 'reversed', 'tr_1']]);
  });

  it('one transfer with another amount and a reversal has both mismatches, amount first', () => {
    const groups = compareTransfers({ recorded: [recorded()], atStripe: [atStripe({ amountCents: 6000, amountReversedCents: 500 })], range });
    expect(kinds(groups)).toEqual([[1, 'USD', 'amount_differs', 'tr_1'], [1, 'USD', 'reversed', 'tr_1']]);
  });

  it('a HuntStaff payout transfer at Stripe that nothing recorded as paid is not recorded, named by its payout’s business', () => {
    const groups = compareTransfers({
      recorded: [],
      atStripe: [atStripe({ id: 'tr_9', payoutId: 12, proStaffId: 7, amountCents: 900 })],
      range,
      owners: new Map([[12, { businessId: 3, companyName: 'Duck Co' }]]),
    });
    expect(groups).toEqual([
      {
        businessId: 3, companyName: 'Duck Co', currency: 'USD',
        mismatches: [expect.objectContaining({ kind: 'not_recorded', stripeTransferId: 'tr_9', payoutId: 12, proStaffId: 7, recorded: null, message: 'Stripe transferred USD 9.00 for payout #12 (pro staff #7), but HuntStaff has not recorded it as paid.' })],
      },
    ]);
  });

  it('a not-recorded transfer of a payout we do not know has no business, and comes after named businesses', () => {
    const groups = compareTransfers({
      recorded: [recorded()],
      atStripe: [atStripe({ id: 'tr_x', payoutId: 999, proStaffId: null }), atStripe({ amountCents: 1 })],
      range,
    });
    expect(groups.map((g) => [g.businessId, g.companyName])).toEqual([[1, 'Test Outfitters'], [null, null]]);
    expect(groups[1].mismatches[0].message).toBe('Stripe transferred USD 50.50 for payout #999, but HuntStaff has not recorded it as paid.');
  });

  it('transfers without HuntStaff payout metadata are not ours and are left alone', () => {
    expect(compareTransfers({ recorded: [], atStripe: [atStripe({ id: 'tr_dash', payoutId: null, proStaffId: null })], range })).toEqual([]);
  });

  it('matches by transfer id, not by payout and pro staffer: a second transfer for the same share is not recorded', () => {
    const groups = compareTransfers({ recorded: [recorded()], atStripe: [atStripe(), atStripe({ id: 'tr_dup' })], range });
    expect(kinds(groups)).toEqual([[1, 'USD', 'not_recorded', 'tr_dup']]);
  });

  it('only reports what lies inside the range; the margin is used to match', () => {
    const before = new Date('2026-10-31T23:59:59Z');
    const atEnd = new Date('2026-11-08T00:00:00Z');
    const groups = compareTransfers({
      recorded: [
        // Paid just inside the range, transferred just before it: matched, nothing to report.
        recorded({ stripeTransferId: 'tr_edge', paidAt: new Date('2026-11-01T00:00:01Z') }),
        // Recorded outside the range and missing: not this range's business.
        recorded({ stripeTransferId: 'tr_old', paidAt: before }),
        recorded({ stripeTransferId: 'tr_late', paidAt: atEnd }),
      ],
      atStripe: [
        atStripe({ id: 'tr_edge', createdAt: before }),
        // Not recorded, but created outside the range: not reported here.
        atStripe({ id: 'tr_next', createdAt: atEnd }),
        atStripe({ id: 'tr_first', createdAt: range.from }),
      ],
      range,
    });
    expect(kinds(groups)).toEqual([[1, 'USD', 'not_recorded', 'tr_first']]);
  });

  it('groups per business and currency, never adding currencies, sorted by company then currency', () => {
    const groups = compareTransfers({
      recorded: [
        recorded({ businessId: 2, companyName: 'Zed Calls', stripeTransferId: 'tr_z' }),
        recorded({ stripeTransferId: 'tr_b', currency: 'CAD' }),
        recorded({ stripeTransferId: 'tr_a' }),
        recorded({ stripeTransferId: 'tr_c', payoutId: 11 }),
      ],
      atStripe: [],
      range,
    });
    expect(groups.map((g) => [g.companyName, g.currency, g.mismatches.map((m) => m.stripeTransferId)])).toEqual([
      ['Test Outfitters', 'CAD', ['tr_b']],
      ['Test Outfitters', 'USD', ['tr_a', 'tr_c']],
      ['Zed Calls', 'USD', ['tr_z']],
    ]);
  });

  it('orders mismatches inside a group by kind, then transfer id', () => {
    const groups = compareTransfers({
      recorded: [recorded({ stripeTransferId: 'tr_b' }), recorded({ stripeTransferId: 'tr_a' }), recorded({ stripeTransferId: 'tr_r' })],
      atStripe: [atStripe({ id: 'tr_r', reversed: true }), atStripe({ id: 'tr_n', payoutId: 10 })],
      range,
      owners: new Map([[10, { businessId: 1, companyName: 'Test Outfitters' }]]),
    });
    expect(groups[0].mismatches.map((m) => [m.kind, m.stripeTransferId])).toEqual([
      ['missing_at_stripe', 'tr_a'], ['missing_at_stripe', 'tr_b'], ['reversed', 'tr_r'], ['not_recorded', 'tr_n'],
    ]);
  });
});

describe('transferView', () => {
  const transfer = (values: Record<string, unknown>) =>
    transferView({ id: 'tr_1', amount: 5050, amount_reversed: 0, reversed: false, currency: 'usd', created: 1_790_000_000, metadata: {}, ...values } as never);

  it('reads the payout and pro staffer from the metadata Pay now writes, upper-cases the currency and turns seconds into a date', () => {
    expect(transfer({ metadata: { payoutId: '12', proStaffId: '7' } })).toEqual({
      id: 'tr_1', currency: 'USD', amountCents: 5050, amountReversedCents: 0, reversed: false, createdAt: new Date(1_790_000_000_000), payoutId: 12, proStaffId: 7,
    });
  });

  it('metadata that is not a plain id is not ours', () => {
    for (const payoutId of ['', '0', '012', '1e3', 'abc', ' 1', '99999999999']) expect(transfer({ metadata: { payoutId } }).payoutId).toBeNull();
  });
});

describe('rangeOf', () => {
  const now = new Date('2026-11-24T15:00:00Z');
  it('defaults to the last 7 days up to today, both included', () => {
    expect(rangeOf({}, now)).toEqual({ from: '2026-11-18', to: '2026-11-24', start: new Date('2026-11-18T00:00:00Z'), end: new Date('2026-11-25T00:00:00Z') });
  });
  it('a lone `to` looks 7 days back from it; a lone `from` reaches today', () => {
    expect(rangeOf({ to: '2026-11-10' }, now)).toMatchObject({ from: '2026-11-04', to: '2026-11-10' });
    expect(rangeOf({ from: '2026-11-01' }, now)).toMatchObject({ from: '2026-11-01', to: '2026-11-24' });
    expect(rangeOf({ from: '2026-12-01' }, now)).toMatchObject({ from: '2026-12-01', to: '2026-12-01' });
  });
  it('refuses a lone `from` more than 92 days back', () => {
    expect(() => rangeOf({ from: '2026-01-01' }, now)).toThrow('Compare at most 92 days at once');
    expect(rangeOf({ from: '2026-08-25' }, now)).toMatchObject({ from: '2026-08-25', to: '2026-11-24' });
  });
});
