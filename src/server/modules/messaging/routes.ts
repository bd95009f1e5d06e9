import { z } from 'zod';
import { idParam, userIdParam } from '@shared/contracts/common';
import * as contract from '@shared/contracts/messaging';
import { readMessageForm } from './message-form';
import { requireRole, requireUser } from '@server/lib/auth';
import { AppError } from '@server/lib/errors';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import { privateFileResponse, sendPrivateFile } from '@server/lib/routes/private-file';
import { assertUploadAllowed } from '@server/lib/upload-throttle';
import * as service from './service';
import * as massService from './service-mass';
import { registerEventStream } from './event-stream';

const MAX_MB = contract.ATTACHMENT_MAX_BYTES / (1024 * 1024);

export const messagingRoutes = moduleRoutes(apiTags.messaging, (app, ctx) => {
  app.get(
    '/api/conversations',
    { onRequest: access('signedIn'), schema: { summary: 'The caller’s conversations, newest first', response: { 200: z.array(contract.conversation) } } },
    async (request) => service.listConversations(ctx, requireUser(request)),
  );

  app.get(
    '/api/conversations/with/:userId',
    { onRequest: access('signedIn'), schema: { summary: 'Who a conversation would be with, and the existing one if any', params: userIdParam, response: { 200: contract.conversationWith } } },
    async (request) => service.conversationWith(ctx, requireUser(request), request.params.userId),
  );

  app.get(
    '/api/messages',
    { onRequest: access('signedIn'), schema: { summary: 'A page of messages in one of the caller’s conversations', querystring: contract.listMessagesQuery, response: { 200: z.array(contract.message) } } },
    async (request) => service.listMessages(ctx, requireUser(request), request.query),
  );

  app.post(
    '/api/messages',
    { onRequest: access('signedIn', { verifiedEmail: true }), schema: { summary: 'Send a message', body: contract.sendMessageBody, response: { 201: contract.message } } },
    async (request, reply) => reply.status(201).send(await service.sendMessage(ctx, requireUser(request), request.body)),
  );

  // A contract.message and its files in one request: nothing is sent unless every file is accepted (issue 18 item 4).
  // The body is multipart, read part by part by readMessageForm (so an 11th file is refused before it is read),
  // hence no body schema here: the text fields are checked there with sendMessageFormFields.
  app.post(
    '/api/messages/with-attachments',
    {
      onRequest: access('signedIn', { verifiedEmail: true }),
      schema: {
        summary: 'Send a message with files',
        description: `multipart/form-data: the text fields toUserId, content and conversationId (optional), and 1 to ${contract.MAX_ATTACHMENTS_PER_MESSAGE} parts named "file" of at most ${MAX_MB} MB each. Nothing is sent unless every file is accepted.`,
        response: { 201: contract.message },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await assertUploadAllowed(ctx, user.id);
      await service.assertCanSendFiles(ctx, user);
      const { fields, files } = await readMessageForm(request);
      const sent = await service.sendMessageWithAttachments(ctx, user, fields, files);
      return reply.status(201).send(sent);
    },
  );

  app.post(
    '/api/messages/:id/read',
    { onRequest: access('signedIn'), schema: { summary: 'Mark a received message read', params: idParam, response: { 200: contract.message } } },
    async (request) => service.markRead(ctx, requireUser(request), request.params.id),
  );

  app.post(
    '/api/conversations/:id/read',
    { onRequest: access('signedIn'), schema: { summary: 'Mark every message the caller received in a conversation read', params: idParam, response: { 200: contract.conversationReadResult } } },
    async (request) => service.markConversationRead(ctx, requireUser(request), request.params.id),
  );

  app.get(
    '/api/messages/unread/:userId',
    { onRequest: access('signedIn'), schema: { summary: 'The caller’s unread message count', params: userIdParam, response: { 200: contract.unreadCount } } },
    async (request) => service.unreadCount(ctx, requireUser(request), request.params.userId),
  );

  app.get(
    '/api/messages/conversations/:userId',
    { onRequest: access('signedIn'), schema: { summary: 'The caller’s conversations with the last message as text', params: userIdParam, response: { 200: z.array(contract.conversationSummary) } } },
    async (request) => service.listConversationSummaries(ctx, requireUser(request), request.params.userId),
  );

  app.post(
    '/api/mass-message',
    {
      onRequest: access('business', { verifiedEmail: true }),
      schema: {
        summary: 'Message every pro staffer matching the filters',
        description: 'A retry with the same Idempotency-Key never sends twice. A big send answers 202 (still being delivered): follow it at GET /api/mass-message/{id}.',
        headers: contract.idempotencyKeyHeaders,
        body: contract.massMessageBody,
        response: { 200: contract.massMessageResult.describe('Sent'), 202: contract.massMessageResult.describe('Accepted, still being delivered') },
      },
    },
    async (request, reply) => {
      const result = await massService.massMessage(ctx, requireRole(request, 'business'), request.body, request.headers['idempotency-key']);
      // Still being delivered: accepted, follow it at GET /api/mass-message/:id.
      return reply.status(result.status === 'sending' ? 202 : 200).send(result);
    },
  );

  app.get(
    '/api/mass-message/:id',
    { onRequest: access('business'), schema: { summary: 'Progress of one of the caller’s mass messages', params: idParam, response: { 200: contract.massMessageResult } } },
    async (request) => massService.massMessageProgress(ctx, requireRole(request, 'business'), request.params.id),
  );

  app.addHook('onReady', () => massService.resumeMassSends(ctx));
  app.addHook('onClose', () => massService.stopMassSends(ctx));

  // One file as multipart/form-data, read here (no body schema: the multipart parser streams it).
  app.post(
    '/api/messages/:id/attachments',
    {
      onRequest: access('signedIn', { verifiedEmail: true }),
      schema: {
        summary: 'Attach a file to a message the caller sent',
        description: `multipart/form-data with one file part of at most ${MAX_MB} MB.`,
        params: idParam,
        response: { 201: contract.messageAttachment },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { id } = request.params;
      await assertUploadAllowed(ctx, user.id);
      await service.assertCanAttach(ctx, user, id);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
      const part = await request.file();
      if (!part) throw new AppError('VALIDATION', 'Choose a file to attach');
      const data = await part.toBuffer();
      const attachment = await service.addAttachment(ctx, user, id, { fileName: part.filename, data });
      return reply.status(201).send(attachment);
    },
  );

  // Streams the stored bytes: a stream is never passed through the response serializer, the schema only documents it.
  app.get(
    '/api/messages/attachments/:id',
    {
      onRequest: access('signedIn'),
      schema: {
        summary: 'Download an attachment of one of the caller’s messages',
        params: idParam,
        response: {
          200: privateFileResponse('The file, as an attachment, with the Content-Type it was stored with'),
        },
      },
    },
    async (request, reply) => {
      const file = await service.attachmentForDownload(ctx, requireUser(request), request.params.id);
      return sendPrivateFile(reply, file);
    },
  );

  registerEventStream(app);
});
