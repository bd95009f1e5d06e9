import { z } from 'zod';
import { messageReply, noContent } from '@shared/contracts/common';
import { sessionUser } from '@shared/contracts/auth';
import { acceptTermsBody, changeEmailBody, exportTokenParam, deletionScheduled, requestDeletionBody, disableTwoFactorBody, enableTwoFactorBody, recoveryCodesReply, twoFactorSetup, verifyEmailBody } from '@shared/contracts/account';
import { clearSessionCookie, requireUser } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as verification from './verification-service';
import * as twoFactor from './two-factor-service';
import { acceptTerms } from './terms-service';
import { buildExportFile, downloadExport, EXPIRE_EXPORTS_TASK, EXPORT_TASK, exportAccount, exportEmailedMessage, exportFileName, purgeExpiredExports, requestExportLink } from './export-service';
import * as deletion from './deletion-service';
import { mailboxTestRoutes } from './mailbox-test-routes';

/** The account's own rights and safeguards (issue 25, decision record 027). */
export const accountRoutes = moduleRoutes(apiTags.account, async (app, ctx) => {
  app.post(
    '/api/account/verify-email',
    { schema: { summary: 'Confirm the email address from its emailed link', body: verifyEmailBody, response: { 204: noContent } } },
    async (request, reply) => {
      await verification.verifyEmail(ctx, request.body.token);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/account/verify-email/resend',
    { onRequest: access('signedIn'), schema: { summary: 'Email the verification link again (a few per hour)', response: { 202: messageReply } } },
    async (request, reply) => {
      await verification.resendVerification(ctx, requireUser(request));
      return reply.status(202).send({ message: 'A new confirmation link is on its way.' });
    },
  );

  app.post(
    '/api/account/email',
    { onRequest: access('signedIn'), schema: { summary: 'Change the sign-in email (it must be confirmed again)', body: changeEmailBody, response: { 200: sessionUser } } },
    async (request) => verification.changeEmail(ctx, requireUser(request), request.body),
  );

  app.post(
    '/api/account/terms',
    {
      onRequest: access('signedIn'),
      schema: { summary: 'Accept the current Terms of Service and Privacy Policy (records who, when and which version)', body: acceptTermsBody, response: { 200: sessionUser } },
    },
    async (request) => acceptTerms(ctx, requireUser(request), request.body.version),
  );

  app.post(
    '/api/account/two-factor/setup',
    { onRequest: access('signedIn'), schema: { summary: 'Start two-factor set-up: a new authenticator key', response: { 200: twoFactorSetup } } },
    async (request) => twoFactor.setUp(ctx, requireUser(request)),
  );

  app.post(
    '/api/account/two-factor/enable',
    {
      onRequest: access('signedIn'),
      schema: { summary: 'Turn two-factor sign-in on with a code from the app; answers ten recovery codes', body: enableTwoFactorBody, response: { 200: recoveryCodesReply } },
    },
    async (request) => twoFactor.enable(ctx, requireUser(request), request.body.code),
  );

  app.post(
    '/api/account/two-factor/disable',
    { onRequest: access('signedIn'), schema: { summary: 'Turn two-factor sign-in off (password and a code)', body: disableTwoFactorBody, response: { 204: noContent } } },
    async (request, reply) => {
      await twoFactor.disable(ctx, requireUser(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/account/two-factor/dismiss-prompt',
    { onRequest: access('signedIn'), schema: { summary: 'Stop asking this account to turn on two-factor sign-in', response: { 204: noContent } } },
    async (request, reply) => {
      await twoFactor.dismissPrompt(ctx, requireUser(request));
      return reply.status(204).send(null);
    },
  );

  // The archive is streamed as archiver writes it: the schema only documents it (decision record 027).
  app.get(
    '/api/account/export',
    {
      onRequest: access('signedIn'),
      schema: {
        summary: 'Download everything HuntStaff holds about the account as a ZIP archive (data.json and every file); a large account gets an emailed link instead',
        response: {
          200: { description: 'The archive, as an attachment: data.json and the files under files/', content: { 'application/zip': { schema: z.any().describe('A ZIP archive') } } },
          202: messageReply.describe('The files are larger than 25 MB: the archive is built in the background and a 7-day link emailed'),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const answer = await exportAccount(ctx, user);
      if (answer.kind === 'emailed') return reply.status(202).send({ message: exportEmailedMessage });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${exportFileName(user)}"`)
        .header('cache-control', 'no-store')
        .send(answer.archive);
    },
  );

  app.post(
    '/api/account/export/email',
    { onRequest: access('signedIn', { verifiedEmail: true }), schema: { summary: 'Build the export in the background and email a download link (7 days)', response: { 202: messageReply } } },
    async (request, reply) => {
      await requestExportLink(ctx, requireUser(request));
      return reply.status(202).send({ message: exportEmailedMessage });
    },
  );

  // Streams the stored file: the schema only documents it.
  app.get(
    '/api/account/export/download/:token',
    {
      onRequest: access('signedIn'),
      schema: {
        summary: 'Download an export archive from its emailed link (signed-in owner only, 7 days; 410 once expired)',
        params: exportTokenParam,
        response: {
          200: {
            description: 'The export archive (the same as GET /api/account/export), as an attachment',
            // The stored file is streamed, which the serializer never sees.
            content: { 'application/zip': { schema: z.any().describe('The same archive as GET /api/account/export') } },
          },
        },
      },
    },
    async (request, reply) => {
      const stored = await downloadExport(ctx, requireUser(request), request.params.token);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(stored.size))
        .header('content-disposition', `attachment; filename="${exportFileName(requireUser(request))}"`)
        .header('cache-control', 'no-store')
        .send(stored.stream);
    },
  );
  ctx.tasks.register(EXPORT_TASK, buildExportFile);
  ctx.tasks.schedule(EXPIRE_EXPORTS_TASK, 24 * 60 * 60, (taskCtx) => purgeExpiredExports(taskCtx));

  app.post(
    '/api/account/deletion',
    {
      onRequest: access('signedIn'),
      schema: {
        summary: 'Delete the account in 14 days (password again); signs out everywhere, and signing in before then cancels it',
        body: requestDeletionBody,
        response: { 202: deletionScheduled },
      },
    },
    async (request, reply) => {
      const scheduled = await deletion.requestDeletion(ctx, requireUser(request), request.body);
      clearSessionCookie(reply, ctx.config);
      return reply.status(202).send(scheduled);
    },
  );

  // Erasure of accounts past their grace period: a scheduled background task, hourly across all instances (record 023).
  ctx.tasks.schedule(deletion.ERASE_DUE_ACCOUNTS_TASK, 60 * 60, (taskCtx) => deletion.eraseDueAccounts(taskCtx));

  // Never in development or production: lets browser and real-process tests read the mail the server sent.
  if (ctx.config.env === 'test') await app.register(mailboxTestRoutes);
});
