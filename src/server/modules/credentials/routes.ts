import { z } from 'zod';
import { idParam, proStaffIdParam } from '@shared/contracts/common';
import * as contract from '@shared/contracts/credentials';
import { requireAdmin, requireProStaffProfile, requireUser } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import { privateFileResponse, sendPrivateFile } from '@server/lib/routes/private-file';
import { assertUploadAllowed } from '@server/lib/upload-throttle';
import { readCredentialForm } from './credential-form';
import * as service from './service';

const MAX_MB = contract.CREDENTIAL_DOCUMENT_MAX_BYTES / (1024 * 1024);

/** Verified credentials: the staffer's submissions, the admin review queue and the badge (decision record 029). */
export const credentialsRoutes = moduleRoutes(apiTags.credentials, (app, ctx) => {
  ctx.tasks.schedule(service.EXPIRE_CREDENTIALS_TASK, 60 * 60, (taskCtx) => service.expireLapsedCredentials(taskCtx));

  app.get(
    '/api/credentials',
    { onRequest: access('proStaffProfile'), schema: { summary: 'The caller’s credentials, newest first', response: { 200: z.array(contract.credential) } } },
    async (request) => service.listMine(ctx, requireProStaffProfile(request)),
  );

  // The fields and the document in one multipart request: nothing is stored unless both are accepted.
  app.post(
    '/api/credentials',
    {
      onRequest: access('proStaffProfile', { verifiedEmail: true }),
      schema: {
        summary: 'Submit a credential for review',
        description: `multipart/form-data: the text fields type (${contract.credentialTypes.join(', ')}), issuingAuthority, number, issuedOn and expiresOn (YYYY-MM-DD; empty only for hunter_education), and one part "file": the document as PDF, JPEG or PNG of at most ${MAX_MB} MB.`,
        consumes: ['multipart/form-data'],
        response: { 201: contract.credential },
      },
    },
    async (request, reply) => {
      const user = requireProStaffProfile(request);
      await assertUploadAllowed(ctx, user.id);
      const { fields, document } = await readCredentialForm(request);
      return reply.status(201).send(await service.submit(ctx, user, fields, document));
    },
  );

  app.post(
    '/api/credentials/:id/withdraw',
    { onRequest: access('proStaffProfile', { verifiedEmail: true }), schema: { summary: 'Withdraw one of the caller’s credentials that is waiting for review', params: idParam, response: { 200: contract.credential } } },
    async (request) => service.withdraw(ctx, requireProStaffProfile(request), request.params.id),
  );

  app.get(
    '/api/credentials/:id/document',
    {
      onRequest: access('signedIn'),
      schema: {
        summary: 'The credential’s document (its owner and admins only)',
        params: idParam,
        response: { 200: privateFileResponse('The document (PDF, JPEG or PNG)') },
      },
    },
    async (request, reply) => {
      const file = await service.documentFor(ctx, requireUser(request), request.params.id);
      return sendPrivateFile(reply, file);
    },
  );

  app.get(
    '/api/pro-staff-profiles/:proStaffId/credentials',
    { schema: { summary: 'A pro staffer’s verified credentials: type and issuer only (public)', params: proStaffIdParam, response: { 200: z.array(contract.publicCredential) } } },
    async (request) => service.publicCredentials(ctx, request.params.proStaffId),
  );

  const admin = access('admin');
  app.get(
    '/api/admin/credentials',
    { onRequest: admin, schema: { summary: 'The credential review queue (pending, oldest first) or the approved ones', querystring: contract.credentialQueueQuery, response: { 200: z.array(contract.queuedCredential) } } },
    async (request) => service.queue(ctx, request.query.status),
  );

  app.post(
    '/api/admin/credentials/:id/approve',
    { onRequest: admin, schema: { summary: 'Approve a pending credential (sets the verified badge)', params: idParam, response: { 200: contract.credential } } },
    async (request) => service.approve(ctx, requireAdmin(request), request.params.id),
  );

  app.post(
    '/api/admin/credentials/:id/reject',
    { onRequest: admin, schema: { summary: 'Reject a pending credential with a reason', params: idParam, body: contract.rejectCredentialBody, response: { 200: contract.credential } } },
    async (request) => service.reject(ctx, requireAdmin(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/admin/credentials/:id/revoke',
    { onRequest: admin, schema: { summary: 'Revoke an approved credential with a reason (the badge goes if no other remains)', params: idParam, body: contract.revokeCredentialBody, response: { 200: contract.credential } } },
    async (request) => service.revoke(ctx, requireAdmin(request), request.params.id, request.body.reason),
  );
});
