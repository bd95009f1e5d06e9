import type { FastifyInstance } from 'fastify';
import { changePasswordBody, loginBody, passwordResetConfirmBody, passwordResetRequestBody, registerBody } from '@shared/contracts/auth';
import { parse } from '../../lib/validate';
import { clearSessionCookie, readSessionToken, requireUser, setSessionCookie } from '../../lib/auth';
import * as service from './service';
import * as passwords from './password-service';

export async function authRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/api/auth/register', async (request, reply) => {
    const body = parse(registerBody, request.body);
    const session = await service.register(ctx, body, request.ip, readSessionToken(request, ctx.config));
    setSessionCookie(reply, ctx.config, session.token, session.expiresAt);
    return reply.status(201).send(session.user);
  });

  app.post('/api/auth/login', async (request, reply) => {
    const body = parse(loginBody, request.body);
    const session = await service.login(ctx, body, request.ip, readSessionToken(request, ctx.config));
    setSessionCookie(reply, ctx.config, session.token, session.expiresAt);
    return session.user;
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await service.logout(ctx, readSessionToken(request, ctx.config));
    clearSessionCookie(reply, ctx.config);
    return reply.status(204).send();
  });

  app.get('/api/auth/me', async (request) => requireUser(request));

  app.post('/api/auth/password-reset/request', async (request, reply) => {
    const body = parse(passwordResetRequestBody, request.body);
    await passwords.requestPasswordReset(ctx, body.email, request.ip);
    return reply.status(202).send({ message: 'If an account exists for that email, a reset link is on its way.' });
  });

  app.post('/api/auth/password-reset/confirm', async (request, reply) => {
    const body = parse(passwordResetConfirmBody, request.body);
    await passwords.confirmPasswordReset(ctx, body);
    clearSessionCookie(reply, ctx.config);
    return reply.status(204).send();
  });

  app.post('/api/auth/change-password', async (request, reply) => {
    const user = requireUser(request);
    const body = parse(changePasswordBody, request.body);
    await passwords.changePassword(ctx, user, body, readSessionToken(request, ctx.config)!);
    return reply.status(204).send();
  });
}
