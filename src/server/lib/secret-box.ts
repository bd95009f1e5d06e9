import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '@server/config';

/**
 * AES-256-GCM for secrets at rest: store API tokens (BigCommerce) and two-factor keys (decision record 027). The key
 * is INTEGRATION_SECRET_KEY (32 bytes, base64 or hex) or,
 * when unset, a random key kept in DATA_DIR/integration-secret.key (created once, mode 0600).
 */
let cached: { source: string; key: Buffer } | null = null;

function keyFor(config: Config): Buffer {
  const source = config.integrationSecretKey ?? path.join(config.dataDir, 'integration-secret.key');
  if (cached?.source === source) return cached.key;
  let key: Buffer;
  if (config.integrationSecretKey) {
    const raw = config.integrationSecretKey.trim();
    key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
    if (key.length !== 32) throw new Error('INTEGRATION_SECRET_KEY must be 32 bytes (64 hex characters or base64)');
  } else {
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      fs.writeFileSync(source, crypto.randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    key = Buffer.from(fs.readFileSync(source, 'utf8').trim(), 'base64');
  }
  cached = { source, key };
  return key;
}

export function encryptSecret(config: Config, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFor(config), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

/** Whether `stored` is a sealed secret (as `encryptSecret` writes it) rather than a plain one. */
export const isSealedSecret = (stored: string) => stored.startsWith('v1:');

export function decryptSecret(config: Config, sealed: string): string {
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown sealed secret format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyFor(config), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}

/**
 * A key for another purpose, derived from the same secret with a fixed label (HMAC-SHA256, hex): e.g. the keyed hashes
 * of buyers' emails and addresses (decision record 039). Stable for a deployment, different per label.
 */
export function derivedKey(config: Config, label: string): string {
  return crypto.createHmac('sha256', keyFor(config)).update(label).digest('hex');
}
