import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { moveTrialEnd } from './repository-trials';
import { runTrialJobs } from './trial-service';

/**
 * Registered only when NODE_ENV=test (see routes.ts): the signed-in user's trial ends now, and the
 * scheduled job runs once, as if 14 days had passed. Browser tests cannot move the server's clock.
 */
export async function trialTestRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.post('/api/test/end-my-trial', async (request) => {
    const user = requireUser(request);
    if (!(await moveTrialEnd(ctx.db, user.id, new Date(Date.now() - 1000)))) throw new AppError('NOT_FOUND', 'You have no free trial');
    return runTrialJobs(ctx);
  });
}
