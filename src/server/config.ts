import { z } from 'zod';
import path from 'node:path';

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A URL, or unset: an empty value (`REDIS_URL=` in an env file) counts as unset. */
const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.string().url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SEED_DEMO: boolFromEnv.optional(),
  CLIENT_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().url().optional(),
  // Off unless the app sits behind a proxy: a trusted X-Forwarded-For decides rate-limit keys.
  TRUST_PROXY: z.string().default('false'),
  SMTP_URL: z.string().optional(),
  RATE_LIMIT_REGISTRATIONS_PER_HOUR: z.coerce.number().int().positive().default(20),
  MAIL_FROM: z.string().default('HuntStaff <no-reply@huntstaff.example.com>'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  // Store integrations: the BigCommerce REST API base (a local fake in tests) and the key sealing store API tokens.
  // Background tasks (decision record 023): this instance works the queue unless BACKGROUND_WORKER=false
  // (an instance that only answers requests); tests run the queue by hand.
  BACKGROUND_WORKER: boolFromEnv.optional(),
  // Signed-in reads served from looked-up sessions for this long, dropped at once on any change (decision record
  // 035); 0 turns it off. On PostgreSQL only; tests turn it on where they test it.
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  BIGCOMMERCE_API_URL: z.string().url().default('https://api.bigcommerce.com'),
  SQUARESPACE_API_URL: z.string().url().default('https://api.squarespace.com'),
  INTEGRATION_SECRET_KEY: z.string().optional(),
  // Gear (decision record 038): every store admin API call (Shopify, WooCommerce, BigCommerce) goes to this origin
  // instead of the store's own host: the local fake stores of tests and demos. Refused in production.
  STORE_ADMIN_ORIGIN: optionalUrl,
  // Outgoing webhooks (decision record 044) may call loopback addresses (a local receiver) outside production only;
  // tests set it false to see the production guard. Ignored in production, where loopback is always refused.
  OUTGOING_WEBHOOKS_ALLOW_LOOPBACK: boolFromEnv.optional(),
  // More than one instance (decision record 026): rate limits shared on Redis, uploads on S3-compatible storage.
  REDIS_URL: optionalUrl,
  REDIS_KEY_PREFIX: z.string().max(100).default('huntstaff:'),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: boolFromEnv.optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  /** Production with SEED_DEMO=true: demo data on purpose, logged as a warning at every start (issue 17). */
  demoSeedForced: boolean;
  clientDistDir: string;
  logLevel: string;
  /** Base of links in emails; required in production so a forged Host header cannot redirect them. */
  publicUrl: string | undefined;
  /** Fastify trustProxy: false, true, or comma-separated proxy addresses/CIDR ranges. */
  trustProxy: boolean | string;
  cookieSecure: boolean;
  smtpUrl: string | undefined;
  /** Sign-ups accepted from one IP address per hour. */
  registrationsPerHourPerIp: number;
  mailFrom: string;
  stripe: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    /** The signing secret of the Connect webhook endpoint (events on connected accounts; decision record 025). */
    connectWebhookSecret: string | undefined;
    host: string | undefined;
    port: number | undefined;
    protocol: 'http' | 'https' | undefined;
  };
  bigcommerceApiUrl: string;
  /** Squarespace's API base (Orders, Webhook Subscriptions; a local fake in tests, decision record 040). */
  squarespaceApiUrl: string;
  /** Tests and demos only: the origin every store admin API call goes to (decision record 038); null: the stores' own hosts. */
  storeAdminOrigin: string | null;
  /** Outgoing webhooks' SSRF policy (decision record 044): https required and loopback refused in production. */
  outgoingWebhooks: { requireHttps: boolean; allowLoopback: boolean };
  /** Whether this instance claims and runs background tasks on its own (off in tests, which drain the queue). */
  backgroundWorker: boolean;
  /** How long a looked-up session may serve signed-in reads (decision record 035); 0: every request looks it up. */
  sessionCacheMs: number;
  /** 32-byte key (hex or base64) sealing store API tokens; a key file in dataDir is used when unset. */
  integrationSecretKey: string | undefined;
  /** Redis for rate limits shared by all instances; unset: each process counts in its own memory. */
  redisUrl: string | undefined;
  /** Starts every key this app writes to Redis (several deployments or test runs on one server). */
  redisKeyPrefix: string;
  /** Object storage for uploads; unset: files under DATA_DIR/uploads. */
  s3: S3Config | undefined;
};

export type S3Config = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.STORE_ADMIN_ORIGIN) {
    throw new Error('Invalid environment: STORE_ADMIN_ORIGIN sends store API calls (with their tokens) to another host; it is for tests and demos, never production');
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new Error('Invalid environment: PUBLIC_URL is required in production (password reset links are built from it)');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    // Demo data is seeded into the embedded database by default, never into a real one unless asked,
    // and never in production unless SEED_DEMO=true forces it (issue 17: demo logins are published).
    seedDemo: e.NODE_ENV === 'production' ? e.SEED_DEMO === true : (e.SEED_DEMO ?? !e.DATABASE_URL),
    demoSeedForced: e.NODE_ENV === 'production' && e.SEED_DEMO === true,
    clientDistDir: path.resolve(e.CLIENT_DIST_DIR ?? './dist/client'),
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    cookieSecure: e.NODE_ENV === 'production',
    smtpUrl: e.SMTP_URL || undefined,
    backgroundWorker: e.BACKGROUND_WORKER ?? e.NODE_ENV !== 'test',
    // Tests write rows behind the app's back and read them at once; they turn the cache on where they test it.
    sessionCacheMs: (e.SESSION_CACHE_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 30)) * 1000,
    registrationsPerHourPerIp: e.RATE_LIMIT_REGISTRATIONS_PER_HOUR,
    mailFrom: e.MAIL_FROM,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY || undefined,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY || undefined,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
      connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET || undefined,
      host: e.STRIPE_API_HOST,
      port: e.STRIPE_API_PORT,
      protocol: e.STRIPE_API_PROTOCOL,
    },
    bigcommerceApiUrl: e.BIGCOMMERCE_API_URL,
    squarespaceApiUrl: e.SQUARESPACE_API_URL,
    storeAdminOrigin: e.STORE_ADMIN_ORIGIN ?? null,
    outgoingWebhooks: {
      requireHttps: e.NODE_ENV === 'production',
      allowLoopback: e.NODE_ENV !== 'production' && (e.OUTGOING_WEBHOOKS_ALLOW_LOOPBACK ?? true),
    },
    integrationSecretKey: e.INTEGRATION_SECRET_KEY || undefined,
    redisUrl: e.REDIS_URL || undefined,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    s3: e.S3_BUCKET?.trim()
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
          // MinIO, s3rver and most self-hosted stores want path-style addresses; AWS itself does not.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
        }
      : undefined,
  };
}

/**
 * The address links in emails point to: PUBLIC_URL, or outside production the server's own configured
 * address. Never the request's Host or X-Forwarded-Host, which a client chooses (issue 17).
 */
export function appOrigin(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

function parseTrustProxy(value: string): boolean | string {
  if (['true', '1', 'yes'].includes(value)) return true;
  if (['false', '0', 'no', ''].includes(value)) return false;
  return value;
}
