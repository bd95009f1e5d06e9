import net from 'node:net';
import { randomUUID } from 'node:crypto';

/** The Redis the suite uses (REDIS_URL, else the machine's own), and whether it answers; warns once per file when not. */
export async function probeRedis(untested: string): Promise<{ redisUrl: string; redisUp: boolean }> {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const { hostname, port } = new URL(redisUrl);
  const redisUp = await new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname, () => resolve(true)).on('error', () => resolve(false));
    socket.setTimeout(1000, () => resolve(false));
    socket.unref();
  });
  if (!redisUp) console.warn(`SKIPPED: no Redis at ${redisUrl} (set REDIS_URL); ${untested} untested here`);
  return { redisUrl, redisUp };
}

/** A limit's two homes (decision record 026): each process's memory, and Redis under a prefix of the test's own. */
export async function rateLimitSetups(untested: string) {
  const { redisUrl, redisUp } = await probeRedis(untested);
  return [
    { name: 'in memory', env: (): Record<string, string> => ({}), skip: false },
    { name: 'on Redis', env: (): Record<string, string> => ({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `hs-test:${randomUUID()}:` }), skip: !redisUp },
  ];
}
