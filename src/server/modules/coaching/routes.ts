import { z } from 'zod';
import { adminCoachingSession, bookCoachingBody, coachingSession, confirmCoachingBody, myCoaching, rescheduleCoachingBody } from '@shared/contracts/coaching';
import { idParam } from '@shared/contracts/common';
import { requireAdmin, requireRole } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

// Elite coaching (decision record 046). Writes by the staffer need a confirmed email: they mail the admins.
export const coachingRoutes = moduleRoutes(apiTags.coaching, (app, ctx) => {
  const staffer = access('proStaff', { verifiedEmail: true });
  const admin = access('admin', { verifiedEmail: true });

  app.get(
    '/api/coaching/sessions',
    { onRequest: access('proStaff'), schema: { summary: 'My coaching sessions, and whether my plan includes coaching', response: { 200: myCoaching } } },
    async (request) => service.mine(ctx, requireRole(request, 'pro_staff')),
  );

  app.post(
    '/api/coaching/sessions',
    {
      onRequest: staffer,
      schema: {
        summary: 'Ask for a coaching session (Elite)',
        description: '403 with details.upgradeUrl on any other plan; 409 while three requests are waiting.',
        body: bookCoachingBody,
        response: { 201: coachingSession },
      },
    },
    async (request, reply) => reply.status(201).send(await service.book(ctx, requireRole(request, 'pro_staff'), request.body)),
  );

  app.post(
    '/api/coaching/sessions/:id/reschedule',
    { onRequest: staffer, schema: { summary: 'Ask to move my coaching session to other times (Elite)', params: idParam, body: rescheduleCoachingBody, response: { 200: coachingSession } } },
    async (request) => service.requestNewTime(ctx, requireRole(request, 'pro_staff'), request.params.id, request.body),
  );

  app.post(
    '/api/coaching/sessions/:id/cancel',
    { onRequest: staffer, schema: { summary: 'Cancel my coaching session', description: 'A session with a time sends a METHOD:CANCEL invite.', params: idParam, response: { 200: coachingSession } } },
    async (request) => service.cancel(ctx, requireRole(request, 'pro_staff'), request.params.id, false),
  );

  app.get(
    '/api/admin/coaching/sessions',
    { onRequest: access('admin'), schema: { summary: 'The coaching queue (admin)', response: { 200: z.array(adminCoachingSession) } } },
    async () => service.queue(ctx),
  );

  app.post(
    '/api/admin/coaching/sessions/:id/confirm',
    {
      onRequest: admin,
      schema: {
        summary: 'Set or move a coaching session’s time (admin)',
        description: 'The date and time are in the staffer’s time zone. Both get a METHOD:REQUEST invite; a move raises its SEQUENCE.',
        params: idParam,
        body: confirmCoachingBody,
        response: { 200: coachingSession },
      },
    },
    async (request) => service.confirm(ctx, requireAdmin(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/coaching/sessions/:id/cancel',
    { onRequest: admin, schema: { summary: 'Cancel a coaching session (admin)', params: idParam, response: { 200: coachingSession } } },
    async (request) => service.cancel(ctx, requireAdmin(request), request.params.id, true),
  );
});
