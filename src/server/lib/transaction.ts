import type { Database } from '../db/client';
import type { AppContext } from './context';

/**
 * The one way to hand an open transaction to service code that needs more of the context than the database
 * (config, log): the same context with `db` swapped for the transaction (decision record 020). Repository
 * functions take the transaction directly as their `db: Database` argument.
 */
export function withDb(ctx: AppContext, tx: Database): AppContext {
  return { ...ctx, db: tx };
}
