import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { MemoryStorage } from '../lib/storage';
import { LocalEventBus } from '../lib/events';
import { MemoryMailer } from '../lib/mailer';
import { resetDatabase, testDatabase } from './test-db';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  storage: MemoryStorage;
  events: LocalEventBus;
  mailer: MemoryMailer;
  config: Config;
  close(): Promise<void>;
};

/** A fresh app over an emptied test database. Call in beforeEach and close in afterEach. */
export async function createTestApp(env: Record<string, string> = {}, options: { storageFromConfig?: boolean } = {}): Promise<TestApp> {
  const database = await testDatabase();
  await resetDatabase(database);
  return startTestApp(database, env, options);
}

/** An app over `database` as it is: with createTestApp's, a second instance on the same database. */
export async function startTestApp(database: DatabaseHandle, env: Record<string, string> = {}, options: { storageFromConfig?: boolean } = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: path.join(os.tmpdir(), 'hs-test-data'),
    CLIENT_DIST_DIR: path.join(os.tmpdir(), 'hs-no-client'),
    // Tests sign up many users from one address; the limit itself is tested with an override.
    RATE_LIMIT_REGISTRATIONS_PER_HOUR: '100000',
    ...env,
  });
  const storage = new MemoryStorage();
  const events = new LocalEventBus();
  const mailer = new MemoryMailer();
  // storageFromConfig: the storage the configuration chooses (S3 with S3_BUCKET); `storage` is then unused.
  const app = await buildApp({ config, database, storage: options.storageFromConfig ? undefined : storage, events, mailer, logger: false });
  await app.ready();
  return { app, database, storage, events, mailer, config, close: () => app.close() };
}

export type Response<T = any> = { status: number; body: T; headers: LightMyRequestResponse['headers']; raw: LightMyRequestResponse };

/** Sends requests as one browser would: keeps the session cookie it is given. */
export class TestClient {
  constructor(
    readonly app: FastifyInstance,
    public cookie?: string,
  ) {}

  async request<T = any>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Response<T>> {
    const raw = await this.app.inject({
      method,
      url,
      payload: payload === undefined ? undefined : (payload as object),
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
    });
    // hs_session, or __Host-hs_session when the app runs with Secure cookies (production).
    const setCookie = raw.cookies.find((c) => c.name.endsWith('hs_session'));
    if (setCookie) this.cookie = setCookie.value ? `${setCookie.name}=${setCookie.value}` : undefined;
    let body: any = raw.body;
    if (String(raw.headers['content-type'] ?? '').includes('application/json')) body = raw.json();
    return { status: raw.statusCode, body, headers: raw.headers, raw };
  }

  get<T = any>(url: string) { return this.request<T>('GET', url); }
  post<T = any>(url: string, payload: unknown = {}) { return this.request<T>('POST', url, payload); }
  put<T = any>(url: string, payload: unknown = {}) { return this.request<T>('PUT', url, payload); }
  patch<T = any>(url: string, payload: unknown = {}) { return this.request<T>('PATCH', url, payload); }
  delete<T = any>(url: string) { return this.request<T>('DELETE', url); }
}
