import { z } from 'zod';
import { idParam } from '@shared/contracts/common';
import * as contract from '@shared/contracts/agreements';
import { requireBusinessProfile, requireProStaffProfile, requireUser } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

/** Pro staff agreements and the roster (decision record 028). */
export const agreementsRoutes = moduleRoutes(apiTags.agreements, (app, ctx) => {
  ctx.tasks.schedule(service.EXPIRY_NOTICES_TASK, 24 * 60 * 60, (taskCtx) => service.recordExpiries(taskCtx));

  app.get(
    '/api/agreements',
    { onRequest: access('signedIn', { token: 'roster:read' }), schema: { summary: 'The caller’s agreements: a business’s roster or a pro staffer’s brands and offers', querystring: contract.agreementsQuery, response: { 200: z.array(contract.agreement) } } },
    async (request) => service.list(ctx, requireUser(request), request.query),
  );

  app.get(
    '/api/agreements/roster.csv',
    {
      onRequest: access('businessProfile', { token: 'roster:read' }),
      schema: {
        summary: 'The caller’s roster as CSV',
        description: `Same filters as GET /api/agreements. Columns: ${service.rosterCsvColumns.join(', ')}.`,
        querystring: contract.agreementsQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv, downloaded as huntstaff-roster.csv') },
      },
    },
    async (request, reply) => {
      const csv = await service.rosterCsv(ctx, requireBusinessProfile(request), request.query);
      return reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="huntstaff-roster.csv"').send(csv);
    },
  );

  app.post(
    '/api/agreements',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Offer a pro staffer an agreement', body: contract.createAgreementBody, response: { 201: contract.agreement } } },
    async (request, reply) => reply.status(201).send(await service.offer(ctx, requireBusinessProfile(request), request.body)),
  );

  app.get(
    '/api/agreements/:id',
    { onRequest: access('signedIn', { token: 'roster:read' }), schema: { summary: 'One agreement version (its two parties only)', params: idParam, response: { 200: contract.agreement } } },
    async (request) => service.get(ctx, requireUser(request), request.params.id),
  );

  app.get(
    '/api/agreements/:id/history',
    { onRequest: access('signedIn', { token: 'roster:read' }), schema: { summary: 'Every transition of the agreement, all versions (its two parties only)', params: idParam, response: { 200: z.array(contract.agreementEvent) } } },
    async (request) => service.history(ctx, requireUser(request), request.params.id),
  );

  app.post(
    '/api/agreements/:id/revisions',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Propose new terms for an active agreement (a new version to accept)', params: idParam, body: contract.reviseAgreementBody, response: { 201: contract.agreement } } },
    async (request, reply) => reply.status(201).send(await service.revise(ctx, requireBusinessProfile(request), request.params.id, request.body)),
  );

  app.post(
    '/api/agreements/:id/accept',
    { onRequest: access('proStaffProfile', { verifiedEmail: true }), schema: { summary: 'Accept an offer (records who, when and from which address)', params: idParam, body: contract.acceptAgreementBody, response: { 200: contract.agreement } } },
    async (request) => service.accept(ctx, requireProStaffProfile(request), request.params.id, request.body, request.ip),
  );

  app.post(
    '/api/agreements/:id/decline',
    { onRequest: access('proStaffProfile', { verifiedEmail: true }), schema: { summary: 'Decline an offer', params: idParam, body: contract.declineAgreementBody, response: { 200: contract.agreement } } },
    async (request) => service.decline(ctx, requireProStaffProfile(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/agreements/:id/end',
    { onRequest: access('signedIn', { verifiedEmail: true }), schema: { summary: 'End an active agreement, or withdraw an offer, with a reason (either party)', params: idParam, body: contract.endAgreementBody, response: { 200: contract.agreement } } },
    async (request) => service.end(ctx, requireUser(request), request.params.id, request.body.reason),
  );
});
