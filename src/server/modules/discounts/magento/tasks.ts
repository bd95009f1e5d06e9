import type { AppContext } from '@server/lib/context';
import { MAGENTO_POLL_SECONDS, MAGENTO_POLL_STORE_TASK, MAGENTO_POLL_TASK, pollStore, queueStorePolls } from './poll-service';

/** The scheduled Magento poll (every five minutes, once across instances) and its per-store tasks. */
export function registerMagentoPoll(ctx: AppContext): void {
  ctx.tasks.schedule(MAGENTO_POLL_TASK, MAGENTO_POLL_SECONDS, (taskCtx) => queueStorePolls(taskCtx));
  ctx.tasks.register(MAGENTO_POLL_STORE_TASK, async (taskCtx, task) => {
    const outcome = await pollStore(taskCtx, Number((task.payload as { platformId?: unknown }).platformId));
    return { ...outcome };
  });
}
