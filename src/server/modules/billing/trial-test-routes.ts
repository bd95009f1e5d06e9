import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trialJobsResult } from '@shared/contracts/billing';
import { requireUser } from '@server/lib/auth';
import { AppError } from '@server/lib/errors';
import { access } from '@server/lib/routes/access';
import { moveTrialEnd } from './repository-trials';
import { runTrialJobs } from './trial-service';

/**
 * Registered only when NODE_ENV=test (see routes.ts): the signed-in user's trial ends now, and the
 * scheduled job runs once, as if 14 days had passed. Browser tests cannot move the server's clock.
 */
export const trialTestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/api/test/end-my-trial',
    { onRequest: access('signedIn'), schema: { summary: 'Test server only: end the caller’s free trial now and run the trial job', response: { 200: trialJobsResult } } },
    async (request) => {
      if (!(await moveTrialEnd(ctx.db, requireUser(request).id, new Date(Date.now() - 1000)))) throw new AppError('NOT_FOUND', 'You have no free trial');
      return runTrialJobs(ctx);
    },
  );
};
