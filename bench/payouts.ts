// One payout run on PostgreSQL (decision record 025): a business pays 1,000 payable commissions owed to 200 pro staff
// in one Pay now, against the fake Stripe started in this process (the app's real Stripe SDK over HTTP). Prints the
// time until Pay now answers, until the payout is paid, and per transfer. Target: under 25 ms per transfer of our own
// overhead (the fake answers at once; against Stripe each call adds its network time, ~4 transfers run at a time).
//
// Issue 40 (decision record 036) put commission money in an append-only ledger; its target is that the payout is "no
// slower than today's". The previous design cannot run any more (triggers refuse its direct updates), so the same run
// also measures, on the same database, for the same 1,000 commissions to the same 200 pro staff:
//  - the old design's writes: the statements it issued (payout_id set on every commission when the payout is created;
//    per transfer, the item and that pro staffer's commissions marked paid), on scratch copies of the tables without
//    the ledger's triggers (bench_commissions, bench_payout_items: LIKE … INCLUDING ALL, plus the payout foreign key
//    the old update checked), filled with the very rows the ledger run pays;
//  - the ledger's writes for the same work: ledger.moveIntoPayout and, per transfer, pay-service's transferLanded (what
//    processPayout runs: the item marked paid in the same statement as the ledger's lock, then the entries appended),
//    on the real tables; both timed serially, with nothing else running;
//  - end to end, both designs in the same replica of Pay now's processing (payout and items created, commissions
//    moved, one charge and 200 transfers to the fake, 4 at a time, each transfer's writes in its own transaction, the
//    payout finished), so the ratio is the whole payout's, Stripe calls included; the real payNow + drain is run beside
//    it and is what the 25 ms target judges.
// Each measurement runs BENCH_PAYOUT_ROUNDS times (default 3), old and new interleaved and their order swapped every
// round (the machine is shared and noisy); medians are judged, min–max printed.
// Uses BENCH_DATABASE_URL as is, or creates a throwaway database on PG_ADMIN_URL (default 127.0.0.1:5432) and drops it.
//   node --import tsx bench/payouts.ts        (BENCH_PAYOUT_STAFF=200 BENCH_PAYOUT_COMMISSIONS=1000 to change the sizes)
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import Stripe from 'stripe';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, runMigrations, type Database } from '../src/server/db/client';
import { payoutItems, payouts } from '../src/server/db/schema/payouts';
import { LocalEventBus } from '../src/server/lib/events';
import { MemoryMailer } from '../src/server/lib/mailer';
import { MemoryStorage } from '../src/server/lib/storage';
import { stripeFor } from '../src/server/modules/billing/stripe-client';
import * as ledger from '../src/server/modules/ledger/service';
import { payNow, payoutTuning, transferLanded } from '../src/server/modules/payouts/pay-service';
import { FakeStripeServer } from '../src/server/test/fake-stripe-server';
import type { SessionUser } from '../src/shared/contracts/auth';
import { beforeLedgerCheckout, BEFORE_LEDGER_COMMIT, payoutScriptMs } from './lib/before-ledger';
import { throwawayDatabase } from './lib/throwaway-database';
import { failOnTiming, sized, smoke } from './lib/smoke';

const STAFF = sized('BENCH_PAYOUT_STAFF', 200, 4);
const COMMISSIONS = sized('BENCH_PAYOUT_COMMISSIONS', 1000, 12);
const ROUNDS = Math.max(1, sized('BENCH_PAYOUT_ROUNDS', 3, 1));
/** Set by the comparison with the code before the ledger: one Pay now + worker on a fresh database, printed, nothing else. */
const APP_ONLY = process.env.BENCH_PAYOUT_APP_ONLY === '1';
const TARGET_MS_PER_TRANSFER = 25;
// Thresholds, chosen before the first measurement (not fitted to it):
// - The ledger may add at most 2.5 ms of writes per transfer over the old design's writes: a tenth of the 25 ms budget
//   of our own overhead per transfer. Against Stripe a transfer call takes ~300 ms (4 at a time, ~75 ms per transfer
//   of wall time), so 2.5 ms is about 3% of a real payout. The ledger necessarily writes more (an entry per commission
//   and its projection per move and per payment, against one bare UPDATE), so a ratio of the writes alone near 1 is
//   not expected and is not what is judged; it is printed.
const MAX_LEDGER_OVERHEAD_MS_PER_TRANSFER = 2.5;
// - "No slower than today's", judged on the code itself: the app's payout now at most 1.10× the app's payout at the
//   commit before the ledger (bench/lib/before-ledger.ts), each in a fresh process, in turns. Literally the issue asks
//   for 1.00×; the 10% is for this shared 2-core machine, where interleaved runs of identical work differ by that much
//   (the min–max is printed beside it). The replica below, which swaps only the writes, shows what the ledger's writes
//   alone cost inside an otherwise identical payout; it is printed with the same limit but not judged (decision
//   record 036: the ledger writes more by design, the rest of the payout got cheaper).
const MAX_END_TO_END_RATIO = 1.1;
const BEFORE_LEDGER_ROUNDS = Math.max(1, Number(process.env.BENCH_PAYOUT_BEFORE_ROUNDS ?? 3));

