import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny local stand-in for the parts of the Stripe API billing uses, so tests run the real `stripe`
 * SDK over HTTP (host/port/protocol options) without network access. Test-only.
 */
export type RecordedRequest = { method: string; path: string; idempotencyKey: string | undefined; body: Record<string, unknown> };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loose JSON shapes of a test double
type Json = Record<string, any>;

export class FakeStripeServer {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly prices = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  /** Makes the next `count` calls fail with `status` (the SDK retries, so a real outage is several). */
  failures: { status: number; count: number } | null = null;
  private readonly replays = new Map<string, { status: number; body: Json }>();
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  private seq = 0;
  port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Env for createTestApp: the SDK talks to this server. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_fake',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(this.port),
      STRIPE_API_PROTOCOL: 'http',
      ...extra,
    };
  }

  posts(pathPrefix: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path.startsWith(pathPrefix));
  }

  private id(prefix: string) {
    return `${prefix}_fake${++this.seq}`;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const body = parseForm(req.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey, body });

    const send = (status: number, payload: Json) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${this.seq}` });
      res.end(JSON.stringify(payload));
    };
    if (this.failures && this.failures.count > 0) {
      const { status } = this.failures;
      this.failures.count -= 1;
      return send(status, { error: { type: status === 402 ? 'card_error' : 'api_error', message: 'Simulated failure' } });
    }
    const replayKey = idempotencyKey ? `${req.method} ${url.pathname} ${idempotencyKey}` : null;
    const replay = replayKey ? this.replays.get(replayKey) : undefined;
    if (replay) return send(replay.status, replay.body);
    const { status, body: out } = this.route(req.method ?? 'GET', url.pathname, body);
    if (replayKey && status < 500) this.replays.set(replayKey, { status, body: out });
    return send(status, out);
  }

  private route(method: string, path: string, body: Json): { status: number; body: Json } {
    const ok = (payload: Json) => ({ status: 200, body: payload });
    const missing = () => ({ status: 404, body: { error: { type: 'invalid_request_error', message: `No such resource: ${path}` } } });
    const now = Math.floor(Date.now() / 1000);

    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: this.id('cus'), object: 'customer', email: body.email, metadata: body.metadata ?? {} };
      this.customers.set(customer.id, customer);
      return ok(customer);
    }
    if (method === 'GET' && path === '/v1/prices') {
      const keys = Object.values((body.lookup_keys ?? {}) as Json);
      const data = [...this.prices.values()].filter((p) => keys.includes(p.lookup_key));
      return ok({ object: 'list', data, has_more: false, url: '/v1/prices' });
    }
    if (method === 'POST' && path === '/v1/prices') {
      const price = {
        id: this.id('price'), object: 'price', active: true, currency: body.currency, unit_amount: Number(body.unit_amount),
        lookup_key: body.lookup_key, recurring: { interval: (body.recurring as Json)?.interval }, metadata: body.metadata ?? {},
        product: this.id('prod'),
      };
      this.prices.set(price.id, price);
      return ok(price);
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const items = Object.values((body.items ?? {}) as Json) as Json[];
      const price = this.prices.get(items[0]?.price);
      if (!this.customers.has(body.customer) || !price) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Bad customer or price' } } };
      const trialDays = Number(body.trial_period_days ?? 0);
      const trialEnd = body.trial_end ? Number(body.trial_end) : trialDays ? now + trialDays * 86400 : null;
      const periodEnd = trialEnd ?? now + 30 * 86400;
      const id = this.id('sub');
      const subscription = {
        id, object: 'subscription', customer: body.customer, created: now,
        status: trialEnd ? 'trialing' : 'incomplete', cancel_at_period_end: false, metadata: body.metadata ?? {},
        trial_end: trialEnd,
        items: { object: 'list', data: [{ id: this.id('si'), object: 'subscription_item', price, quantity: 1, current_period_end: periodEnd }] },
        pending_setup_intent: trialEnd ? { id: this.id('seti'), object: 'setup_intent', client_secret: `seti_secret_${id}` } : null,
        latest_invoice: { id: this.id('in'), object: 'invoice', confirmation_secret: trialEnd ? null : { client_secret: `pi_secret_${id}`, type: 'payment_intent' } },
      };
      this.subscriptions.set(id, subscription);
      return ok(subscription);
    }
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (match) {
      const subscription = this.subscriptions.get(match[1]);
      if (!subscription) return missing();
      if (method === 'GET') return ok(subscription);
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
        return ok(subscription);
      }
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        return ok(subscription);
      }
    }
    return missing();
  }
}

/** Parses Stripe's form encoding (`a[b][0]=c`) into nested objects (arrays stay index-keyed objects). */
export function parseForm(text: string): Json {
  const out: Json = {};
  if (!text) return out;
  for (const pair of text.split('&')) {
    const [rawKey, rawValue = ''] = pair.split('=');
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const parts = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = out;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  return out;
}
