import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import type { DatabaseHandle } from '@server/db/client';
import { MemoryStorage } from '@server/lib/storage';
import { MemoryMailer } from '@server/lib/mailer';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '@server/db/client';
import { LocalEventBus } from '@server/lib/events';
import { sessionCookieName } from '@server/lib/auth';
import { CuttableProxy } from '@server/test/cuttable-proxy';
import { resetDatabase, testDatabase } from '@server/test/test-db';

// A pool pointed at a port where nothing listens stands in for a database that is down.
describe('database outage', () => {
  let app: FastifyInstance;
  let pool: pg.Pool;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 500 });
    const database = { db: drizzle(pool), kind: 'postgres', pool, query: async () => [], close: () => pool.end() } as unknown as DatabaseHandle;
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', CLIENT_DIST_DIR: '/nonexistent' });
    app = await buildApp({ config, database, storage: new MemoryStorage(), mailer: new MemoryMailer(), logger: false });
  });

  afterAll(async () => {
    await app.close();
    await pool.end();
  });

  it('answers 503 with a clear message instead of crashing', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.com', password: 'whatever1' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect(res.headers['retry-after']).toBe('5');
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
  });
});

// The whole path on a real PostgreSQL, reached through a proxy the test cuts and restores: connections in
// the pool die under the app (as in a restart or failover), new ones are refused, then the database is back.
describe.skipIf(!process.env.TEST_DATABASE_URL)('database outage and recovery on PostgreSQL', () => {
  let app: FastifyInstance | undefined;
  let proxy: CuttableProxy | undefined;
  let database: DatabaseHandle | undefined;

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await database?.close();
  });

  it('answers 503 while the database is gone, survives its dropped connections and serves again once it is back', async () => {
    await resetDatabase(await testDatabase());
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = new CuttableProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(target);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(await proxy.start());
    database = await openDatabase({ url: viaProxy.toString() });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', CLIENT_DIST_DIR: '/nonexistent' });
    app = await buildApp({ config, database, storage: new MemoryStorage(), mailer: new MemoryMailer(), events: new LocalEventBus(), logger: false });
    const credentials = { email: 'outage@example.com', password: 'trail-cam-2026' };

    const registered = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...credentials, userType: 'business', ageConfirmed: true, termsAccepted: true } });
    expect(registered.statusCode).toBe(201);
    const cookieName = sessionCookieName(config);
    const cookie = `${cookieName}=${registered.cookies.find((c) => c.name === cookieName)!.value}`;
    expect(database.pool!.idleCount).toBeGreaterThan(0);

    proxy.cut();
    // The pooled connections hear the server go away; unhandled, that 'error' would end the process.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const down = await app.inject({ method: 'POST', url: '/api/auth/login', payload: credentials });
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);

    proxy.restore();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(credentials.email);
    expect((await app.inject({ method: 'POST', url: '/api/auth/login', payload: credentials })).statusCode).toBe(200);
  });
});
