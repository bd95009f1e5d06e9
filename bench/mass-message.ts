// Mass message to 10,000 and to 100,000 pro staff on PostgreSQL (decision record 017): the time until the
// sender has an answer, and the time until every inbox has the message. Targets: every inbox within 2 s
// for 10,000 and within 5 s for 100,000.
// Uses BENCH_DATABASE_URL as is, or creates a throwaway database on PG_ADMIN_URL (default 127.0.0.1:5432) and drops it.
//   node --import tsx bench/mass-message.ts        (BENCH_RECIPIENTS=10000,100000 to choose the sizes)
import { sql } from 'drizzle-orm';
import type { AppContext } from '../src/server/lib/context';
import type { SessionUser } from '../src/shared/contracts/auth';
import { openDatabase, runMigrations } from '../src/server/db/client';
import { throwawayDatabase } from './lib/throwaway-database';
import { createEventBus, LocalEventBus } from '../src/server/lib/events';
import { massMessage, massSendTuning, settledMassSends, stopMassSends } from '../src/server/modules/messaging/service-mass';
import { createRateLimits } from '../src/server/lib/rate-limits/registry';
import { failOnTiming, smoke } from './lib/smoke';

const SIZES = (process.env.BENCH_RECIPIENTS ?? (smoke ? '200' : '10000,100000')).split(',').map(Number).sort((a, b) => a - b);
const targetMs = (recipients: number) => (recipients <= 10_000 ? 2000 : 5000);
// BENCH_WORKERS: background workers per send (default: the app's own setting).
if (process.env.BENCH_WORKERS) massSendTuning.workers = Number(process.env.BENCH_WORKERS);

async function main() {
  const throwaway = process.env.BENCH_DATABASE_URL ? null : await throwawayDatabase('hs_bench');
  const url = process.env.BENCH_DATABASE_URL ?? throwaway!.url;
  const database = await openDatabase({ url });
  const log = { warn: console.warn, error: console.error } as unknown as AppContext['log'];
  // BENCH_EVENTS=local leaves out the PostgreSQL NOTIFY relay (to see what it costs).
  const events = process.env.BENCH_EVENTS === 'local' ? new LocalEventBus() : createEventBus(database, log);
  // The sender's own limits as the app has them (this process's memory: one sender, a few sends).
  const ctx = { db: database.db, database, events, log, rateLimits: createRateLimits({ registrationsPerHourPerIp: 10 }) } as unknown as AppContext;
  let failed = false;
  try {
    await runMigrations(database);
    const [business] = await database.query<{ id: number }>(
      `insert into users (email, password_hash, user_type, subscription_tier) values ('bench.business.${Date.now()}@example.com', 'x', 'business', 'enterprise') returning id`,
    );
    // Size n is every pro staffer whose location contains "[run:n]" (the sizes nest: the smaller ones come first).
    const runId = Date.now();
    let seeded = 0;
    for (const size of SIZES) {
      await database.db.execute(sql`
        with staff as (
          insert into users (email, password_hash, user_type)
          select 'bench.' || ${runId}::text || '.' || g || '@example.com', 'x', 'pro_staff' from generate_series(${seeded + 1}::int, ${size}::int) g
          returning id
        )
        insert into pro_staff_profiles (user_id, first_name, last_name, specialties, location)
        select id, 'Bench', id::text, array['Bench Hunting'], ${`Bench ${SIZES.filter((s) => s >= size).map((s) => `[${runId}:${s}]`).join(' ')}`} from staff
      `);
      seeded = size;
    }
    await database.query('analyze');

    const user: SessionUser = {
      id: business.id, email: 'bench', userType: 'business', subscriptionTier: 'enterprise', businessId: null, proStaffId: null, isAdmin: false, emailVerified: true, twoFactorEnabled: false, twoFactorPrompt: false, mustAcceptTerms: false,
    };
    for (const size of SIZES) {
      const filters = { location: `[${runId}:${size}]` };
      for (const label of ['first send (creates conversations)', 'second send (reuses conversations)']) {
        const started = performance.now();
        const answer = await massMessage(ctx, user, { content: `Bench message to ${size}: ${label}`, filters }, `bench-${runId}-${size}-${label}`);
        const answeredMs = performance.now() - started;
        await settledMassSends(ctx);
        const deliveredMs = performance.now() - started;
        const [{ delivered, messages }] = await database.query<{ delivered: number; messages: number }>(
          `select s.delivered_count as delivered, (select count(*)::int from messages m where m.from_user_id = s.sender_id and m.content = s.content) as messages from mass_sends s where s.id = ${answer.id}`,
        );
        const everyInbox = answer.recipientCount === size && messages === size && delivered === size;
        const pass = deliveredMs < targetMs(size) && everyInbox;
        if (!everyInbox) process.exitCode = 1;
        if (!pass) failed = true;
        console.log(
          `mass-message ${size} recipients, ${label}: answered in ${answeredMs.toFixed(0)} ms (${answer.status}), every inbox in ${deliveredMs.toFixed(0)} ms, ${messages} messages; target under ${targetMs(size)} ms: ${pass ? 'PASS' : 'FAIL'}`,
        );
      }
    }
    if (failed) failOnTiming();
  } finally {
    await stopMassSends(ctx);
    await events.close();
    await database.close();
    await throwaway?.drop();
  }
}

await main();
