import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, userIdParam } from '@shared/contracts/common';
import * as contract from '@shared/contracts/profiles';
import { requireRole, requireUser } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags, tagRoutes } from '@server/lib/routes/openapi';
import * as service from './service';
import { recordProfileView } from '../analytics/service';

const savedResponse = <T extends z.ZodType>(profile: T) => ({ 200: profile.describe('Updated'), 201: profile.describe('Created') });

export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  tagRoutes(app, apiTags.profiles);

  // Public: the landing page and the directory show pro staff to everyone.
  app.get(
    '/api/pro-staff-profiles',
    {
      schema: {
        summary: 'Search the pro staff directory',
        description: 'With `page`, a page with its total; without, the plain list. X-Total-Count (and X-Total-Count-Estimated when estimated) carry the total either way.',
        querystring: contract.directoryQuery,
        response: { 200: z.union([contract.directoryPage, z.array(contract.proStaffProfile)]) },
      },
    },
    async (request, reply) => {
      const result = await service.listDirectory(ctx, request.query);
      reply.header('X-Total-Count', String(result.paged ? result.page.total : result.total));
      if (result.paged ? result.page.totalEstimated : result.totalEstimated) reply.header('X-Total-Count-Estimated', 'true');
      return result.paged ? result.page : result.items;
    },
  );

  // Public: Elite (featured placement) profiles for the landing page and the directory's Featured strip.
  app.get(
    '/api/pro-staff-profiles/featured',
    { schema: { summary: 'Featured pro staff (Elite placement)', querystring: contract.featuredQuery, response: { 200: z.array(contract.featuredProStaffProfile) } } },
    async (request) => service.listFeatured(ctx, request.query),
  );

  app.get(
    '/api/pro-staff-profiles/user/:userId',
    { schema: { summary: 'A user’s pro staff profile', params: userIdParam, response: { 200: contract.proStaffProfile } } },
    async (request) => service.getProStaffByUser(ctx, request.params.userId),
  );

  app.get('/api/pro-staff-profiles/:id', { schema: { summary: 'A pro staff profile (counts a view)', params: idParam, response: { 200: contract.proStaffProfile } } }, async (request) => {
    const profile = await service.getProStaff(ctx, request.params.id);
    await recordProfileView(ctx, request.user, { profileType: 'pro_staff', profileId: request.params.id });
    return profile;
  });

  app.post(
    '/api/pro-staff-profiles',
    { onRequest: access('proStaff'), schema: { summary: 'Create or update the caller’s pro staff profile', body: contract.proStaffProfileBody, response: savedResponse(contract.proStaffProfile) } },
    async (request, reply) => {
      const { profile, created } = await service.saveProStaff(ctx, requireRole(request, 'pro_staff'), request.body);
      return reply.status(created ? 201 : 200).send(profile);
    },
  );

  app.get(
    '/api/business-profiles/user/:userId',
    { schema: { summary: 'A user’s business profile', params: userIdParam, response: { 200: contract.businessProfile } } },
    async (request) => service.getBusinessByUser(ctx, request.params.userId),
  );

  app.get('/api/business-profiles/:id', { schema: { summary: 'A business profile (counts a view)', params: idParam, response: { 200: contract.businessProfile } } }, async (request) => {
    const profile = await service.getBusiness(ctx, request.params.id);
    await recordProfileView(ctx, request.user, { profileType: 'business', profileId: request.params.id });
    return profile;
  });

  app.post(
    '/api/business-profiles',
    { onRequest: access('business'), schema: { summary: 'Create or update the caller’s business profile', body: contract.businessProfileBody, response: savedResponse(contract.businessProfile) } },
    async (request, reply) => {
      const { profile, created } = await service.saveBusiness(ctx, requireRole(request, 'business'), request.body);
      return reply.status(created ? 201 : 200).send(profile);
    },
  );

  app.get(
    '/api/social-media-tags/search',
    { onRequest: access('signedIn'), schema: { summary: 'Find pro staff by a social media tag (business plans with social search)', querystring: contract.tagSearchQuery, response: { 200: z.array(contract.proStaffProfile) } } },
    async (request) => service.searchByTag(ctx, requireUser(request), request.query.tag, request.query.platform),
  );
};
