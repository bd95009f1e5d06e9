import type { FastifyInstance } from 'fastify';
import { idParam } from '@shared/contracts/common';
import { createReviewBody, reviewListQuery, revieweeQuery, reviewPageQuery, reviewResponseBody, reviewVoteBody } from '@shared/contracts/reviews';
import { parse } from '../../lib/validate';
import { requireBusinessProfile } from '../../lib/auth';
import * as service from './service';

export async function reviewsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/reviews', async (request) => {
    const query = parse(reviewListQuery, request.query);
    return service.listReviews(ctx, request.user, query);
  });

  app.get('/api/reviews/page', async (request) => {
    const query = parse(reviewPageQuery, request.query);
    return service.pageReviews(ctx, request.user, query);
  });

  app.get('/api/reviews/reviewees', async (request) => {
    const user = service.mustBeLoggedIn(request.user);
    const { type, search } = parse(revieweeQuery, request.query);
    return service.listReviewees(ctx, user, type, search);
  });

  app.post('/api/reviews', async (request, reply) => {
    const user = service.mustBeLoggedIn(request.user);
    const body = parse(createReviewBody, request.body);
    return reply.status(201).send(await service.createReview(ctx, user, body));
  });

  app.post('/api/reviews/:id/helpful', async (request) => {
    const user = service.mustBeLoggedIn(request.user);
    const { id } = parse(idParam, request.params);
    const { isHelpful } = parse(reviewVoteBody, request.body);
    return service.vote(ctx, user, id, isHelpful);
  });

  app.post('/api/reviews/:id/response', async (request) => {
    const user = requireBusinessProfile(request);
    const { id } = parse(idParam, request.params);
    const { response } = parse(reviewResponseBody, request.body);
    return service.respond(ctx, user, id, response);
  });
}
