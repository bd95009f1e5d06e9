import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to port 5000, embedded database and demo data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.cookieSecure).toBe(false);
  });

  it('does not seed a real database unless asked, and SEED_DEMO=false turns seeding off', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('marks cookies Secure in production and rejects a bad port', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).cookieSecure).toBe(true);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
});
