import type { FastifyInstance } from 'fastify';
import { pageViewBody } from '@shared/contracts/billing';
import { parse } from '../../lib/validate';
import { AppError } from '../../lib/errors';
import { RateLimiter } from '../../lib/rate-limit';
import * as repo from './repository';

/** A browser navigates maybe a few pages a minute; this leaves room for tabs without letting a script flood the table. */
const viewsByIp = new RateLimiter(60, 60_000);

/** Test hook: forget rate-limit state between tests. */
export function resetPageViewThrottling(): void {
  viewsByIp.clear();
}

export async function pageViewRoutes(app: FastifyInstance) {
  const { ctx } = app;

  // Anonymous allowed: the admin dashboard counts every visit to the SPA.
  app.post('/api/page-views', async (request, reply) => {
    if (!viewsByIp.hit(request.ip)) {
      throw new AppError('RATE_LIMITED', 'Too many page views from this network', { retryAfterSeconds: viewsByIp.retryAfterSeconds(request.ip) });
    }
    const body = parse(pageViewBody, request.body);
    await repo.insertPageView(ctx.db, { path: body.path, userId: request.user?.id ?? null, visitorId: body.visitorId ?? null });
    return reply.status(204).send();
  });
}