// The old design's tables, as its repository wrote them (Drizzle builds the statements in both designs).
const benchCommissions = pgTable('bench_commissions', {
  id: integer('id').primaryKey(),
  proStaffId: integer('pro_staff_id').notNull(),
  payoutId: integer('payout_id'),
  status: text('status').notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});
const benchPayoutItems = pgTable('bench_payout_items', {
  id: serial('id').primaryKey(), // the default LIKE copied: payout_items' sequence
  payoutId: integer('payout_id').notNull(),
  proStaffId: integer('pro_staff_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status').notNull(),
  stripeTransferId: text('stripe_transfer_id'),
});

type Item = { proStaffId: number; amountCents: number; commissionIds: number[] };
/** What differs between the designs: where the items live, how commissions enter the payout and how a transfer lands. */
type Design = {
  name: 'ledger' | 'old';
  insertItems(tx: Database, payoutId: number, items: Item[]): Promise<void>;
  move(tx: Database, payoutId: number, ids: number[]): Promise<void>;
  landed(tx: Database, payoutId: number, proStaffId: number, transferId: string): Promise<void>;
};


const ledgerDesign: Design = {
  name: 'ledger',
  insertItems: async (tx, payoutId, items) => {
    await tx.insert(payoutItems).values(items.map((item) => ({ payoutId, proStaffId: item.proStaffId, amountCents: item.amountCents })));
  },
  move: async (tx, payoutId, ids) => void (await ledger.moveIntoPayout(tx, payoutId, ids, new Date())),
  // What processPayout runs when a transfer lands.
  landed: (tx, payoutId, proStaffId, transferId) => transferLanded(tx, payoutId, proStaffId, transferId, new Date()),
};

