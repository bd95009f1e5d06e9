import { idParam } from '@shared/contracts/common';
import { retriedTask, tasksOverview } from '@shared/contracts/tasks';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import type { Mail } from '@server/lib/mailer';
import * as service from './service';

export const PURGE_FINISHED_TASKS = 'tasks.purge-finished';

export const tasksRoutes = moduleRoutes(apiTags.admin, (app, ctx) => {
  const admin = access('admin');
  ctx.tasks.schedule(PURGE_FINISHED_TASKS, 24 * 60 * 60, (taskCtx) => service.purgeFinished(taskCtx));
  ctx.tasks.register(service.SEND_MAIL_TASK, async (taskCtx, task) => {
    const mail = task.payload as Mail;
    await taskCtx.mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, ...(mail.attachments ? { attachments: mail.attachments } : {}) });
    return { to: mail.to, subject: mail.subject };
  });

  app.get(
    '/api/admin/background-tasks',
    { onRequest: admin, schema: { summary: 'Background task counts and the dead ones', description: 'Dead tasks used up their attempts; see decision record 023.', response: { 200: tasksOverview } } },
    async () => service.overview(ctx),
  );

  app.post(
    '/api/admin/background-tasks/:id/retry',
    { onRequest: admin, schema: { summary: 'Queue a dead task again', description: '404 when no dead task has that id.', params: idParam, response: { 200: retriedTask } } },
    async (request) => service.retry(ctx, request.params.id),
  );
});
