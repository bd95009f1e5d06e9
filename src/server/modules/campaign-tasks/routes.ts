import * as contract from '@shared/contracts/campaign-tasks';
import { idParam } from '@shared/contracts/common';
import { requireBusinessProfile, requireProStaffProfile, requireUser } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import { privateFileResponse, sendPrivateFile } from '@server/lib/routes/private-file';
import { assertUploadAllowed } from '@server/lib/upload-throttle';
import { readProofForm } from './proof-form';
import * as service from './service';

const MAX_MB = contract.PROOF_PHOTO_MAX_BYTES / (1024 * 1024);

/** Tasks with proof inside campaigns (decision record 032); the campaign's visibility is record 031's. */
export const campaignTasksRoutes = moduleRoutes(apiTags.campaigns, (app, ctx) => {
  app.get(
    '/api/campaigns/:id/tasks',
    { onRequest: access('signedIn'), schema: { summary: 'The campaign’s tasks and proofs (the owner: every proof; a staffer in the audience: their own)', params: idParam, response: { 200: contract.campaignTasksView } } },
    async (request) => service.view(ctx, requireUser(request), request.params.id),
  );

  app.post(
    '/api/campaigns/:id/tasks',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Add a task to a scheduled or open campaign', params: idParam, body: contract.campaignTaskFields, response: { 201: contract.campaignTasksView } } },
    async (request, reply) => reply.status(201).send(await service.create(ctx, requireBusinessProfile(request), request.params.id, request.body)),
  );

  app.put(
    '/api/campaigns/:id/tasks/:taskId',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Edit a task nobody has submitted proof for', params: contract.campaignTaskParams, body: contract.campaignTaskFields, response: { 200: contract.campaignTasksView } } },
    async (request) => service.update(ctx, requireBusinessProfile(request), request.params.id, request.params.taskId, request.body),
  );

  app.delete(
    '/api/campaigns/:id/tasks/:taskId',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Delete a task nobody has submitted proof for', params: contract.campaignTaskParams, response: { 200: contract.campaignTasksView } } },
    async (request) => service.remove(ctx, requireBusinessProfile(request), request.params.id, request.params.taskId),
  );

  app.post(
    '/api/campaigns/:id/tasks/:taskId/submissions',
    {
      onRequest: access('proStaffProfile', { verifiedEmail: true }),
      schema: {
        summary: 'Submit proof for an open task (a staffer in the campaign’s audience)',
        description: `multipart/form-data: the text fields ${contract.proofFieldNames.join(', ')} (which are required depends on the task's kind) and up to ${contract.MAX_PROOF_PHOTOS} parts "file": JPEG, PNG or WebP photos of at most ${MAX_MB} MB each.`,
        params: contract.campaignTaskParams,
        consumes: ['multipart/form-data'],
        response: { 201: contract.taskSubmission },
      },
    },
    async (request, reply) => {
      const user = requireProStaffProfile(request);
      await assertUploadAllowed(ctx, user.id);
      const { raw, files } = await readProofForm(request);
      return reply.status(201).send(await service.submit(ctx, user, request.params.id, request.params.taskId, raw, files));
    },
  );

  app.post(
    '/api/campaigns/:id/submissions/:submissionId/approve',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Approve a waiting proof (creates the task’s reward commission once)', params: contract.taskSubmissionParams, response: { 200: contract.taskSubmission } } },
    async (request) => service.approve(ctx, requireBusinessProfile(request), request.params.id, request.params.submissionId),
  );

  app.post(
    '/api/campaigns/:id/submissions/:submissionId/reject',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Reject a waiting proof with a reason', params: contract.taskSubmissionParams, body: contract.rejectProofBody, response: { 200: contract.taskSubmission } } },
    async (request) => service.reject(ctx, requireBusinessProfile(request), request.params.id, request.params.submissionId, request.body),
  );

  app.get(
    '/api/campaigns/:id/submissions/:submissionId/photos/:photoId',
    {
      onRequest: access('signedIn'),
      schema: { summary: 'A proof photo (the staffer who submitted it and the campaign’s owner)', params: contract.proofPhotoParams, response: { 200: privateFileResponse('The photo (JPEG, PNG or WebP)') } },
    },
    async (request, reply) => sendPrivateFile(reply, await service.proofPhoto(ctx, requireUser(request), request.params.id, request.params.submissionId, request.params.photoId)),
  );
});
