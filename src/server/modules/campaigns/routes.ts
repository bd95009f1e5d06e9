import { z } from 'zod';
import { idParam, noContent } from '@shared/contracts/common';
import * as contract from '@shared/contracts/campaigns';
import { requireBusinessProfile, requireUser } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import { privateFileResponse, sendPrivateFile } from '@server/lib/routes/private-file';
import { assertUploadAllowed } from '@server/lib/upload-throttle';
import { readAssetForm } from './asset-form';
import * as service from './service';

const MAX_MB = contract.CAMPAIGN_ASSET_MAX_BYTES / (1024 * 1024);

/** Campaigns for a business's pro staff and their content library (decision record 031). */
export const campaignsRoutes = moduleRoutes(apiTags.campaigns, (app, ctx) => {
  ctx.tasks.schedule(service.ANNOUNCE_CAMPAIGNS_TASK, 60 * 60, (taskCtx) => service.announceOpenedCampaigns(taskCtx));

  app.get(
    '/api/campaigns',
    { onRequest: access('signedIn'), schema: { summary: 'A business’s campaigns, or the opened campaigns a pro staffer is in the audience of', response: { 200: z.array(contract.campaign) } } },
    async (request) => service.list(ctx, requireUser(request)),
  );

  app.post(
    '/api/campaigns',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Create a campaign (announced to its audience when it opens)', body: contract.createCampaignBody, response: { 201: contract.campaignDetail } } },
    async (request, reply) => reply.status(201).send(await service.create(ctx, requireBusinessProfile(request), request.body)),
  );

  app.get(
    '/api/campaigns/:id',
    { onRequest: access('signedIn'), schema: { summary: 'One campaign with its assets (the owner; its audience once opened)', params: idParam, response: { 200: contract.campaignDetail } } },
    async (request) => service.get(ctx, requireUser(request), request.params.id),
  );

  app.put(
    '/api/campaigns/:id',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Edit a campaign that has not opened yet', params: idParam, body: contract.updateCampaignBody, response: { 200: contract.campaignDetail } } },
    async (request) => service.update(ctx, requireBusinessProfile(request), request.params.id, request.body),
  );

  app.delete(
    '/api/campaigns/:id',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Delete a campaign that has not opened yet, with its files', params: idParam, response: { 204: noContent } } },
    async (request, reply) => {
      await service.remove(ctx, requireBusinessProfile(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/campaigns/:id/close',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Close an open campaign today', params: idParam, response: { 200: contract.campaignDetail } } },
    async (request) => service.close(ctx, requireBusinessProfile(request), request.params.id),
  );

  app.post(
    '/api/campaigns/:id/assets/link',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Add a link (https) to the campaign’s content library', params: idParam, body: contract.linkAssetBody, response: { 201: contract.campaignDetail } } },
    async (request, reply) => reply.status(201).send(await service.addLink(ctx, requireBusinessProfile(request), request.params.id, request.body)),
  );

  app.post(
    '/api/campaigns/:id/assets/file',
    {
      onRequest: access('businessProfile', { verifiedEmail: true }),
      schema: {
        summary: 'Upload a file to the campaign’s content library',
        description: `multipart/form-data: the text fields name and usageNotes, and one part "file": a PDF, JPEG, PNG, GIF or WebP of at most ${MAX_MB} MB.`,
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 201: contract.campaignDetail },
      },
    },
    async (request, reply) => {
      const user = requireBusinessProfile(request);
      await assertUploadAllowed(ctx, user.id);
      const { fields, file } = await readAssetForm(request);
      return reply.status(201).send(await service.addFile(ctx, user, request.params.id, fields, file));
    },
  );

  app.delete(
    '/api/campaigns/:id/assets/:assetId',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Remove an asset from the campaign’s content library', params: contract.campaignAssetParams, response: { 200: contract.campaignDetail } } },
    async (request) => service.removeAsset(ctx, requireBusinessProfile(request), request.params.id, request.params.assetId),
  );

  app.get(
    '/api/campaigns/:id/assets/:assetId/file',
    {
      onRequest: access('signedIn'),
      schema: {
        summary: 'A file asset (the owner; the audience once the campaign has opened)',
        params: contract.campaignAssetParams,
        response: { 200: privateFileResponse('The file (PDF or image)') },
      },
    },
    async (request, reply) => {
      const file = await service.assetFile(ctx, requireUser(request), request.params.id, request.params.assetId);
      return sendPrivateFile(reply, file);
    },
  );
});
