import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { MemoryStorage } from '@server/lib/storage';
import { MemoryMailer } from '@server/lib/mailer';
import { testDatabase } from '@server/test/test-db';

// What SIGTERM does in main.ts: app.close() must let in-flight requests finish and refuse new ones.
describe('graceful shutdown', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('finishes a request that is in flight when closing starts', { timeout: 120_000 }, async () => {
    const database = await testDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', CLIENT_DIST_DIR: '/nonexistent' });
    app = await buildApp({ config, database, storage: new MemoryStorage(), mailer: new MemoryMailer(), logger: false });
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    app.get('/api/test-slow', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 400));
      return { done: true };
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const inFlight = fetch(`${address}/api/test-slow`, { headers: { connection: 'close' } });
    await handlerStarted;
    const closing = app.close();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    await expect(fetch(`${address}/api/health`)).rejects.toThrow();
    app = undefined;
  });
});
