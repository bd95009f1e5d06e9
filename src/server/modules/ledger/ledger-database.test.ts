import { describe, expect, it } from 'vitest';
import { useTestApp } from '@server/test/use-test-app';
import { createBusiness, createProStaff } from '@server/test/factories';

// Decision record 036: what the database itself enforces about commission money (migration 0025), whoever writes SQL.
const t = useTestApp();

async function oneCommission(amount = '19.90') {
  const biz = await createBusiness(t);
  const pro = await createProStaff(t);
  const res = await biz.client.post('/api/commissions', { proStaffId: pro.proStaffId, amount });
  expect(res.status).toBe(201);
  return { biz, pro, id: res.body.id as number };
}

const entriesOf = (id: number) =>
  t.database.query<{ kind: string; amount_minor: number; payout_id: number | null; business_id: number; pro_staff_id: number; currency: string; reason: string }>(
    `select kind, amount_minor, payout_id, business_id, pro_staff_id, currency, reason from commission_entries where commission_id = ${id} order by id`,
  );
const rowOf = async (id: number) =>
  (await t.database.query<{ amount_cents: number; status: string; paid_at: Date | null; payout_id: number | null }>(`select amount_cents, status, paid_at, payout_id from commissions where id = ${id}`))[0];
const refused = async (sql: string) => {
  const error = await t.database.query(sql).then(() => null, (e: Error) => e);
  expect(error, sql).not.toBeNull();
  return error!.message;
};

