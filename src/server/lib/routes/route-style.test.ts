import Fastify from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '@server/test/test-app';
import { createProStaff } from '@server/test/factories';
import { serializerCompiler, validatorCompiler } from './schema-compilers';
import { operationIdFor } from './openapi';

// The route style of decision record 021: who may call a route is checked before its input, input errors keep the
// API's error shape, and a reply is cut down to its response schema.

describe('routes declared with schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a signed-out caller 401 before looking at a bad body', async () => {
    const res = await new TestClient(t.app).post('/api/job-postings', { title: 42 });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('answers the wrong role 403 before looking at a bad body', async () => {
    const { client } = await createProStaff(t);
    const res = await client.post('/api/job-postings', { title: 42 });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });

  it('keeps the validation error shape with per-field details', async () => {
    const res = await new TestClient(t.app).get('/api/job-postings?limit=0');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/^limit: /), details: [{ path: 'limit', message: expect.any(String) }] });
  });
});

describe('response schemas', () => {
  const build = async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const routes: FastifyPluginAsyncZod = async (scoped) => {
      scoped.get('/thing', { schema: { response: { 200: z.object({ id: z.number(), name: z.string() }) } } }, async () => {
        // A repository that selected one column too many.
        const row = { id: 1, name: 'Decoy', passwordHash: 'argon2id$secret' };
        return row;
      });
      scoped.get('/wrong', { schema: { response: { 200: z.object({ id: z.number() }) } } }, async () => ({ id: 'not a number' }) as never);
    };
    await app.register(routes);
    return app;
  };

  it('drops fields the schema does not name', async () => {
    const app = await build();
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.json()).toEqual({ id: 1, name: 'Decoy' });
    expect(res.body).not.toContain('secret');
    await app.close();
  });

  it('refuses to send a reply that does not fit its schema', async () => {
    const app = await build();
    const res = await app.inject({ method: 'GET', url: '/wrong' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('not a number');
    await app.close();
  });
});

describe('operation ids', () => {
  it('come from the method and the path', () => {
    expect(operationIdFor('GET', '/api/job-postings/:id/applications')).toBe('getJobPostingsByIdApplications');
    expect(operationIdFor('POST', '/api/auth/password-reset/request')).toBe('postAuthPasswordResetRequest');
  });
});
