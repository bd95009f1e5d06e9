import { messageReply, noContent } from '@shared/contracts/common';
import { changePasswordBody, loginBody, passwordResetConfirmBody, passwordResetRequestBody, registerBody, sessionUser } from '@shared/contracts/auth';
import { loginTwoFactorBody, twoFactorChallenge } from '@shared/contracts/account';
import { clearSessionCookie, readSessionToken, requireUser, setSessionCookie } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';
import * as passwords from './password-service';
import { authFormRoutes } from './form-routes';

export const authRoutes = moduleRoutes(apiTags.auth, async (app, ctx) => {
  // The same sign-in and sign-up for the prerendered HTML form, in their own plugin: form-encoded bodies stay there.
  await app.register(authFormRoutes);

  app.post(
    '/api/auth/register',
    { schema: { summary: 'Create an account and sign in', body: registerBody, response: { 201: sessionUser } } },
    async (request, reply) => {
      const session = await service.register(ctx, request.body, request.ip, readSessionToken(request, ctx.config));
      setSessionCookie(reply, ctx.config, session.token, session.expiresAt);
      return reply.status(201).send(session.user);
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        summary: 'Sign in (202: the account has two-factor sign-in; send the code to /api/auth/login/two-factor)',
        body: loginBody,
        response: { 200: sessionUser, 202: twoFactorChallenge },
      },
    },
    async (request, reply) => {
      const result = await service.login(ctx, request.body, request.ip, readSessionToken(request, ctx.config));
      if ('twoFactorRequired' in result) return reply.status(202).send(result);
      setSessionCookie(reply, ctx.config, result.token, result.expiresAt);
      return reply.status(200).send(result.user);
    },
  );

  app.post(
    '/api/auth/login/two-factor',
    { schema: { summary: 'Finish a two-factor sign-in with the authenticator code or a recovery code', body: loginTwoFactorBody, response: { 200: sessionUser } } },
    async (request, reply) => {
      const session = await service.loginTwoFactor(ctx, request.body, readSessionToken(request, ctx.config));
      setSessionCookie(reply, ctx.config, session.token, session.expiresAt);
      return session.user;
    },
  );

  app.post('/api/auth/logout', { schema: { summary: 'Sign out', response: { 204: noContent } } }, async (request, reply) => {
    await service.logout(ctx, readSessionToken(request, ctx.config));
    clearSessionCookie(reply, ctx.config);
    return reply.status(204).send(null);
  });

  app.get('/api/auth/me', { onRequest: access('signedIn'), schema: { summary: 'The signed-in user', response: { 200: sessionUser } } }, async (request) =>
    requireUser(request),
  );

  app.post(
    '/api/auth/password-reset/request',
    { schema: { summary: 'Email a password reset link', body: passwordResetRequestBody, response: { 202: messageReply } } },
    async (request, reply) => {
      await passwords.requestPasswordReset(ctx, request.body.email);
      return reply.status(202).send({ message: 'If an account exists for that email, a reset link is on its way.' });
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    { schema: { summary: 'Set a new password with a reset link', body: passwordResetConfirmBody, response: { 204: noContent } } },
    async (request, reply) => {
      await passwords.confirmPasswordReset(ctx, request.body);
      clearSessionCookie(reply, ctx.config);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/change-password',
    { onRequest: access('signedIn'), schema: { summary: 'Change the password (other sessions end)', body: changePasswordBody, response: { 204: noContent } } },
    async (request, reply) => {
      await passwords.changePassword(ctx, requireUser(request), request.body, readSessionToken(request, ctx.config)!);
      return reply.status(204).send(null);
    },
  );
});
