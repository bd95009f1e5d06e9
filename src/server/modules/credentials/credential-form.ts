import type { FastifyRequest } from 'fastify';
import { CREDENTIAL_DOCUMENT_MAX_BYTES, credentialFields, type CredentialFields } from '@shared/contracts/credentials';
import { AppError } from '@server/lib/errors';
import { findInvalidText } from '@server/lib/text-input';
import { parse } from '@server/lib/validate';
import type { UploadedDocument } from './service';

const TEXT_FIELDS = new Set(['type', 'issuingAuthority', 'number', 'issuedOn', 'expiresOn']);

/**
 * Reads POST /api/credentials: the text fields of `credentialFields` and one part named "file" (the document).
 * The fields are validated like a JSON body (per-field details), before anything is stored.
 */
export async function readCredentialForm(request: FastifyRequest): Promise<{ fields: CredentialFields; document: UploadedDocument }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the credential and its document as multipart/form-data');
  const raw: Record<string, string> = {};
  let document: UploadedDocument | null = null;
  const parts = request.parts({ limits: { fileSize: CREDENTIAL_DOCUMENT_MAX_BYTES, files: 2, fields: TEXT_FIELDS.size } });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (!TEXT_FIELDS.has(part.fieldname)) throw new AppError('VALIDATION', `Unexpected field "${part.fieldname.slice(0, 40)}"`);
      if (part.fieldname in raw) throw new AppError('VALIDATION', `The field "${part.fieldname}" is given twice`);
      raw[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'file') throw new AppError('VALIDATION', 'Send the document in a field named "file"');
    if (document) throw new AppError('VALIDATION', 'Attach one document per credential');
    try {
      document = { fileName: part.filename, data: await part.toBuffer() };
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('PAYLOAD_TOO_LARGE', `The document can be at most ${CREDENTIAL_DOCUMENT_MAX_BYTES / (1024 * 1024)} MB`, { maxBytes: CREDENTIAL_DOCUMENT_MAX_BYTES });
      }
      throw error;
    }
  }
  // The JSON edge check (decision record 018) does not see multipart fields: the same rule, applied here.
  if (findInvalidText(raw, 'body') ?? (document ? findInvalidText(document.fileName, 'file') : null)) {
    throw new AppError('VALIDATION', 'The request contains characters that are not allowed (NUL, control characters or invalid Unicode)');
  }
  const fields = parse(credentialFields, raw);
  if (!document) throw new AppError('VALIDATION', 'file: Attach the document (PDF, JPEG or PNG)', [{ path: 'file', message: 'Attach the document (PDF, JPEG or PNG)' }]);
  return { fields, document };
}
