// Mass message to 10,000 pro staff on PostgreSQL: one transaction, set-based SQL. Target: under 2 s.
// Uses BENCH_DATABASE_URL as is, or creates a throwaway database on PG_ADMIN_URL (default 127.0.0.1:5432) and drops it.
//   node --import tsx bench/mass-message.ts
import { sql } from 'drizzle-orm';
import type { AppContext } from '../src/server/lib/context';
import type { SessionUser } from '../src/shared/contracts/auth';
import { openDatabase, runMigrations } from '../src/server/db/client';
import { throwawayDatabase } from './lib/throwaway-database';
import { createEventBus } from '../src/server/lib/events';
import { massMessage } from '../src/server/modules/messaging/service';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const TARGET_MS = 2000;

async function main() {
  const throwaway = process.env.BENCH_DATABASE_URL ? null : await throwawayDatabase('hs_bench');
  const url = process.env.BENCH_DATABASE_URL ?? throwaway!.url;
  const database = await openDatabase({ url });
  const log = { warn: console.warn, error: console.error } as unknown as AppContext['log'];
  const events = createEventBus(database, log);
  try {
    await runMigrations(database);
    const [business] = await database.query<{ id: number }>(
      `insert into users (email, password_hash, user_type, subscription_tier) values ('bench.business.${Date.now()}@example.com', 'x', 'business', 'enterprise') returning id`,
    );
    const runId = Date.now();
    await database.db.execute(sql`
      with staff as (
        insert into users (email, password_hash, user_type)
        select 'bench.' || ${runId}::text || '.' || g || '@example.com', 'x', 'pro_staff' from generate_series(1, ${RECIPIENTS}::int) g
        returning id
      )
      insert into pro_staff_profiles (user_id, first_name, last_name, specialties, location)
      select id, 'Bench', id::text, array['Bench Hunting'], 'Bench, MT' from staff
    `);
    await database.query('analyze');

    const user: SessionUser = {
      id: business.id, email: 'bench', userType: 'business', subscriptionTier: 'enterprise', businessId: null, proStaffId: null, isAdmin: false,
    };
    const ctx = { db: database.db, database, events, log } as unknown as AppContext;
    const filters = { location: 'Bench, MT' };

    const results: { label: string; ms: number; count: number }[] = [];
    for (const label of ['first send (creates conversations)', 'second send (reuses conversations)']) {
      const started = performance.now();
      const { messageCount } = await massMessage(ctx, user, { content: `Bench message: ${label}`, filters });
      results.push({ label, ms: performance.now() - started, count: messageCount });
    }
    for (const { label, ms, count } of results) {
      console.log(`mass-message ${count} recipients, ${label}: ${ms.toFixed(0)} ms ${ms < TARGET_MS ? '(under' : '(OVER'} the ${TARGET_MS} ms target)`);
    }
    if (results.some((r) => r.count !== RECIPIENTS)) throw new Error(`expected ${RECIPIENTS} messages per send`);
    if (results.some((r) => r.ms >= TARGET_MS)) process.exitCode = 1;
  } finally {
    await events.close();
    await database.close();
    await throwaway?.drop();
  }
}

await main();
