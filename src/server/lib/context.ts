import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import type { Storage } from './storage';
import type { EventBus } from './events';
import type { Mailer } from './mailer';
import type { RateLimits } from './rate-limits/registry';
import type { TaskQueue } from '../modules/tasks/queue';
import type { SessionCache } from '../modules/auth/session-cache';

/** Everything a service needs, built once at start-up and shared by all requests. */
export type AppContext = {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  storage: Storage;
  events: EventBus;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Every rate limit of this app, resettable in one call (decision record 020). */
  rateLimits: RateLimits;
  /** Durable background tasks on the app's database (decision record 023). */
  tasks: TaskQueue;
  /** Looked-up sessions for signed-in reads, on PostgreSQL (decision record 035); null: every request asks the database. */
  sessionCache: SessionCache | null;
};
