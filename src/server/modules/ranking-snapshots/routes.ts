import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

/** No routes: the monthly snapshot is a scheduled task (daily; it stores the month before once). */
export const rankingSnapshotsRoutes = moduleRoutes(apiTags.commissions, (_app, ctx) => {
  ctx.tasks.schedule(service.SNAPSHOT_TASK, 24 * 60 * 60, (taskCtx) => service.snapshotPreviousMonth(taskCtx));
});
