import { z } from 'zod';
import { idParam, noContent } from '@shared/contracts/common';
import * as contract from '@shared/contracts/goals';
import { requireBusinessProfile, requireUser } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

/** Seasons and pro staff goals with progress computed from the data (decision record 033). */
export const goalsRoutes = moduleRoutes(apiTags.goals, (app, ctx) => {
  ctx.tasks.schedule(service.GOALS_REACHED_TASK, 60 * 60, (taskCtx) => service.notifyReachedGoals(taskCtx));

  app.get(
    '/api/seasons',
    { onRequest: access('businessProfile'), schema: { summary: 'The business’s seasons, newest first', response: { 200: z.array(contract.season) } } },
    async (request) => service.listSeasons(ctx, requireBusinessProfile(request)),
  );

  app.post(
    '/api/seasons',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Create a season (a named range of days, both included)', body: contract.seasonFields, response: { 201: contract.seasonDetail } } },
    async (request, reply) => reply.status(201).send(await service.createSeason(ctx, requireBusinessProfile(request), request.body)),
  );

  app.get(
    '/api/seasons/:id',
    { onRequest: access('businessProfile'), schema: { summary: 'A season with its goals, their progress and the roster', params: idParam, response: { 200: contract.seasonDetail } } },
    async (request) => service.getSeason(ctx, requireBusinessProfile(request), request.params.id),
  );

  app.put(
    '/api/seasons/:id',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Rename a season or change its days', params: idParam, body: contract.seasonFields, response: { 200: contract.seasonDetail } } },
    async (request) => service.updateSeason(ctx, requireBusinessProfile(request), request.params.id, request.body),
  );

  app.delete(
    '/api/seasons/:id',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Delete a season with its goals', params: idParam, response: { 204: noContent } } },
    async (request, reply) => {
      await service.deleteSeason(ctx, requireBusinessProfile(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/seasons/:id/goals',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Set a rostered pro staffer’s goal for the season (one per staffer)', params: idParam, body: contract.createGoalBody, response: { 201: contract.goal } } },
    async (request, reply) => reply.status(201).send(await service.createGoal(ctx, requireBusinessProfile(request), request.params.id, request.body)),
  );

  app.get(
    '/api/goals',
    { onRequest: access('signedIn'), schema: { summary: 'Goals with progress: a business’s pro staff’s, or a pro staffer’s own', querystring: contract.goalsQuery, response: { 200: z.array(contract.goal) } } },
    async (request) => service.listGoals(ctx, requireUser(request), request.query.when),
  );

  app.get(
    '/api/goals/:id',
    { onRequest: access('signedIn'), schema: { summary: 'One goal with progress (its business and its pro staffer)', params: idParam, response: { 200: contract.goal } } },
    async (request) => service.getGoal(ctx, requireUser(request), request.params.id),
  );

  app.put(
    '/api/goals/:id',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Change a goal’s targets', params: idParam, body: contract.updateGoalBody, response: { 200: contract.goal } } },
    async (request) => service.updateGoal(ctx, requireBusinessProfile(request), request.params.id, request.body),
  );

  app.delete(
    '/api/goals/:id',
    { onRequest: access('businessProfile', { verifiedEmail: true }), schema: { summary: 'Delete a goal', params: idParam, response: { 204: noContent } } },
    async (request, reply) => {
      await service.deleteGoal(ctx, requireBusinessProfile(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
});
