import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { MemoryStorage } from '../../lib/storage';
import { MemoryMailer } from '../../lib/mailer';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';

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
