import type { FastifyInstance } from 'fastify';
import { loginBody, registerBody } from '@shared/contracts/auth';
import { parse } from '../../lib/validate';
import { clearSessionCookie, requireUser, SESSION_COOKIE, setSessionCookie } from '../../lib/auth';
import * as service from './service';

export async function authRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/api/auth/register', async (request, reply) => {
    const body = parse(registerBody, request.body);
    const session = await service.register(ctx, body, request.cookies[SESSION_COOKIE]);
    setSessionCookie(reply, ctx.config, session.token, session.expiresAt);
    return reply.status(201).send(session.user);
  });

  app.post('/api/auth/login', async (request, reply) => {
    const body = parse(loginBody, request.body);
    const session = await service.login(ctx, body, request.ip, request.cookies[SESSION_COOKIE]);
    setSessionCookie(reply, ctx.config, session.token, session.expiresAt);
    return session.user;
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await service.logout(ctx, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, ctx.config);
    return reply.status(204).send();
  });

  app.get('/api/auth/me', async (request) => requireUser(request));
}
