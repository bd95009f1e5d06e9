import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerEvent } from '@shared/contracts/events';
import type { DatabaseHandle } from '../db/client';
import { PgListener } from './pg-listener';

/** A push to one user's open tabs (sent over Server-Sent Events): one of the typed union in the shared contracts. */
export type UserEvent = ServerEvent;
export type UserEventListener = (event: UserEvent) => void;
export type AddressedEvent = { userId: number; event: UserEvent };

export interface EventBus {
  publish(userId: number, event: UserEvent): Promise<void>;
  /** Many events at once (a mass message); implementations may batch them. */
  publishMany?(events: AddressedEvent[]): Promise<void>;
  subscribe(userId: number, listener: UserEventListener): () => void;
  close(): Promise<void>;
}

/** Publishes a batch with the bus's own batching when it has one. */
export async function publishAll(bus: EventBus, events: AddressedEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (bus.publishMany) return bus.publishMany(events);
  for (const { userId, event } of events) await bus.publish(userId, event);
}

/** In-process bus: enough for one server instance. */
export class LocalEventBus implements EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(userId: number, event: UserEvent): Promise<void> {
    this.deliver(userId, event);
  }

  async publishMany(events: AddressedEvent[]): Promise<void> {
    for (const { userId, event } of events) this.deliver(userId, event);
  }

  deliver(userId: number, event: UserEvent): void {
    this.emitter.emit(`user:${userId}`, event);
  }

  subscribe(userId: number, listener: UserEventListener): () => void {
    const channel = `user:${userId}`;
    this.emitter.on(channel, listener);
    return () => this.emitter.off(channel, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export const PG_EVENTS_CHANNEL = 'hs_user_events';
// NOTIFY payloads must stay under 8000 bytes; ours are ids only, so anything bigger is a bug upstream.
const MAX_NOTIFY_BYTES = 7900;

type PgPool = import('pg').Pool;
type Logger = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/**
 * Relays events between server instances through PostgreSQL LISTEN/NOTIFY.
 * Every instance (including the sender) receives the NOTIFY and delivers it to its own open tabs.
 * A dedicated connection listens; publishing goes through the pool.
 */
export class PgEventBus implements EventBus {
  private readonly local = new LocalEventBus();
  private readonly listener: PgListener;
  readonly ready: Promise<void>;

  constructor(
    private readonly pool: PgPool,
    private readonly log: Logger,
  ) {
    this.listener = new PgListener(pool, PG_EVENTS_CHANNEL, { message: (payload) => this.relay(payload) }, log);
    this.ready = this.listener.ready;
  }

  private relay(payload: string) {
    try {
      const { u, t, d } = JSON.parse(payload) as { u: number; t: ServerEvent['type']; d: ServerEvent['data'] };
      this.local.deliver(u, { type: t, data: d } as ServerEvent);
    } catch (error) {
      this.log.warn({ err: error }, 'ignoring malformed event notification');
    }
  }

  private payloadOf(userId: number, event: UserEvent): string | null {
    const payload = JSON.stringify({ u: userId, t: event.type, d: event.data });
    if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
      this.log.error({ type: event.type, userId }, 'event payload too large for NOTIFY; dropped');
      return null;
    }
    return payload;
  }

  async publish(userId: number, event: UserEvent): Promise<void> {
    const payload = this.payloadOf(userId, event);
    if (payload) await this.pool.query('select pg_notify($1, $2)', [PG_EVENTS_CHANNEL, payload]);
  }

  async publishMany(events: AddressedEvent[]): Promise<void> {
    const payloads = events.map(({ userId, event }) => this.payloadOf(userId, event)).filter((p): p is string => p !== null);
    if (payloads.length === 0) return;
    // One round trip for the whole batch.
    await this.pool.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [PG_EVENTS_CHANNEL, payloads]);
  }

  subscribe(userId: number, listener: UserEventListener): () => void {
    return this.local.subscribe(userId, listener);
  }

  async close(): Promise<void> {
    await this.listener.close();
    await this.local.close();
  }
}

/** LISTEN/NOTIFY across instances on PostgreSQL; in-process on PGlite (one instance owns the database). */
export function createEventBus(database: DatabaseHandle, log: Logger): EventBus {
  if (database.kind === 'postgres' && database.pool) return new PgEventBus(database.pool, log);
  return new LocalEventBus();
}