describe('the ledger in the database', () => {
  it('never lets an entry be edited or deleted, nor a commission with entries be deleted', async () => {
    const { id } = await oneCommission();
    expect(await refused(`update commission_entries set amount_minor = 1 where commission_id = ${id}`)).toMatch(/commission_entries is append-only: post a new entry instead of UPDATE/);
    expect(await refused(`delete from commission_entries where commission_id = ${id}`)).toMatch(/append-only: post a new entry instead of DELETE/);
    expect(await refused(`delete from commissions where id = ${id}`)).toMatch(/foreign key|append-only/);
    expect(await entriesOf(id)).toMatchObject([{ kind: 'earned', amount_minor: 1990, reason: 'opened' }]);
  });

  it('refuses a direct change of a commission’s money, party or currency, and allows its description', async () => {
    const { id } = await oneCommission();
    for (const change of [`amount_cents = 1`, `status = 'paid'`, `paid_at = now()`, `status = 'cancelled'`]) {
      expect(await refused(`update commissions set ${change} where id = ${id}`)).toMatch(/derived from commission_entries: post an entry/);
    }
    const [payout] = await t.database.query<{ id: number }>(`insert into payouts (business_id, key, currency, amount_cents, stripe_customer_id, stripe_payment_method_id)
      select business_id, 'k', 'USD', 1990, 'cus', 'pm' from commissions where id = ${id} returning id`);
    expect(await refused(`update commissions set payout_id = ${payout.id} where id = ${id}`)).toMatch(/derived from commission_entries/);
    expect(await refused(`update commissions set currency = 'CAD' where id = ${id}`)).toMatch(/business, pro staffer and currency never change/);
    const other = await createProStaff(t, { firstName: 'Other' });
    expect(await refused(`update commissions set pro_staff_id = ${other.proStaffId} where id = ${id}`)).toMatch(/never change/);
    await t.database.query(`update commissions set description = 'Spring turkey hunt' where id = ${id}`);
    expect(await rowOf(id)).toMatchObject({ amount_cents: 1990, status: 'pending', paid_at: null, payout_id: null });
  });

  it('posts the opening entries of whatever inserts a commission, and refuses one born in a payout', async () => {
    const { biz, pro } = await oneCommission();
    const insert = (values: string) => t.database.query<{ id: number }>(`insert into commissions (business_id, pro_staff_id, amount_cents, currency, status, source, paid_at, created_at)
      values (${biz.businessId}, ${pro.proStaffId}, ${values}) returning id`);
    const [paid] = await insert(`2500, 'CAD', 'paid', 'manual', '2026-05-01T10:00:00Z', '2026-04-01T10:00:00Z'`);
    expect((await entriesOf(paid.id)).map((e) => [e.kind, e.amount_minor, e.currency])).toEqual([['earned', 2500, 'CAD'], ['paid_outside', 2500, 'CAD']]);
    expect(await rowOf(paid.id)).toEqual({ amount_cents: 2500, status: 'paid', paid_at: new Date('2026-05-01T10:00:00Z'), payout_id: null });
    const [cancelled] = await insert(`700, 'USD', 'cancelled', 'order', null, now()`);
    expect((await entriesOf(cancelled.id)).map((e) => [e.kind, e.amount_minor])).toEqual([['earned', 700], ['reversed', -700]]);
    expect(await rowOf(cancelled.id)).toMatchObject({ amount_cents: 700, status: 'cancelled' });
    const [clawback] = await insert(`-300, 'USD', 'pending', 'adjustment', null, now()`);
    expect((await entriesOf(clawback.id)).map((e) => [e.kind, e.amount_minor])).toEqual([['clawback', -300]]);
    const [payout] = await t.database.query<{ id: number }>(`insert into payouts (business_id, key, currency, amount_cents, stripe_customer_id, stripe_payment_method_id)
      values (${biz.businessId}, 'k2', 'USD', 1, 'cus', 'pm') returning id`);
    expect(await refused(`insert into commissions (business_id, pro_staff_id, amount_cents, payout_id) values (${biz.businessId}, ${pro.proStaffId}, 100, ${payout.id})`))
      .toMatch(/enters a payout through the ledger/);
  });

  it('refuses an entry that names another party or currency than its commission’s, or an unknown kind', async () => {
    const { biz, pro, id } = await oneCommission();
    const entry = (business: number, staff: number, currency: string, kind = 'adjusted') => `insert into commission_entries (commission_id, business_id, pro_staff_id, currency, kind, amount_minor, reason)
      values (${id}, ${business}, ${staff}, '${currency}', '${kind}', -990, 'test')`;
    const other = await createProStaff(t, { firstName: 'Other' });
    expect(await refused(entry(biz.businessId, pro.proStaffId, 'EUR'))).toMatch(/commission_entries_party_fk/);
    expect(await refused(entry(biz.businessId, other.proStaffId, 'USD'))).toMatch(/commission_entries_party_fk/);
    expect(await refused(entry(biz.businessId + 1000, pro.proStaffId, 'USD'))).toMatch(/commission_entries_party_fk/);
    expect(await refused(entry(biz.businessId, pro.proStaffId, 'USD', 'gift'))).toMatch(/commission_entries_kind_check/);
    expect(await rowOf(id)).toMatchObject({ amount_cents: 1990, status: 'pending' });
    await t.database.query(entry(biz.businessId, pro.proStaffId, 'USD'));
    expect(await rowOf(id)).toMatchObject({ amount_cents: 1000, status: 'pending' });
  });

  it('derives amount, status, paid date and payout from the entries alone', async () => {
    const { biz, id } = await oneCommission();
    const [payout] = await t.database.query<{ id: number }>(`insert into payouts (business_id, key, currency, amount_cents, stripe_customer_id, stripe_payment_method_id)
      values (${biz.businessId}, 'k3', 'USD', 1990, 'cus', 'pm') returning id`);
    const post = (kind: string, amount: number, payoutId: number | null = null, at = 'now()') => t.database.query(`insert into commission_entries
      (commission_id, business_id, pro_staff_id, currency, kind, amount_minor, payout_id, reason, created_at)
      select id, business_id, pro_staff_id, currency, '${kind}', ${amount}, ${payoutId}, 'test', ${at} from commissions where id = ${id}`);
    await post('moved_to_payout', 1990, payout.id);
    expect(await rowOf(id)).toMatchObject({ status: 'pending', payout_id: payout.id });
    await post('transfer_failed', 1990, payout.id);
    expect(await rowOf(id)).toMatchObject({ status: 'pending', payout_id: null, amount_cents: 1990 });
    await post('reversed', -1990);
    expect(await rowOf(id)).toMatchObject({ status: 'cancelled', amount_cents: 1990 });
    await post('restored', 1500);
    expect(await rowOf(id)).toMatchObject({ status: 'pending', amount_cents: 1500 });
    await post('moved_to_payout', 1500, payout.id);
    await post('paid', 1500, payout.id, `'2026-11-02T08:00:00Z'`);
    expect(await rowOf(id)).toEqual({ status: 'paid', amount_cents: 1500, payout_id: payout.id, paid_at: new Date('2026-11-02T08:00:00Z') });
    const differing = await t.database.query<{ id: number }>(`select c.id from commissions c, hs_commission_state(c.id) s
      where (s.amount_cents, s.status, s.paid_at, s.payout_id) is distinct from (c.amount_cents, c.status, c.paid_at, c.payout_id)`);
    expect(differing).toEqual([]);
  });
});
