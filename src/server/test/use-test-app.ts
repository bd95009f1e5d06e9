import { afterEach, beforeEach } from 'vitest';
import { createTestApp, TestClient, type TestApp } from './test-app';

/**
 * The usual test-file setup in one call: a fresh app over an emptied database before each test, closed after it.
 * Returns a stand-in that always points at the current test's app, so `t.app`, `t.events` and the factories'
 * `createBusiness(t)` read as before. Files that rebuild the app mid-test (other settings) keep createTestApp.
 */
export function useTestApp(env: Record<string, string> | (() => Record<string, string>) = {}): TestApp & { anonymous(): TestClient } {
  let current: TestApp | undefined;
  beforeEach(async () => {
    current = await createTestApp(typeof env === 'function' ? env() : env);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const now = (): TestApp => {
    if (!current) throw new Error('useTestApp: the app exists only while a test runs');
    return current;
  };
  return {
    get app() { return now().app; },
    get database() { return now().database; },
    get storage() { return now().storage; },
    get events() { return now().events; },
    get mailer() { return now().mailer; },
    get config() { return now().config; },
    close: () => now().close(),
    anonymous: () => new TestClient(now().app),
  };
}

/**
 * For module-level knobs tests turn (batch sizes, thresholds): each test starts from the values `settings` had when
 * the file loaded, whatever the test before it set.
 */
export function restoreAfterEach<T extends object>(settings: T): void {
  const defaults = { ...settings };
  afterEach(() => {
    Object.assign(settings, defaults);
  });
}
