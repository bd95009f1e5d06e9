import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from './openapi';

export async function docsRoutes(app: FastifyInstance) {
  let cached: ReturnType<typeof buildOpenApiDocument> | undefined;
  app.get('/api/docs', async (_request, reply) => {
    cached ??= buildOpenApiDocument();
    reply.header('Access-Control-Allow-Origin', '*');
    return cached;
  });
}
