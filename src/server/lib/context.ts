import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import type { Storage } from './storage';
import type { EventBus } from './events';
import type { Mailer } from './mailer';

/** Everything a service needs, built once at start-up and shared by all requests. */
export type AppContext = {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  storage: Storage;
  events: EventBus;
  mailer: Mailer;
  log: FastifyBaseLogger;
};
