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

  it('never seeds demo data in production unless SEED_DEMO=true forces it (issue 17)', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://huntstaff.example.com' };
    expect(loadConfig(production)).toMatchObject({ seedDemo: false, demoSeedForced: false });
    expect(loadConfig({ ...production, SEED_DEMO: 'true' })).toMatchObject({ seedDemo: true, demoSeedForced: true });
    expect(loadConfig({}).demoSeedForced).toBe(false);
  });

  it('lets outgoing webhooks call loopback outside production only, and requires https in production (decision record 044)', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://huntstaff.example.com' };
    expect(loadConfig({}).outgoingWebhooks).toEqual({ requireHttps: false, allowLoopback: true });
    expect(loadConfig({ OUTGOING_WEBHOOKS_ALLOW_LOOPBACK: 'false' }).outgoingWebhooks.allowLoopback).toBe(false);
    expect(loadConfig(production).outgoingWebhooks).toEqual({ requireHttps: true, allowLoopback: false });
    expect(loadConfig({ ...production, OUTGOING_WEBHOOKS_ALLOW_LOOPBACK: 'true' }).outgoingWebhooks.allowLoopback).toBe(false);
  });

  it('requires PUBLIC_URL in production, where reset links must not come from request headers', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required/);
  });

  it('trusts proxy headers only when TRUST_PROXY says so', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('marks cookies Secure in production and rejects a bad port', () => {
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://huntstaff.example.com' }).cookieSecure).toBe(true);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('shares limits on Redis and stores uploads on S3 only when told to (an empty value counts as unset)', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: undefined, redisKeyPrefix: 'huntstaff:', s3: undefined });
    expect(loadConfig({ REDIS_URL: '', S3_BUCKET: '', S3_ENDPOINT: '' })).toMatchObject({ redisUrl: undefined, s3: undefined });
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379', REDIS_KEY_PREFIX: 'hs-eu:' })).toMatchObject({ redisUrl: 'redis://cache:6379', redisKeyPrefix: 'hs-eu:' });
    expect(loadConfig({ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'false', S3_ENDPOINT: 'http://minio:9000' }).s3).toEqual({
      bucket: 'uploads', endpoint: 'http://minio:9000', region: 'us-east-1', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: false,
    });
    expect(() => loadConfig({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
  });
});
