import { z } from 'zod';
import { idParam } from '@shared/contracts/common';
import * as contract from '@shared/contracts/jobs';
import { requireBusinessProfile, requireProStaffProfile, requireUser } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

export const jobsRoutes = moduleRoutes(apiTags.jobs, (app, ctx) => {
  app.get('/api/job-postings', { schema: { summary: 'Search active job postings', querystring: contract.jobPostingsQuery, response: { 200: z.array(contract.jobPosting) } } }, async (request) =>
    service.listActivePostings(ctx, request.query),
  );

  app.get(
    '/api/job-postings/business/:businessId',
    { schema: { summary: 'List a business’s postings (all, with counts, for its owner)', params: contract.businessIdParam, response: { 200: z.union([z.array(contract.ownJobPosting), z.array(contract.jobPosting)]) } } },
    async (request) => service.listBusinessPostings(ctx, request.user, request.params.businessId),
  );

  app.get(
    '/api/job-postings/business/:businessId/stats',
    { onRequest: access('signedIn'), schema: { summary: 'Job statistics of the caller’s business', params: contract.businessIdParam, response: { 200: contract.businessJobStats } } },
    async (request) => service.businessStats(ctx, requireUser(request), request.params.businessId),
  );

  app.get('/api/job-postings/:id', { schema: { summary: 'Get a job posting', params: idParam, response: { 200: contract.jobPosting } } }, async (request) =>
    service.getPosting(ctx, request.user, request.params.id),
  );

  app.post(
    '/api/job-postings',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Post a job', body: contract.createJobPostingBody, response: { 201: contract.jobPosting } } },
    async (request, reply) => reply.status(201).send(await service.createPosting(ctx, requireBusinessProfile(request), request.body)),
  );

  app.patch(
    '/api/job-postings/:id',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Edit, open or close a job posting', params: idParam, body: contract.updateJobPostingBody, response: { 200: contract.jobPosting } } },
    async (request) => service.updatePosting(ctx, requireBusinessProfile(request), request.params.id, request.body),
  );

  app.get(
    '/api/job-postings/:id/applications',
    { onRequest: access('businessProfile'), schema: { summary: 'Applications to one of the caller’s postings', params: idParam, response: { 200: z.array(contract.receivedApplication) } } },
    async (request) => service.listApplicationsForPosting(ctx, requireBusinessProfile(request), request.params.id),
  );

  app.post(
    '/api/applications',
    { onRequest: access('proStaffProfile', { verifiedEmail: true }), schema: { summary: 'Apply to a job', body: contract.createApplicationBody, response: { 201: contract.application } } },
    async (request, reply) => reply.status(201).send(await service.apply(ctx, requireProStaffProfile(request), request.body)),
  );

  app.get(
    '/api/applications/pro-staff/:proStaffId',
    { onRequest: access('signedIn'), schema: { summary: 'The caller’s own applications', params: contract.proStaffIdParam, response: { 200: z.array(contract.myApplication) } } },
    async (request) => service.listMyApplications(ctx, requireUser(request), request.params.proStaffId),
  );

  app.get(
    '/api/applications/business/:businessId',
    { onRequest: access('signedIn'), schema: { summary: 'Newest applications across the caller’s postings', params: contract.businessIdParam, querystring: contract.recentApplicationsQuery, response: { 200: z.array(contract.recentApplication) } } },
    async (request) => service.listRecentApplications(ctx, requireUser(request), request.params.businessId, request.query.limit),
  );

  app.patch(
    '/api/applications/:id/status',
    { onRequest: access('signedIn', { verifiedEmail: true }), schema: { summary: 'Shortlist, accept, reject or withdraw an application', params: idParam, body: contract.updateApplicationStatusBody, response: { 200: contract.application } } },
    async (request) => service.changeApplicationStatus(ctx, requireUser(request), request.params.id, request.body.status),
  );
});
