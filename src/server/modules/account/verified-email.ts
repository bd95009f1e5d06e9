import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { requireUser } from '@server/lib/auth';
import { AppError } from '@server/lib/errors';

/**
 * What an account may not do until it has confirmed its email address (issue 25, decision record 027): message,
 * apply, post jobs, create discount codes, connect a payout account, offer or accept agreements. It may sign in, complete its profile and look around.
 * The one place the rule lives: each route named here gets `requireVerifiedEmail` after its own access check, so a
 * signed-out caller still gets 401 and a wrong role 403 first. `verified-email.test.ts` fails when a name here no
 * longer matches a route. Services acting on another account (paying a payee) call `assertEmailVerified`.
 */
export const VERIFIED_EMAIL_ROUTES: readonly string[] = [
  'POST /api/messages',
  'POST /api/messages/with-attachments',
  'POST /api/messages/:id/attachments',
  'POST /api/mass-message',
  'POST /api/applications',
  'POST /api/job-postings',
  'POST /api/discount-codes',
  // Connecting a payout account: payouts go only to confirmed accounts (Pay now checks each payee again).
  'POST /api/payout-account/link',
  // Pro staff agreements (decision record 028): an offer mails the staffer; an acceptance binds the staffer.
  'POST /api/agreements',
  'POST /api/agreements/:id/accept',
  // Verified credentials (decision record 029): a submission puts a document in front of an admin.
  'POST /api/credentials',
  // Campaigns (decision record 031): an opening notifies and mails the business's pro staff.
  'POST /api/campaigns',
  'PUT /api/campaigns/:id',
  'POST /api/campaigns/:id/assets/file',
  'POST /api/campaigns/:id/assets/link',
  // Goals by season (decision record 033): a reached goal notifies and mails the pro staffer.
  'POST /api/seasons',
  'PUT /api/seasons/:id',
  'POST /api/seasons/:id/goals',
  'PUT /api/goals/:id',
  // Campaign tasks (decision record 032): a task is paid as a commission; a proof notifies and mails the business.
  'POST /api/campaigns/:id/tasks',
  'PUT /api/campaigns/:id/tasks/:taskId',
  'POST /api/campaigns/:id/tasks/:taskId/submissions',
];

export const EMAIL_NOT_VERIFIED_MESSAGE = 'Confirm your email address first: open the link we emailed you, or ask for a new one.';

export function requireVerifiedEmail(request: FastifyRequest): void {
  const user = requireUser(request);
  if (!user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE);
}

const verifiedEmailHook: onRequestHookHandler = async (request) => requireVerifiedEmail(request);

/** Adds the check to every route in VERIFIED_EMAIL_ROUTES; call before the routes are registered. */
export function guardVerifiedEmailRoutes(app: FastifyInstance): void {
  const guarded = new Set(VERIFIED_EMAIL_ROUTES);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((method) => guarded.has(`${method} ${route.url}`))) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), verifiedEmailHook];
  });
}
