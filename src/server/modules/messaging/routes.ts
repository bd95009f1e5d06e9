import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParam, userIdParam } from '@shared/contracts/common';
import { idempotencyKeyHeaders, listMessagesQuery, massMessageBody, sendMessageBody } from '@shared/contracts/messaging';
import { readMessageForm } from './message-form';
import { parse } from '../../lib/validate';
import { requireRole, requireUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { assertUploadAllowed } from '../../lib/upload-throttle';
import * as service from './service';
import * as massService from './service-mass';
import { registerEventStream } from './event-stream';

const messageIdParam = z.object({ id: z.coerce.number().int().positive() });

export async function messagingRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/conversations', async (request) => service.listConversations(ctx, requireUser(request)));

  app.get('/api/conversations/with/:userId', async (request) => {
    const user = requireUser(request);
    const { userId } = parse(userIdParam, request.params);
    return service.conversationWith(ctx, user, userId);
  });

  app.get('/api/messages', async (request) => {
    const user = requireUser(request);
    return service.listMessages(ctx, user, parse(listMessagesQuery, request.query));
  });

  app.post('/api/messages', async (request, reply) => {
    const user = requireUser(request);
    const body = parse(sendMessageBody, request.body);
    return reply.status(201).send(await service.sendMessage(ctx, user, body));
  });

  // A message and its files in one request: nothing is sent unless every file is accepted (issue 18 item 4).
  app.post('/api/messages/with-attachments', async (request, reply) => {
    const user = requireUser(request);
    assertUploadAllowed(user.id);
    await service.assertCanSendFiles(ctx, user);
    const { fields, files } = await readMessageForm(request);
    const message = await service.sendMessageWithAttachments(ctx, user, fields, files);
    return reply.status(201).send(message);
  });

  app.post('/api/messages/:id/read', async (request) => {
    const user = requireUser(request);
    const { id } = parse(messageIdParam, request.params);
    return service.markRead(ctx, user, id);
  });

  app.post('/api/conversations/:id/read', async (request) => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    return service.markConversationRead(ctx, user, id);
  });

  app.get('/api/messages/unread/:userId', async (request) => {
    const user = requireUser(request);
    const { userId } = parse(userIdParam, request.params);
    return service.unreadCount(ctx, user, userId);
  });

  app.get('/api/messages/conversations/:userId', async (request) => {
    const user = requireUser(request);
    const { userId } = parse(userIdParam, request.params);
    return service.listConversationSummaries(ctx, user, userId);
  });

  app.post('/api/mass-message', async (request, reply) => {
    const user = requireRole(request, 'business');
    const body = parse(massMessageBody, request.body);
    const idempotencyKey = parse(idempotencyKeyHeaders, request.headers)['idempotency-key'];
    const result = await massService.massMessage(ctx, user, body, idempotencyKey);
    // Still being delivered: accepted, follow it at GET /api/mass-message/:id.
    return reply.status(result.status === 'sending' ? 202 : 200).send(result);
  });

  app.get('/api/mass-message/:id', async (request) => {
    const user = requireRole(request, 'business');
    const { id } = parse(idParam, request.params);
    return massService.massMessageProgress(ctx, user, id);
  });

  app.addHook('onReady', () => massService.resumeMassSends(ctx));
  app.addHook('onClose', () => massService.stopMassSends(ctx));

  app.post('/api/messages/:id/attachments', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(messageIdParam, request.params);
    assertUploadAllowed(user.id);
    await service.assertCanAttach(ctx, user, id);
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
    const part = await request.file();
    if (!part) throw new AppError('VALIDATION', 'Choose a file to attach');
    const data = await part.toBuffer();
    const attachment = await service.addAttachment(ctx, user, id, { fileName: part.filename, data });
    return reply.status(201).send(attachment);
  });

  app.get('/api/messages/attachments/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    const file = await service.attachmentForDownload(ctx, user, id);
    return reply
      .header('Content-Type', file.fileType)
      .header('Content-Length', String(file.size))
      .header('Content-Disposition', contentDisposition(file.fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(file.stream);
  });

  registerEventStream(app);
}

/** attachment; with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
