import { z } from 'zod';
import { idParam, userIdParam } from '@shared/contracts/common';
import { accountManager, accountManagersOverview, assignManagerBody, contactBody, contactReceipt, replyTicketBody, supportTicket, ticketStatusBody } from '@shared/contracts/support';
import { requireAdmin, requireRole } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

// Contact Us, the admin's answers and Enterprise account managers (decision record 046).
export const supportRoutes = moduleRoutes(apiTags.support, (app, ctx) => {
  const adminWrite = access('admin', { verifiedEmail: true });

  app.post(
    '/api/support/contact',
    {
      schema: {
        summary: 'Send a message to support (signed in or not)',
        description: 'Files a ticket the admins answer by email. Ten per client address per hour (429 after). The `website` field is a honeypot: leave it out.',
        body: contactBody,
        response: { 202: contactReceipt },
      },
    },
    async (request, reply) => reply.status(202).send(await service.fileTicket(ctx, request.user, request.ip, request.body)),
  );

  app.get(
    '/api/admin/support/tickets',
    { onRequest: access('admin'), schema: { summary: 'Support tickets, open first (admin)', response: { 200: z.array(supportTicket) } } },
    async () => service.listTickets(ctx),
  );

  app.post(
    '/api/admin/support/tickets/:id/replies',
    { onRequest: adminWrite, schema: { summary: 'Answer a support ticket by email (admin)', params: idParam, body: replyTicketBody, response: { 201: supportTicket } } },
    async (request, reply) => reply.status(201).send(await service.reply(ctx, requireAdmin(request), request.params.id, request.body)),
  );

  app.put(
    '/api/admin/support/tickets/:id/status',
    { onRequest: adminWrite, schema: { summary: 'Set a support ticket’s status (admin)', params: idParam, body: ticketStatusBody, response: { 200: supportTicket } } },
    async (request) => service.setStatus(ctx, request.params.id, request.body.status),
  );

  app.get(
    '/api/account-manager',
    { onRequest: access('business'), schema: { summary: 'My account manager (Enterprise)', response: { 200: accountManager } } },
    async (request) => service.myManager(ctx, requireRole(request, 'business')),
  );

  app.get(
    '/api/admin/account-managers',
    { onRequest: access('admin'), schema: { summary: 'Enterprise accounts and their managers (admin)', response: { 200: accountManagersOverview } } },
    async () => service.managersOverview(ctx),
  );

  app.put(
    '/api/admin/account-managers/:userId',
    {
      onRequest: adminWrite,
      schema: { summary: 'Name an Enterprise account’s manager (admin)', description: 'managerUserId null removes the manager.', params: userIdParam, body: assignManagerBody, response: { 200: accountManagersOverview } },
    },
    async (request) => service.assignManager(ctx, request.params.userId, request.body),
  );
});
