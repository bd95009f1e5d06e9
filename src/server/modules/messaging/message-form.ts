import type { FastifyRequest } from 'fastify';
import { ATTACHMENT_MAX_BYTES, MAX_ATTACHMENTS_PER_MESSAGE, sendMessageFormFields } from '@shared/contracts/messaging';
import { AppError } from '@server/lib/errors';
import { findInvalidText } from '@server/lib/text-input';
import { parse } from '@server/lib/validate';
import type { UploadedFile } from './attachment-rules';

const TEXT_FIELDS = new Set(['toUserId', 'content', 'conversationId']);

/**
 * Reads POST /api/messages/with-attachments: the text fields toUserId, content and conversationId, and 1..10 parts
 * named "file". Refuses a part too many as soon as it starts, so an 11th file is never read into memory.
 */
export async function readMessageForm(request: FastifyRequest): Promise<{ fields: ReturnType<typeof parseFields>; files: UploadedFile[] }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the message and its files as multipart/form-data');
  const raw: Record<string, string> = {};
  const files: UploadedFile[] = [];
  // One file more than allowed may start, so the count is refused with our own message rather than the parser's.
  const parts = request.parts({ limits: { fileSize: ATTACHMENT_MAX_BYTES, files: MAX_ATTACHMENTS_PER_MESSAGE + 1, fields: TEXT_FIELDS.size } });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (!TEXT_FIELDS.has(part.fieldname)) throw new AppError('VALIDATION', `Unexpected field "${part.fieldname.slice(0, 40)}"`);
      if (part.fieldname in raw) throw new AppError('VALIDATION', `The field "${part.fieldname}" is given twice`);
      raw[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'file') throw new AppError('VALIDATION', 'Send each file in a field named "file"');
    if (files.length === MAX_ATTACHMENTS_PER_MESSAGE) throw new AppError('VALIDATION', `A message can have at most ${MAX_ATTACHMENTS_PER_MESSAGE} attachments`);
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', 'Attachments can be at most 10 MB');
      throw error;
    }
    files.push({ fileName: part.filename, data });
  }
  // The JSON edge check (decision record 018) does not see multipart fields: the same rule, applied here.
  const invalid = findInvalidText(raw, 'body') ?? findInvalidText(files.map((file) => file.fileName), 'files');
  if (invalid) throw new AppError('VALIDATION', 'The request contains characters that are not allowed (NUL, control characters or invalid Unicode)');
  return { fields: parseFields(raw), files };
}

function parseFields(raw: Record<string, string>) {
  return parse(sendMessageFormFields, raw);
}
