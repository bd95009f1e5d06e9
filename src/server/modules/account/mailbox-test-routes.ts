import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '@server/lib/auth';
import { MailboxMailer } from '@server/lib/mailer';
import { access } from '@server/lib/routes/access';

const myMail = z.object({ mails: z.array(z.object({ subject: z.string(), text: z.string() })) });

/**
 * Registered only when NODE_ENV=test (see routes.ts): the mail the server sent to the caller's address, newest first,
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
};
