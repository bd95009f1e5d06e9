import type { AppContext } from './context';
import { publishAll, type AddressedEvent } from './events';

/**
 * Pushes events to users' open tabs, best effort: a failure (a lost NOTIFY, a dropped connection) is logged and
 * swallowed, because the change it announces is already saved and a tab catches up on its next fetch or
 * reconnect. Every service publishes through this, never through ctx.events directly (decision record 020).
 */
export async function publishBestEffort(ctx: Pick<AppContext, 'events' | 'log'>, events: AddressedEvent | AddressedEvent[]): Promise<void> {
  const batch = Array.isArray(events) ? events : [events];
  try {
    await publishAll(ctx.events, batch);
  } catch (error) {
    ctx.log.warn({ err: error, types: [...new Set(batch.map(({ event }) => event.type))], count: batch.length }, 'event publish failed');
  }
}