// The previous design's statements (git show 2084ddc^:src/server/modules/payouts/repository.ts, insertPayout and markItemPaid).
const oldDesign: Design = {
  name: 'old',
  insertItems: async (tx, payoutId, items) => {
    await tx.insert(benchPayoutItems).values(items.map((item) => ({ payoutId, proStaffId: item.proStaffId, amountCents: item.amountCents, status: 'pending' })));
  },
  move: async (tx, payoutId, ids) => {
    await tx.update(benchCommissions).set({ payoutId }).where(inArray(benchCommissions.id, ids));
  },
  landed: async (tx, payoutId, proStaffId, transferId) => {
    const rows = await tx
      .update(benchPayoutItems)
      .set({ status: 'paid', stripeTransferId: transferId })
      .where(and(eq(benchPayoutItems.payoutId, payoutId), eq(benchPayoutItems.proStaffId, proStaffId), eq(benchPayoutItems.status, 'pending')))
      .returning({ id: benchPayoutItems.id });
    if (rows.length === 0) return;
    await tx
      .update(benchCommissions)
      .set({ status: 'paid', paidAt: new Date() })
      .where(and(eq(benchCommissions.payoutId, payoutId), eq(benchCommissions.proStaffId, proStaffId), eq(benchCommissions.status, 'pending')));
  },
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const spread = (xs: number[], digits = 0) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** Runs `work` on every item, `atOnce` at a time, as processPayout does. */
async function inBatches<T>(items: T[], atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}

async function main() {
  const throwaway = process.env.BENCH_DATABASE_URL ? null : await throwawayDatabase('hs_bench_payouts');
  const url = process.env.BENCH_DATABASE_URL ?? throwaway!.url;
  const fake = await new FakeStripeServer().start();
  const database = await openDatabase({ url });
  const config = loadConfig({
    NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATABASE_URL: url, BACKGROUND_WORKER: 'false',
    DATA_DIR: path.join(os.tmpdir(), 'hs-bench-payouts'), CLIENT_DIST_DIR: path.join(os.tmpdir(), 'hs-no-client'), ...fake.env(),
  });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await runMigrations(database);
    app = await buildApp({ config, database, storage: new MemoryStorage(), events: new LocalEventBus(), mailer: new MemoryMailer(), logger: false });
    await app.ready();
    const db = database.db;
    const stripe = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http' });
    const runId = Date.now();

    // The business, its Stripe customer with a saved card, and STAFF pro staff with onboarded Express accounts and
    // confirmed email addresses (payouts go only to confirmed accounts since issue 25; without it Pay now refuses).
    const [business] = await database.query<{ id: number; business_id: number }>(`
      with u as (insert into users (email, password_hash, user_type, subscription_tier) values ('bench.payer.${runId}@example.com', 'x', 'business', 'enterprise') returning id)
      insert into business_profiles (user_id, company_name, location) select id, 'Bench Outfitters', 'Bozeman, MT' from u returning user_id as id, id as business_id`);
    const customer = await stripe.customers.create({ email: `bench.payer.${runId}@example.com` });
    const paymentMethod = fake.saveCard(customer.id);
    await database.query(`insert into stripe_customers (user_id, stripe_customer_id) values (${business.id}, '${customer.id}')`);
    const staff = await database.query<{ id: number }>(`
      with u as (insert into users (email, password_hash, user_type, email_verified_at) select 'bench.staff.${runId}.' || g || '@example.com', 'x', 'pro_staff', now() from generate_series(1, ${STAFF}) g returning id)
      insert into pro_staff_profiles (user_id, first_name, last_name, specialties, location) select id, 'Bench', id::text, array['Bench Hunting'], 'Bench' from u returning id`);
    const accountOf = new Map<number, string>();
    for (const { id } of staff) {
      const account = await stripe.accounts.create({ type: 'express', capabilities: { transfers: { requested: true } }, metadata: { proStaffId: String(id) } });
      fake.connect.completeOnboarding(account.id);
      accountOf.set(id, account.id);
    }
    await database.query(`insert into payout_accounts (pro_staff_id, stripe_account_id, details_submitted, payouts_enabled, transfers_active) values ${[...accountOf].map(([id, account]) => `(${id}, '${account}', true, true, true)`).join(',')}`);
    const staffIds = staff.map((s) => s.id);
    // The old design's tables: the same columns, defaults, checks and indexes, none of the ledger's triggers, and the
    // foreign key its UPDATE of payout_id checked.
    await database.query(`drop table if exists bench_commissions, bench_payout_items`);
    await database.query(`create table bench_commissions (like commissions including all)`);
    await database.query(`alter table bench_commissions add foreign key (payout_id) references payouts (id) on delete set null`);
    await database.query(`create table bench_payout_items (like payout_items including all)`);

    /** COMMISSIONS new payable commissions (the ledger posts their opening entries); `copy` puts the same rows into bench_commissions. */
    const commissionSet = async (copy: boolean) => {
      const rows = await database.query<{ id: number; pro_staff_id: number; amount_cents: number }>(`
        insert into commissions (business_id, pro_staff_id, amount_cents, description)
        select ${business.business_id}, (array[${staffIds.join(',')}])[1 + (g % ${STAFF})], 1000 + g, 'bench' from generate_series(1, ${COMMISSIONS}) g returning id, pro_staff_id, amount_cents`);
      const ids = rows.map((r) => r.id);
      if (copy) await database.query(`insert into bench_commissions select * from commissions where id = any('{${ids.join(',')}}'::int[])`);
      const byStaff = new Map<number, Item>();
      for (const r of rows) {
        const item = byStaff.get(r.pro_staff_id) ?? { proStaffId: r.pro_staff_id, amountCents: 0, commissionIds: [] };
        item.amountCents += r.amount_cents;
        item.commissionIds.push(r.id);
        byStaff.set(r.pro_staff_id, item);
      }
      await database.query('analyze commissions, commission_entries, bench_commissions, payout_items, bench_payout_items, payouts');
      return { ids, items: [...byStaff.values()] };
    };
    const newPayout = async (tx: Database, design: Design, items: Item[]) => {
      const amountCents = items.reduce((sum, item) => sum + item.amountCents, 0);
      const [row] = await tx
        .insert(payouts)
        .values({ businessId: business.business_id, key: randomUUID(), currency: 'USD', amountCents, stripePaymentMethodId: paymentMethod, stripeCustomerId: customer.id })
        .returning({ id: payouts.id });
      await design.insertItems(tx, row.id, items);
      return row.id;
    };
    /** Whether every commission of the set is paid in that payout, in the design's own tables. */
    const allPaid = async (design: Design, payoutId: number, ids: number[]) => {
      const table = design.name === 'old' ? 'bench_commissions' : 'commissions';
      const items = design.name === 'old' ? 'bench_payout_items' : 'payout_items';
      const [row] = await database.query<{ paid: number; items: number }>(`
        select (select count(*)::int from ${table} where id = any('{${ids.join(',')}}'::int[]) and status = 'paid' and payout_id = ${payoutId}) as paid,
          (select count(*)::int from ${items} where payout_id = ${payoutId} and status = 'paid') as items`);
      return row.paid === COMMISSIONS && row.items === STAFF;
    };

    // 1. The real Pay now and worker (ledger design), as before.
    const user = { id: business.id, email: 'bench', userType: 'business', subscriptionTier: 'enterprise', businessId: business.business_id, proStaffId: null, isAdmin: false } as SessionUser & { businessId: number };
    const realRun = async () => {
      const { ids } = await commissionSet(false);
      const transfersBefore = fake.connect.transfers.size;
      const started = performance.now();
      const answer = await payNow(app!.ctx, user, ids);
      const answeredMs = performance.now() - started;
      // More than a few pro staff: Pay now answers "processing" and the worker finishes the payout (here, run by hand).
      await app!.ctx.tasks.drain();
      const paidMs = performance.now() - started;
      const [outcome] = await database.query<{ status: string }>(`select status from payouts where id = ${answer.id}`);
      const ok = outcome.status === 'paid' && fake.connect.transfers.size - transfersBefore === STAFF && (await allPaid(ledgerDesign, answer.id, ids));
      return { answeredMs, paidMs, status: answer.status, ok };
    };

    // 2. Writes only, serially: the move in a transaction of its own, then each transfer's transaction.
    const writesRun = async (design: Design, set: { ids: number[]; items: Item[] }) => {
      const payoutId = await db.transaction((tx) => newPayout(tx, design, set.items));
      let started = performance.now();
      await db.transaction((tx) => design.move(tx, payoutId, set.ids));
      const moveMs = performance.now() - started;
      started = performance.now();
      for (const item of set.items) await db.transaction((tx) => design.landed(tx, payoutId, item.proStaffId, `tr_bench_${payoutId}_${item.proStaffId}`));
      const landedMs = performance.now() - started;
      return { moveMs, landedMs, totalMs: moveMs + landedMs, ok: await allPaid(design, payoutId, set.ids) };
    };

    // 3. End to end: a replica of Pay now's transaction and processPayout with the design's writes, against the fake.
    const stripeApp = stripeFor(config);
    const replicaRun = async (design: Design, set: { ids: number[]; items: Item[] }) => {
      const started = performance.now();
      const payoutId = await db.transaction(async (tx) => {
        const id = await newPayout(tx, design, set.items);
        await design.move(tx, id, set.ids);
        return id;
      });
      const key = randomUUID();
      const amountCents = set.items.reduce((sum, item) => sum + item.amountCents, 0);
      const intent = await stripeApp.paymentIntents.create(
        { amount: amountCents, currency: 'usd', customer: customer.id, payment_method: paymentMethod, confirm: true, off_session: true, transfer_group: `payout_${key}` },
        { idempotencyKey: `payout:${key}:charge` },
      );
      const chargeId = typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge!.id;
      await db.update(payouts).set({ stripePaymentIntentId: intent.id, stripeChargeId: chargeId }).where(eq(payouts.id, payoutId));
      await inBatches(set.items, payoutTuning.transfersAtOnce, async (item) => {
        const transfer = await stripeApp.transfers.create(
          { amount: item.amountCents, currency: 'usd', destination: accountOf.get(item.proStaffId)!, transfer_group: `payout_${key}`, source_transaction: chargeId },
          { idempotencyKey: `payout:${key}:transfer:${item.proStaffId}` },
        );
        await db.transaction((tx) => design.landed(tx, payoutId, item.proStaffId, transfer.id));
      });
      await db.update(payouts).set({ status: 'paid', completedAt: new Date() }).where(eq(payouts.id, payoutId));
      const totalMs = performance.now() - started;
      return { totalMs, ok: await allPaid(design, payoutId, set.ids) };
    };

    if (APP_ONLY) {
      const run = await realRun();
      console.log(`payouts (app only): paid in ${run.paidMs.toFixed(0)} ms, every commission paid: ${run.ok ? 'yes' : 'NO'}`);
      if (!run.ok) process.exitCode = 1;
      return;
    }

    const real: Awaited<ReturnType<typeof realRun>>[] = [];
    const writes = { ledger: [] as Awaited<ReturnType<typeof writesRun>>[], old: [] as Awaited<ReturnType<typeof writesRun>>[] };
    const replica = { ledger: [] as Awaited<ReturnType<typeof replicaRun>>[], old: [] as Awaited<ReturnType<typeof replicaRun>>[] };
    for (let round = 0; round < ROUNDS; round++) {
      const pair = round % 2 === 0 ? [ledgerDesign, oldDesign] : [oldDesign, ledgerDesign];
      if (round % 2 === 0) real.push(await realRun());
      const writesSet = await commissionSet(true);
      for (const design of pair) writes[design.name].push(await writesRun(design, writesSet));
      const replicaSet = await commissionSet(true);
      for (const design of pair) replica[design.name].push(await replicaRun(design, replicaSet));
      if (round % 2 === 1) real.push(await realRun());
    }

    // 4. The app now against the app before the ledger, each Pay now + worker in a fresh process on a fresh database.
    const before = { then: [] as number[], now: [] as number[], why: '' };
    // A smoke run skips the comparison with an old checkout (it installs and builds that commit: minutes).
    const checkout = smoke ? { why: 'smoke run' } : beforeLedgerCheckout();
    if ('why' in checkout) before.why = checkout.why;
    else {
      try {
        for (let round = 0; round < BEFORE_LEDGER_ROUNDS; round++) {
          const runNow = async () => before.now.push(await payoutScriptMs(path.resolve(import.meta.dirname, '..'), { BENCH_PAYOUT_APP_ONLY: '1' }));
          const runThen = async () => before.then.push(await payoutScriptMs(checkout.dir));
          if (round % 2 === 0) { await runThen(); await runNow(); } else { await runNow(); await runThen(); }
        }
      } finally {
        checkout.remove();
      }
    }
    const versusBefore = before.now.map((x, i) => x / before.then[i]);

    const paidMs = median(real.map((r) => r.paidMs));
    const perTransfer = paidMs / STAFF;
    const overheads = writes.ledger.map((w, i) => (w.totalMs - writes.old[i].totalMs) / STAFF);
    const writeRatios = writes.ledger.map((w, i) => w.totalMs / writes.old[i].totalMs);
    const endToEndRatios = replica.ledger.map((r, i) => r.totalMs / replica.old[i].totalMs);
    const overhead = median(overheads);
    const endToEnd = median(endToEndRatios);
    const allOk = [...real, ...writes.ledger, ...writes.old, ...replica.ledger, ...replica.old].every((r) => r.ok);
    const checks = {
      paid: allOk,
      perTransfer: perTransfer < TARGET_MS_PER_TRANSFER,
      overhead: overhead <= MAX_LEDGER_OVERHEAD_MS_PER_TRANSFER,
      versusBefore: versusBefore.length > 0 && median(versusBefore) <= MAX_END_TO_END_RATIO,
    };
    const pass = Object.values(checks).every(Boolean);
    const medianOf = (runs: { totalMs: number }[]) => median(runs.map((r) => r.totalMs));
    const oldAppMs = paidMs - (medianOf(replica.ledger) - medianOf(replica.old));
    console.log(
      `payouts: ${COMMISSIONS} commissions to ${STAFF} pro staff in one payout, ${ROUNDS} rounds, medians (min–max):\n` +
        `  Pay now + worker (ledger, the app's own code): answered in ${ms(median(real.map((r) => r.answeredMs)))} (${real[0].status}), ` +
        `paid in ${ms(paidMs)} (${spread(real.map((r) => r.paidMs))}), ${perTransfer.toFixed(1)} ms per transfer ` +
        `(target under ${TARGET_MS_PER_TRANSFER}: ${checks.perTransfer ? 'met' : 'NOT met'}); every commission paid in every run: ${checks.paid ? 'yes' : 'NO'}\n` +
        `  writes only, serial, no Stripe (the move in its own transaction, then ${STAFF} transfer transactions):\n` +
        `    ledger writes: ${ms(medianOf(writes.ledger))} (${spread(writes.ledger.map((w) => w.totalMs))}; move ${ms(median(writes.ledger.map((w) => w.moveMs)))}, transfers ${ms(median(writes.ledger.map((w) => w.landedMs)))}), ` +
        `old design's writes: ${ms(medianOf(writes.old))} (${spread(writes.old.map((w) => w.totalMs))}; move ${ms(median(writes.old.map((w) => w.moveMs)))}, transfers ${ms(median(writes.old.map((w) => w.landedMs)))}), ` +
        `ratio ${median(writeRatios).toFixed(2)}x (${spread(writeRatios, 2)})\n` +
        `    ledger overhead: ${overhead.toFixed(2)} ms per transfer (${spread(overheads, 2)}; limit ${MAX_LEDGER_OVERHEAD_MS_PER_TRANSFER}): ${checks.overhead ? 'ok' : 'OVER'}\n` +
        `  end to end, one replica of the payout's processing with each design's writes (fake Stripe, ${payoutTuning.transfersAtOnce} transfers at a time):\n` +
        `    ledger ${ms(medianOf(replica.ledger))} (${spread(replica.ledger.map((r) => r.totalMs))}), old design ${ms(medianOf(replica.old))} (${spread(replica.old.map((r) => r.totalMs))}), ` +
        `ratio ${endToEnd.toFixed(2)}x (${spread(endToEndRatios, 2)}; not judged: what the ledger's writes alone add${endToEnd <= MAX_END_TO_END_RATIO ? '' : `, over ${MAX_END_TO_END_RATIO.toFixed(2)}`}); ` +
        `the app's Pay now + worker is ${(paidMs / medianOf(replica.ledger)).toFixed(2)}x the ledger replica\n` +
        // Not judged, an estimate: the app's payout less what the ledger's writes added to the replica's wall time.
        `    the app's payout with the old design's writes, estimated as Pay now + worker − (ledger replica − old replica): ${ms(oldAppMs)}, ` +
        `so the app's payout is about ${(paidMs / oldAppMs).toFixed(2)}x the old design's (${(oldAppMs / STAFF).toFixed(1)} ms per transfer then, ${perTransfer.toFixed(1)} now)\n` +
        `  the app's payout now against the app before the ledger (${BEFORE_LEDGER_COMMIT.slice(0, 7)}), each Pay now + worker in a fresh process, ${versusBefore.length} rounds in turns:\n` +
        (versusBefore.length
          ? `    now ${ms(median(before.now))} (${spread(before.now)}), before ${ms(median(before.then))} (${spread(before.then)}), ` +
            `ratio ${median(versusBefore).toFixed(2)}x (${spread(versusBefore, 2)}; limit ${MAX_END_TO_END_RATIO.toFixed(2)}): ${checks.versusBefore ? 'ok' : 'SLOWER'}\n`
          : `    not measured: ${before.why}\n`) +
        `payouts: ${pass ? 'PASS' : 'FAIL'} (${perTransfer.toFixed(1)} ms per transfer, ledger +${overhead.toFixed(2)} ms per transfer, ` +
        `the payout ${versusBefore.length ? `${median(versusBefore).toFixed(2)}x` : 'not compared with'} the code before the ledger, replica ${endToEnd.toFixed(2)}x)`,
    );
    if (!checks.paid) process.exitCode = 1;
    else if (!pass) failOnTiming();
  } finally {
    await database.query('drop table if exists bench_commissions, bench_payout_items').catch(() => undefined);
    await app?.close();
    await database.close().catch(() => undefined);
    await fake.stop();
    await throwaway?.drop();
  }
}

await main();
