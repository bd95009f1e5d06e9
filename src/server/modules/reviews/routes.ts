import { z } from 'zod';
import { idParam } from '@shared/contracts/common';
import * as contract from '@shared/contracts/reviews';
import { requireBusinessProfile, requireUser } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

export const reviewsRoutes = moduleRoutes(apiTags.reviews, (app, ctx) => {
  // The specification's words for a signed-out reviewer or voter.
  const signedIn = access('signedIn', { signedOutMessage: 'Must be logged in' });
  // Writing and voting reach other people: a confirmed email first (decision record 027).
  const signedInVerified = access('signedIn', { signedOutMessage: 'Must be logged in', verifiedEmail: true });

  app.get(
    '/api/reviews',
    { schema: { summary: 'Public reviews of one business or pro staffer (and the caller’s own)', querystring: contract.reviewListQuery, response: { 200: z.array(contract.review) } } },
    async (request) => service.listReviews(ctx, request.user, request.query),
  );

  app.get(
    '/api/reviews/page',
    { schema: { summary: 'A page of reviews with the rating summary', querystring: contract.reviewPageQuery, response: { 200: contract.reviewPage } } },
    async (request) => service.pageReviews(ctx, request.user, request.query),
  );

  app.get(
    '/api/reviews/reviewees',
    { onRequest: signedIn, schema: { summary: 'Businesses or pro staff the caller can review', querystring: contract.revieweeQuery, response: { 200: z.array(contract.reviewee) } } },
    async (request) => service.listReviewees(ctx, requireUser(request), request.query.type, request.query.search),
  );

  app.post(
    '/api/reviews',
    { onRequest: signedInVerified, schema: { summary: 'Write a review', body: contract.createReviewBody, response: { 201: contract.review } } },
    async (request, reply) => reply.status(201).send(await service.createReview(ctx, requireUser(request), request.body)),
  );

  app.post(
    '/api/reviews/:id/helpful',
    { onRequest: signedInVerified, schema: { summary: 'Vote a review helpful or not', params: idParam, body: contract.reviewVoteBody, response: { 200: contract.reviewVoteResult } } },
    async (request) => service.vote(ctx, requireUser(request), request.params.id, request.body.isHelpful),
  );

  app.post(
    '/api/reviews/:id/response',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Answer a review of the caller’s business', params: idParam, body: contract.reviewResponseBody, response: { 200: contract.review } } },
    async (request) => service.respond(ctx, requireBusinessProfile(request), request.params.id, request.body.response),
  );
});
