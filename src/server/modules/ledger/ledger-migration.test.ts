import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '@server/db/client';

// Migration 0025 (decision record 036): today's commission rows become entries, and nothing users see changes. A
// database migrated up to 0024 gets rows of every shape the old code wrote; 0025 must leave each row and every total
// as it was, and must stop when a row cannot be derived from entries.
const LEDGER_MIGRATION = '0025_commission_ledger';
let handle: DatabaseHandle | undefined;
let before: string | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
  if (before) fs.rmSync(before, { recursive: true, force: true });
  before = undefined;
});

/** A copy of the migrations folder that ends before the ledger. */
function migrationsBeforeLedger(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-before-ledger-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  fs.rmSync(path.join(dir, `${LEDGER_MIGRATION}.sql`));
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === LEDGER_MIGRATION);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

async function legacyDatabase(): Promise<DatabaseHandle> {
  before = migrationsBeforeLedger();
  handle = await openDatabase({ inMemory: true });
  await migrate(handle.db as never, { migrationsFolder: before });
  const [biz] = await handle.query<{ id: number }>(`
    with u as (insert into users (email, password_hash, user_type) values ('old.biz@example.com', 'x', 'business') returning id)
    insert into business_profiles (user_id, company_name, location) select id, 'Old Outfitters', 'Helena, MT' from u returning id`);
  const staff = await handle.query<{ id: number }>(`
    with u as (insert into users (email, password_hash, user_type) values ('old.jake@example.com', 'x', 'pro_staff'), ('old.anna@example.com', 'x', 'pro_staff') returning id)
    insert into pro_staff_profiles (user_id, first_name, last_name, specialties, location) select id, 'Old', id::text, array['Elk'], 'MT' from u returning id`);
  const [paidPayout, processing] = await handle.query<{ id: number }>(`insert into payouts (business_id, key, currency, amount_cents, status, stripe_customer_id, stripe_payment_method_id, created_at, completed_at)
    values (${biz.id}, 'old-paid', 'USD', 2490, 'paid', 'cus_old', 'pm_old', '2026-10-01T09:00:00Z', '2026-10-01T09:00:05Z'),
           (${biz.id}, 'old-processing', 'USD', 1200, 'processing', 'cus_old', 'pm_old', '2026-11-26T09:00:00Z', null) returning id`);
  const [jake, anna] = staff.map((s) => s.id);
  // Every shape the old code left: payable, held, cancelled, paid outside, paid through a payout, in a processing
  // payout, a clawback still owed, a clawback netted by a payout, another currency, and the old bug's cancellation of a
  // commission inside a processing payout.
  await handle.query(`insert into commissions (business_id, pro_staff_id, amount_cents, currency, status, source, order_id, payout_id, paid_at, created_at, payable_at, adjusts_commission_id) values
    (${biz.id}, ${jake}, 5000, 'USD', 'pending', 'manual', null, null, null, '2026-09-01T10:00:00Z', '2026-09-01T10:00:00Z', null),
    (${biz.id}, ${jake}, 1990, 'USD', 'pending', 'order', '1001', null, null, '2026-11-20T10:00:00Z', '2026-12-20T10:00:00Z', null),
    (${biz.id}, ${anna}, 700, 'USD', 'cancelled', 'order', '1002', null, null, '2026-09-02T10:00:00Z', '2026-10-02T10:00:00Z', null),
    (${biz.id}, ${anna}, 12550, 'USD', 'paid', 'manual', null, null, '2026-09-15T12:00:00Z', '2026-09-03T10:00:00Z', '2026-09-03T10:00:00Z', null),
    (${biz.id}, ${jake}, 2990, 'USD', 'paid', 'order', '1003', ${paidPayout.id}, '2026-10-01T09:00:04Z', '2026-08-01T10:00:00Z', '2026-08-31T10:00:00Z', null),
    (${biz.id}, ${anna}, 1200, 'USD', 'pending', 'task', null, ${processing.id}, null, '2026-11-25T10:00:00Z', '2026-11-25T10:00:00Z', null),
    (${biz.id}, ${jake}, -500, 'USD', 'paid', 'adjustment', '1003', ${paidPayout.id}, '2026-10-01T09:00:04Z', '2026-09-20T10:00:00Z', '2026-09-20T10:00:00Z', 5),
    (${biz.id}, ${jake}, -948, 'USD', 'pending', 'adjustment', '1003', null, null, '2026-10-20T10:00:00Z', '2026-10-20T10:00:00Z', 5),
    (${biz.id}, ${jake}, 4200, 'CAD', 'paid', 'manual', null, null, '2026-07-01T00:00:00Z', '2026-06-01T00:00:00Z', '2026-06-01T00:00:00Z', null),
    (${biz.id}, ${anna}, 800, 'USD', 'cancelled', 'order', '1004', ${processing.id}, null, '2026-11-24T10:00:00Z', '2026-11-24T10:00:00Z', null)`);
  return handle;
}

const shown = (db: DatabaseHandle) =>
  db.query(`select id, business_id, pro_staff_id, currency, amount_cents, status, paid_at, payout_id, source from commissions order by id`);
const totals = (db: DatabaseHandle) =>
  db.query(`select business_id, pro_staff_id, currency, status, sum(amount_cents)::bigint as total, count(*)::int as n from commissions group by 1, 2, 3, 4 order by 1, 2, 3, 4`);

describe('migration 0025: today’s rows become entries', () => {
  it('changes no figure users see, row by row and in every total, and gives every row its entries', async () => {
    const db = await legacyDatabase();
    const rowsBefore = await shown(db);
    const totalsBefore = await totals(db);
    await migrate(db.db as never, { migrationsFolder });
    expect(await shown(db)).toEqual(rowsBefore);
    expect(await totals(db)).toEqual(totalsBefore);
    const kinds = await db.query<{ commission_id: number; kinds: string }>(
      `select commission_id, string_agg(kind || ':' || amount_minor || coalesce(':' || payout_id, ''), ' ' order by id) as kinds from commission_entries group by 1 order by 1`,
    );
    expect(kinds.map((k) => k.kinds)).toEqual([
      'earned:5000', 'earned:1990', 'earned:700 reversed:-700', 'earned:12550 paid_outside:12550', 'earned:2990 moved_to_payout:2990:1 paid:2990:1',
      'earned:1200 moved_to_payout:1200:2', 'clawback:-500 moved_to_payout:-500:1 paid:-500:1', 'clawback:-948', 'earned:4200 paid_outside:4200',
      'earned:800 reversed:-800 moved_to_payout:800:2',
    ]);
    expect(await db.query(`select distinct reason from commission_entries`)).toEqual([{ reason: 'migrated' }]);
    // From here on the rules hold for these rows too.
    await expect(db.query(`update commissions set status = 'paid' where id = 1`)).rejects.toThrow(/derived from commission_entries/);
  });

  it('stops, changing nothing, when a row cannot be derived from entries', async () => {
    const db = await legacyDatabase();
    // A status the old code never wrote (no constraint stopped an operator): no entries lead to it.
    await db.query(`insert into commissions (business_id, pro_staff_id, amount_cents, status) select business_id, pro_staff_id, 100, 'refunded' from commissions limit 1`);
    const failure = await migrate(db.db as never, { migrationsFolder }).then(() => null, (error: Error & { cause?: Error }) => error.cause?.message ?? error.message);
    expect(failure).toMatch(/commission ledger migration: 1 commissions and 3 totals differ when derived from their entries/);
    expect(await db.query(`select to_regclass('commission_entries') as ledger`)).toEqual([{ ledger: null }]);
  });
});
