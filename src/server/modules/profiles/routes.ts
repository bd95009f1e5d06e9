import type { FastifyInstance } from 'fastify';
import { idParam, userIdParam } from '@shared/contracts/common';
import { businessProfileBody, directoryQuery, featuredQuery, proStaffProfileBody, tagSearchQuery } from '@shared/contracts/profiles';
import { parse } from '../../lib/validate';
import { requireRole, requireUser } from '../../lib/auth';
import * as service from './service';
import { recordProfileView } from '../analytics/service';

export async function profilesRoutes(app: FastifyInstance) {
  const { ctx } = app;

  // Public: the landing page and the directory show pro staff to everyone.
  app.get('/api/pro-staff-profiles', async (request, reply) => {
    const filters = parse(directoryQuery, request.query);
    const result = await service.listDirectory(ctx, filters);
    reply.header('X-Total-Count', String(result.paged ? result.page.total : result.total));
    if (result.paged ? result.page.totalEstimated : result.totalEstimated) reply.header('X-Total-Count-Estimated', 'true');
    return result.paged ? result.page : result.items;
  });

  // Public: Elite (featured placement) profiles for the landing page and the directory's Featured strip.
  app.get('/api/pro-staff-profiles/featured', async (request) => {
    return service.listFeatured(ctx, parse(featuredQuery, request.query));
  });

  app.get('/api/pro-staff-profiles/user/:userId', async (request) => {
    const { userId } = parse(userIdParam, request.params);
    return service.getProStaffByUser(ctx, userId);
  });

  app.get('/api/pro-staff-profiles/:id', async (request) => {
    const { id } = parse(idParam, request.params);
    const profile = await service.getProStaff(ctx, id);
    await recordProfileView(ctx, request.user, { profileType: 'pro_staff', profileId: id });
    return profile;
  });

  app.post('/api/pro-staff-profiles', async (request, reply) => {
    const user = requireRole(request, 'pro_staff');
    const body = parse(proStaffProfileBody, request.body);
    const { profile, created } = await service.saveProStaff(ctx, user, body);
    return reply.status(created ? 201 : 200).send(profile);
  });

  app.get('/api/business-profiles/user/:userId', async (request) => {
    const { userId } = parse(userIdParam, request.params);
    return service.getBusinessByUser(ctx, userId);
  });

  app.get('/api/business-profiles/:id', async (request) => {
    const { id } = parse(idParam, request.params);
    const profile = await service.getBusiness(ctx, id);
    await recordProfileView(ctx, request.user, { profileType: 'business', profileId: id });
    return profile;
  });

  app.post('/api/business-profiles', async (request, reply) => {
    const user = requireRole(request, 'business');
    const body = parse(businessProfileBody, request.body);
    const { profile, created } = await service.saveBusiness(ctx, user, body);
    return reply.status(created ? 201 : 200).send(profile);
  });

  app.get('/api/social-media-tags/search', async (request) => {
    const user = requireUser(request);
    const query = parse(tagSearchQuery, request.query);
    return service.searchByTag(ctx, user, query.tag, query.platform);
  });
}
