import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '@server/lib/auth';
import { MailboxMailer } from '@server/lib/mailer';
import { access } from '@server/lib/routes/access';
import { noContent } from '@shared/contracts/common';
import { forgetTermsAcceptance } from './terms-service';

const myMail = z.object({ mails: z.array(z.object({ subject: z.string(), text: z.string() })) });

/**
 * Registered only when NODE_ENV=test (see routes.ts). The mail the server sent to the caller's address, newest first,
 * as the log mailer wrote it. Browser tests follow the verification link from here (decision record 027).
 */
export const mailboxTestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/test/my-mail',
    { onRequest: access('signedIn'), schema: { summary: 'Test server only: the mail sent to the caller’s address', response: { 200: myMail } } },
    async (request) => {
      const mailbox = ctx.mailer instanceof MailboxMailer ? ctx.mailer : null;
      return { mails: (mailbox?.sentTo(requireUser(request).email) ?? []).map(({ subject, text }) => ({ subject, text })) };
    },
  );

  // Browser tests of the "We updated our Terms of Service" notice need an account that accepted an older version.
  app.post(
    '/api/test/forget-terms-acceptance',
    { onRequest: access('signedIn'), schema: { summary: 'Test server only: the caller’s account accepted no terms version yet', response: { 204: noContent } } },
    async (request, reply) => {
      await forgetTermsAcceptance(ctx, requireUser(request));
      return reply.status(204).send(null);
    },
  );
};
