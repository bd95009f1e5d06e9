import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { MemoryStorage } from './storage';
import { LocalEventBus } from './events';
import { MemoryMailer } from './mailer';
import { resetDatabase, testDatabase } from '../test/test-db';

// Issue 17, item 1: a native GET submit of the sign-in form put /auth?email=…&password=… into the request log.

let app: FastifyInstance;
let lines: string[];

beforeEach(async () => {
  const database = await testDatabase();
  await resetDatabase(database);
  const config = loadConfig({
    NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO: 'false',
    DATA_DIR: path.join(os.tmpdir(), 'hs-test-data'), CLIENT_DIST_DIR: path.join(os.tmpdir(), 'hs-no-client'),
  });
  lines = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  app = await buildApp({ config, database, storage: new MemoryStorage(), events: new LocalEventBus(), mailer: new MemoryMailer(), logStream: stream });
  await app.ready();
});
afterEach(async () => {
  await app.close();
});

describe('request logs', () => {
  it('never carry query strings, passwords or tokens', async () => {
    const secret = 'hunter2-in-the-url';
    await app.inject({ method: 'GET', url: `/auth?email=victim%40example.com&password=${secret}` });
    await app.inject({ method: 'GET', url: `/reset-password?token=${secret}-token` });
    await app.inject({ method: 'GET', url: `/api/job-postings?q=${secret}-query` });
    await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'victim@example.com', password: `${secret}-body` } });
    await app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: `${secret}-reset`, password: `${secret}-new` } });
    app.log.info({ body: { password: `${secret}-logged`, token: `${secret}-logged` } }, 'a careless log call');
    await new Promise((resolve) => setImmediate(resolve));

    const requestLines = lines.filter((line) => line.includes('incoming request'));
    // The log is there, with the path: the test would pass vacuously otherwise.
    expect(requestLines.map((line) => JSON.parse(line).req.url)).toEqual(['/auth', '/reset-password', '/api/job-postings', '/api/auth/login', '/api/auth/password-reset/confirm']);
    expect(lines.some((line) => line.includes('a careless log call') && line.includes('[redacted]'))).toBe(true);
    expect(lines.filter((line) => line.includes(secret) || line.includes('victim'))).toEqual([]);
  });

  it('never carry an API token (decision record 043), whether refused or malformed', async () => {
    const token = `hs_live_${'Q'.repeat(43)}`;
    await app.inject({ method: 'GET', url: '/api/discount-codes', headers: { authorization: `Bearer ${token}` } });
    await app.inject({ method: 'POST', url: '/api/discount-codes', headers: { authorization: `Bearer ${token}-x` }, payload: { code: 'X' } });
    app.log.info({ headers: { authorization: `Bearer ${token}` } }, 'a careless header log');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.filter((line) => line.includes('incoming request'))).toHaveLength(2);
    expect(lines.filter((line) => line.includes('QQQQ'))).toEqual([]);
  });
});
