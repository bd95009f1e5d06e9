import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';

/** A stored file a route hands to the one caller allowed to see it (an attachment, a document, a campaign asset). */
export type PrivateFile = { fileName: string; fileType: string; size: number; stream: Readable };

/** The 200 of such a route in the OpenAPI document: the bytes are a stream, which the serializer never sees. */
export const privateFileResponse = (description: string) => ({
  description,
  content: { 'application/octet-stream': { schema: z.any().describe('The file’s bytes') } },
});

/**
 * Sends a stored file as a download: never rendered by the browser in our origin (attachment, nosniff, a sandboxing
 * CSP), never cached by a shared cache, and named safely (an ASCII fallback plus the UTF-8 name, RFC 6266).
 */
export function sendPrivateFile(reply: FastifyReply, file: PrivateFile): FastifyReply {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('Content-Type', file.fileType)
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(file.stream);
}
