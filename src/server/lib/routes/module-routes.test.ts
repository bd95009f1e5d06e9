import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '@server/lib/context';
import { serializerCompiler, validatorCompiler } from './schema-compilers';
import { moduleRoutes } from './module-routes';
import { apiTags } from './openapi';

describe('moduleRoutes', () => {
  it('tags every route of the module unless it names its own tag, and hands the declarations the app context', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const ctx = { marker: 'the app context' } as unknown as AppContext;
    app.decorate('ctx', ctx);
    const tags: Record<string, unknown> = {};
    await app.register(
      moduleRoutes(apiTags.jobs, (routes, given) => {
        routes.addHook('onRoute', (route) => {
          tags[route.url] = (route.schema as { tags?: string[] } | undefined)?.tags;
        });
        routes.get('/thing', { schema: { response: { 200: z.object({ sameContext: z.boolean() }) } } }, async () => ({ sameContext: given === ctx }));
        routes.get('/other', { schema: { tags: [apiTags.admin.name] } }, async () => null);
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.json()).toEqual({ sameContext: true });
    expect(tags).toEqual({ '/thing': [apiTags.jobs.name], '/other': [apiTags.admin.name] });
    await app.close();
  });
});
