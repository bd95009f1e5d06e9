import { z } from 'zod';
import { idParam, userIdParam } from '@shared/contracts/common';
import * as contract from '@shared/contracts/profiles';
import { requireRole, requireUser } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes, type RoutesApp } from '@server/lib/routes/module-routes';
import type { AppContext } from '@server/lib/context';
import type { SessionUser } from '@shared/contracts/auth';
import type { UserType } from '@shared/plans';
import * as service from './service';
import { recordProfileView } from '../analytics/service';

/** The two kinds of profile: who may save one (the account type of the same name) and its schemas and service. */
type Profile = contract.ProStaffProfile | contract.BusinessProfile;
type ProfileKind = {
  path: string;
  kind: UserType;
  /** In the summaries: 'A user’s pro staff profile'. */
  label: string;
  profile: z.ZodType<Profile>;
  body: typeof contract.proStaffProfileBody | typeof contract.businessProfileBody;
  getByUser: (ctx: AppContext, userId: number) => Promise<Profile>;
  get: (ctx: AppContext, id: number) => Promise<Profile>;
  /** Takes the body its kind's schema let through. */
  save: (ctx: AppContext, user: SessionUser, body: never) => Promise<{ profile: Profile; created: boolean }>;
};

/** A kind's profile by user id and by id (a view counts), and the caller's own saved (201 when it was created). */
function profileRoutes(app: RoutesApp, ctx: AppContext, kind: ProfileKind): void {
  const { path, label } = kind;
  app.get(`${path}/user/:userId`, { schema: { summary: `A user’s ${label} profile`, params: userIdParam, response: { 200: kind.profile } } }, async (request) =>
    kind.getByUser(ctx, request.params.userId),
  );

  app.get(`${path}/:id`, { schema: { summary: `A ${label} profile (counts a view)`, params: idParam, response: { 200: kind.profile } } }, async (request) => {
    const profile = await kind.get(ctx, request.params.id);
    await recordProfileView(ctx, request.user, { profileType: kind.kind, profileId: request.params.id });
    return profile;
  });

  app.post(
    path,
    {
      onRequest: access(kind.kind === 'business' ? 'business' : 'proStaff'),
      schema: { summary: `Create or update the caller’s ${label} profile`, body: kind.body, response: { 200: kind.profile.describe('Updated'), 201: kind.profile.describe('Created') } },
    },
    async (request, reply) => {
      const { profile, created } = await kind.save(ctx, requireRole(request, kind.kind), request.body as never);
      return reply.status(created ? 201 : 200).send(profile);
    },
  );
}

export const profilesRoutes = moduleRoutes(apiTags.profiles, (app, ctx) => {
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

  profileRoutes(app, ctx, {
    path: '/api/pro-staff-profiles',
    kind: 'pro_staff',
    label: 'pro staff',
    profile: contract.proStaffProfile,
    body: contract.proStaffProfileBody,
    getByUser: service.getProStaffByUser,
    get: service.getProStaff,
    save: service.saveProStaff,
  });

  profileRoutes(app, ctx, {
    path: '/api/business-profiles',
    kind: 'business',
    label: 'business',
    profile: contract.businessProfile,
    body: contract.businessProfileBody,
    getByUser: service.getBusinessByUser,
    get: service.getBusiness,
    save: service.saveBusiness,
  });

  app.get(
    '/api/social-media-tags/search',
    { onRequest: access('signedIn'), schema: { summary: 'Find pro staff by a social media tag (business plans with social search)', querystring: contract.tagSearchQuery, response: { 200: z.array(contract.proStaffProfile) } } },
    async (request) => service.searchByTag(ctx, requireUser(request), request.query.tag, request.query.platform),
  );
});
