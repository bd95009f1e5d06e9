import type { FastifyBaseLogger } from 'fastify';

type PgPool = import('pg').Pool;
type PgClient = import('pg').Client;
type Logger = Pick<FastifyBaseLogger, 'warn' | 'error'>;

const RECONNECT_DELAY_MS = 2000;

export type ListenerHandlers = {
  message(payload: string): void;
  /** LISTEN is in place: from now on every NOTIFY on the channel arrives. */
  up?(): void;
  /** The connection is lost: NOTIFYs sent from now until the next `up` are never seen. */
  down?(): void;
};

/**
 * A dedicated PostgreSQL connection that LISTENs on one channel and reconnects after losing it, used by the
 * event relay (decision record 026) and the session cache's invalidations (decision record 035). Publishing
 * goes through the pool (`select pg_notify(...)`) or a trigger; only listening needs a connection of its own.
 */
export class PgListener {
  private client: PgClient | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  readonly ready: Promise<void>;

  constructor(
    private readonly pool: PgPool,
    private readonly channel: string,
    private readonly handlers: ListenerHandlers,
    private readonly log: Logger,
  ) {
    this.ready = this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const { default: pg } = await import('pg');
    const client = new pg.Client(this.pool.options);
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload) this.handlers.message(message.payload);
    });
    client.on('error', (error) => {
      this.log.warn({ err: error, channel: this.channel }, 'listener connection lost; reconnecting');
      this.scheduleReconnect(client);
    });
    client.on('end', () => this.scheduleReconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.client = client;
      this.handlers.up?.();
    } catch (error) {
      this.log.error({ err: error, channel: this.channel }, 'could not start listening; retrying');
      this.scheduleReconnect(client);
    }
  }

  private scheduleReconnect(client: PgClient) {
    if (this.client === client) {
      this.client = null;
      this.handlers.down?.();
    }
    if (this.closed || this.reconnectTimer) return;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, RECONNECT_DELAY_MS);
    this.reconnectTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    if (client) {
      this.handlers.down?.();
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}
