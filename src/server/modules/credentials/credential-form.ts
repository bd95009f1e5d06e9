import type { FastifyRequest } from 'fastify';
import { CREDENTIAL_DOCUMENT_MAX_BYTES, credentialFields, type CredentialFields } from '@shared/contracts/credentials';
import { AppError } from '@server/lib/errors';
import { readMultipartForm } from '@server/lib/multipart-form';
import { parse } from '@server/lib/validate';
import type { UploadedDocument } from './service';

/**
 * Reads POST /api/credentials: the text fields of `credentialFields` and one part named "file" (the document).
 * The fields are validated like a JSON body (per-field details), before anything is stored.
 */
export async function readCredentialForm(request: FastifyRequest): Promise<{ fields: CredentialFields; document: UploadedDocument }> {
  const { raw, files } = await readMultipartForm(request, {
    fields: ['type', 'issuingAuthority', 'number', 'issuedOn', 'expiresOn'],
    maxBytes: CREDENTIAL_DOCUMENT_MAX_BYTES,
    maxFiles: 1,
    messages: {
      notMultipart: 'Send the credential and its document as multipart/form-data',
      fileField: 'Send the document in a field named "file"',
      tooMany: 'Attach one document per credential',
      tooLarge: `The document can be at most ${CREDENTIAL_DOCUMENT_MAX_BYTES / (1024 * 1024)} MB`,
    },
    tooLargeDetails: { maxBytes: CREDENTIAL_DOCUMENT_MAX_BYTES },
  });
  const fields = parse(credentialFields, raw);
  const [document] = files;
  if (!document) throw new AppError('VALIDATION', 'file: Attach the document (PDF, JPEG or PNG)', [{ path: 'file', message: 'Attach the document (PDF, JPEG or PNG)' }]);
  return { fields, document };
}
