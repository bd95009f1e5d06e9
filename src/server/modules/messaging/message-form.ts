import type { FastifyRequest } from 'fastify';
import { ATTACHMENT_MAX_BYTES, MAX_ATTACHMENTS_PER_MESSAGE, sendMessageFormFields } from '@shared/contracts/messaging';
import { readMultipartForm } from '@server/lib/multipart-form';
import { parse } from '@server/lib/validate';
import type { UploadedFile } from './attachment-rules';

/**
 * Reads POST /api/messages/with-attachments: the text fields toUserId, content and conversationId, and 1..10 parts
 * named "file". Refuses a part too many as soon as it starts, so an 11th file is never read into memory.
 */
export async function readMessageForm(request: FastifyRequest): Promise<{ fields: ReturnType<typeof parseFields>; files: UploadedFile[] }> {
  const { raw, files } = await readMultipartForm(request, {
    fields: ['toUserId', 'content', 'conversationId'],
    maxBytes: ATTACHMENT_MAX_BYTES,
    maxFiles: MAX_ATTACHMENTS_PER_MESSAGE,
    messages: {
      notMultipart: 'Send the message and its files as multipart/form-data',
      fileField: 'Send each file in a field named "file"',
      tooMany: `A message can have at most ${MAX_ATTACHMENTS_PER_MESSAGE} attachments`,
      tooLarge: 'Attachments can be at most 10 MB',
    },
  });
  return { fields: parseFields(raw), files };
}

function parseFields(raw: Record<string, string>) {
  return parse(sendMessageFormFields, raw);
}
