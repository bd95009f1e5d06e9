import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import type { Storage } from './storage';
import type { EventBus } from './events';
import type { Mailer } from './mailer';
import type { RateLimits } from './rate-limits/registry';
import type { TaskQueue } from '../modules/tasks/queue';

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
};
