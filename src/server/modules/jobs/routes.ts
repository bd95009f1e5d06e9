import type { FastifyInstance } from 'fastify';
import { idParam } from '@shared/contracts/common';
import {
  businessIdParam,
  createApplicationBody,
  createJobPostingBody,
  jobPostingsQuery,
  proStaffIdParam,
  recentApplicationsQuery,
  updateApplicationStatusBody,
  updateJobPostingBody,
} from '@shared/contracts/jobs';
import { parse } from '../../lib/validate';
import { requireBusinessProfile, requireProStaffProfile, requireUser } from '../../lib/auth';
import * as service from './service';

export async function jobsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/job-postings', async (request) => {
    const query = parse(jobPostingsQuery, request.query);
    return service.listActivePostings(ctx, query);
  });

  app.get('/api/job-postings/business/:businessId', async (request) => {
    const { businessId } = parse(businessIdParam, request.params);
    return service.listBusinessPostings(ctx, request.user, businessId);
  });

  app.get('/api/job-postings/business/:businessId/stats', async (request) => {
    const user = requireUser(request);
    const { businessId } = parse(businessIdParam, request.params);
    return service.businessStats(ctx, user, businessId);
  });

  app.get('/api/job-postings/:id', async (request) => {
    const { id } = parse(idParam, request.params);
    return service.getPosting(ctx, request.user, id);
  });

  app.post('/api/job-postings', async (request, reply) => {
    const user = requireBusinessProfile(request);
    const body = parse(createJobPostingBody, request.body);
    return reply.status(201).send(await service.createPosting(ctx, user, body));
  });

  app.patch('/api/job-postings/:id', async (request) => {
    const user = requireBusinessProfile(request);
    const { id } = parse(idParam, request.params);
    const body = parse(updateJobPostingBody, request.body);
    return service.updatePosting(ctx, user, id, body);
  });

  app.get('/api/job-postings/:id/applications', async (request) => {
    const user = requireBusinessProfile(request);
    const { id } = parse(idParam, request.params);
    return service.listApplicationsForPosting(ctx, user, id);
  });

  app.post('/api/applications', async (request, reply) => {
    const user = requireProStaffProfile(request);
    const body = parse(createApplicationBody, request.body);
    return reply.status(201).send(await service.apply(ctx, user, body));
  });

  app.get('/api/applications/pro-staff/:proStaffId', async (request) => {
    const user = requireUser(request);
    const { proStaffId } = parse(proStaffIdParam, request.params);
    return service.listMyApplications(ctx, user, proStaffId);
  });

  app.get('/api/applications/business/:businessId', async (request) => {
    const user = requireUser(request);
    const { businessId } = parse(businessIdParam, request.params);
    const { limit } = parse(recentApplicationsQuery, request.query);
    return service.listRecentApplications(ctx, user, businessId, limit);
  });

  app.patch('/api/applications/:id/status', async (request) => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    const { status } = parse(updateApplicationStatusBody, request.body);
    return service.changeApplicationStatus(ctx, user, id, status);
  });
}
