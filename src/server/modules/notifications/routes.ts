import { idParam } from '@shared/contracts/common';
import * as contract from '@shared/contracts/notifications';
import { requireUser } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

export const WEEKLY_DIGEST_TASK = 'notifications.weekly-digest';
export const PURGE_READ_TASK = 'notifications.purge-read';

/** The notification centre and its email settings (decision record 030). Every route acts on the caller's own data. */
export const notificationsRoutes = moduleRoutes(apiTags.notifications, (app, ctx) => {
  // Hourly: each user's digest goes out once per 7 days, about a week after the previous one (or after opting in).
  ctx.tasks.schedule(WEEKLY_DIGEST_TASK, 60 * 60, (taskCtx) => service.sendWeeklyDigests(taskCtx));
  ctx.tasks.schedule(PURGE_READ_TASK, 24 * 60 * 60, (taskCtx) => service.purgeOldRead(taskCtx));

  app.get(
    '/api/notifications',
    { onRequest: access('signedIn'), schema: { summary: 'The caller’s notifications, newest first, with the unread count', querystring: contract.notificationsQuery, response: { 200: contract.notificationsPage } } },
    async (request) => service.list(ctx, requireUser(request).id, request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    { onRequest: access('signedIn'), schema: { summary: 'How many of the caller’s notifications are unread (the bell)', response: { 200: contract.unreadNotifications } } },
    async (request) => service.unread(ctx, requireUser(request).id),
  );

  app.post(
    '/api/notifications/:id/read',
    { onRequest: access('signedIn'), schema: { summary: 'Mark one of the caller’s notifications read', params: idParam, response: { 200: contract.unreadNotifications } } },
    async (request) => service.markRead(ctx, requireUser(request).id, request.params.id),
  );

  app.post(
    '/api/notifications/read-all',
    { onRequest: access('signedIn'), schema: { summary: 'Mark all the caller’s notifications read', response: { 200: contract.unreadNotifications } } },
    async (request) => service.markAllRead(ctx, requireUser(request).id),
  );

  app.get(
    '/api/notification-settings',
    { onRequest: access('signedIn'), schema: { summary: 'Which kinds of notification also come by email, and the weekly digest', response: { 200: contract.notificationSettings } } },
    async (request) => service.getSettings(ctx, requireUser(request).id),
  );

  app.patch(
    '/api/notification-settings',
    { onRequest: access('signedIn'), schema: { summary: 'Change the email settings (only the fields sent)', body: contract.updateNotificationSettingsBody, response: { 200: contract.notificationSettings } } },
    async (request) => service.updateSettings(ctx, requireUser(request).id, request.body),
  );
});
