import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { StoredObject } from '@server/lib/storage';

const binary = z.string().meta({ format: 'binary' });

/**
 * A public route that answers a stored image (a profile picture, a brand logo) by its content-named file: the name
 * changes with the bytes, so it is cached for a year; the type comes from the stored extension and is never sniffed.
 */
export function storedImageRoute<P extends z.ZodType<{ file: string }>>(
  app: FastifyInstance,
  route: { url: string; summary: string; params: P },
  read: (file: string) => Promise<StoredObject & { mime: string }>,
): void {
  app.get(
    route.url,
    { schema: { summary: route.summary, params: route.params, response: { 200: { description: 'The image bytes', content: { 'image/*': { schema: binary } } } } } },
    async (request, reply) => {
      const stored = await read((request.params as { file: string }).file);
      return reply
        .header('Content-Type', stored.mime)
        .header('Content-Length', String(stored.size))
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .send(stored.stream as never);
    },
  );
}
