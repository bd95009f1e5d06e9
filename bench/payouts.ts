// One payout run on PostgreSQL (decision record 025): a business pays 1,000 payable commissions owed to 200 pro staff
// in one Pay now, against the fake Stripe started in this process (the app's real Stripe SDK over HTTP). Prints the
// time until Pay now answers, until the payout is paid, and per transfer. Target: under 25 ms per transfer of our own
// overhead (the fake answers at once; against Stripe each call adds its network time, ~4 transfers run at a time).
// Uses BENCH_DATABASE_URL as is, or creates a throwaway database on PG_ADMIN_URL (default 127.0.0.1:5432) and drops it.
//   node --import tsx bench/payouts.ts        (BENCH_PAYOUT_STAFF=200 BENCH_PAYOUT_COMMISSIONS=1000 to change the sizes)
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, runMigrations } from '../src/server/db/client';
import { LocalEventBus } from '../src/server/lib/events';
import { MemoryMailer } from '../src/server/lib/mailer';
import { MemoryStorage } from '../src/server/lib/storage';
import { payNow } from '../src/server/modules/payouts/pay-service';
import { FakeStripeServer } from '../src/server/test/fake-stripe-server';
import type { SessionUser } from '../src/shared/contracts/auth';
import { throwawayDatabase } from './lib/throwaway-database';

const STAFF = Number(process.env.BENCH_PAYOUT_STAFF ?? 200);
const COMMISSIONS = Number(process.env.BENCH_PAYOUT_COMMISSIONS ?? 1000);
const TARGET_MS_PER_TRANSFER = 25;

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
    const stripe = new Stripe(fake.secretKey, { host: '127.0.0.1', port: fake.port, protocol: 'http' });
    const runId = Date.now();

    // The business, its Stripe customer with a saved card, and STAFF pro staff with onboarded Express accounts.
    const [business] = await database.query<{ id: number; business_id: number }>(`
      with u as (insert into users (email, password_hash, user_type, subscription_tier) values ('bench.payer.${runId}@example.com', 'x', 'business', 'enterprise') returning id)
      insert into business_profiles (user_id, company_name, location) select id, 'Bench Outfitters', 'Bozeman, MT' from u returning user_id as id, id as business_id`);
    const customer = await stripe.customers.create({ email: `bench.payer.${runId}@example.com` });
    fake.saveCard(customer.id);
    await database.query(`insert into stripe_customers (user_id, stripe_customer_id) values (${business.id}, '${customer.id}')`);
    const staff = await database.query<{ id: number }>(`
      with u as (insert into users (email, password_hash, user_type) select 'bench.staff.${runId}.' || g || '@example.com', 'x', 'pro_staff' from generate_series(1, ${STAFF}) g returning id)
      insert into pro_staff_profiles (user_id, first_name, last_name, specialties, location) select id, 'Bench', id::text, array['Bench Hunting'], 'Bench' from u returning id`);
    const accounts: string[] = [];
    for (const { id } of staff) {
      const account = await stripe.accounts.create({ type: 'express', capabilities: { transfers: { requested: true } }, metadata: { proStaffId: String(id) } });
      fake.connect.completeOnboarding(account.id);
      accounts.push(`(${id}, '${account.id}', true, true, true)`);
    }
    await database.query(`insert into payout_accounts (pro_staff_id, stripe_account_id, details_submitted, payouts_enabled, transfers_active) values ${accounts.join(',')}`);
    const staffIds = staff.map((s) => s.id);
    const commissions = await database.query<{ id: number }>(`
      insert into commissions (business_id, pro_staff_id, amount_cents, description)
      select ${business.business_id}, (array[${staffIds.join(',')}])[1 + (g % ${STAFF})], 1000 + g, 'bench' from generate_series(1, ${COMMISSIONS}) g returning id`);
    await database.query('analyze');

    const user = { id: business.id, email: 'bench', userType: 'business', subscriptionTier: 'enterprise', businessId: business.business_id, proStaffId: null, isAdmin: false } as SessionUser & { businessId: number };
    const started = performance.now();
    const answer = await payNow(app.ctx, user, commissions.map((c) => c.id));
    const answeredMs = performance.now() - started;
    // More than a few pro staff: Pay now answers "processing" and the worker finishes the payout (here, run by hand).
    await app.ctx.tasks.drain();
    const paidMs = performance.now() - started;
    const [outcome] = await database.query<{ status: string; transfers: number; paid: number }>(`
      select p.status, (select count(*)::int from payout_items i where i.payout_id = p.id and i.status = 'paid') as transfers,
        (select count(*)::int from commissions c where c.payout_id = p.id and c.status = 'paid') as paid
      from payouts p where p.id = ${answer.id}`);
    const perTransfer = paidMs / STAFF;
    const pass = outcome.status === 'paid' && outcome.transfers === STAFF && outcome.paid === COMMISSIONS && fake.connect.transfers.size === STAFF && perTransfer < TARGET_MS_PER_TRANSFER;
    console.log(
      `payouts: ${COMMISSIONS} commissions to ${STAFF} pro staff in one payout: Pay now answered in ${answeredMs.toFixed(0)} ms (${answer.status}), ` +
        `paid in ${paidMs.toFixed(0)} ms (1 charge, ${outcome.transfers} transfers, ${outcome.paid} commissions paid), ${perTransfer.toFixed(1)} ms per transfer; ` +
        `target under ${TARGET_MS_PER_TRANSFER} ms per transfer: ${pass ? 'PASS' : 'FAIL'}`,
    );
    if (!pass) process.exitCode = 1;
  } finally {
    await app?.close();
    await database.close().catch(() => undefined);
    await fake.stop();
    await throwaway?.drop();
  }
}

await main();
