import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

/** No routes: the privacy policy's retention runs as a nightly task (decision record 026). */
export const retentionRoutes = moduleRoutes(apiTags.admin, (_app, ctx) => {
  ctx.tasks.schedule(service.RETENTION_TASK, 24 * 60 * 60, (taskCtx) => service.runRetention(taskCtx));
});
