import type { FastifyRequest } from 'fastify';
import { CAMPAIGN_ASSET_MAX_BYTES, fileAssetFields, type FileAssetFields } from '@shared/contracts/campaigns';
import { AppError } from '@server/lib/errors';
import { findInvalidText } from '@server/lib/text-input';
import { parse } from '@server/lib/validate';
import type { UploadedFile } from './service';

const TEXT_FIELDS = new Set(['name', 'usageNotes']);

/** Reads POST /api/campaigns/:id/assets/file: the text fields name and usageNotes and one part "file" (record 031). */
export async function readAssetForm(request: FastifyRequest): Promise<{ fields: FileAssetFields; file: UploadedFile }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the asset as multipart/form-data');
  const raw: Record<string, string> = {};
  let file: UploadedFile | null = null;
  const parts = request.parts({ limits: { fileSize: CAMPAIGN_ASSET_MAX_BYTES, files: 2, fields: TEXT_FIELDS.size } });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (!TEXT_FIELDS.has(part.fieldname)) throw new AppError('VALIDATION', `Unexpected field "${part.fieldname.slice(0, 40)}"`);
      if (part.fieldname in raw) throw new AppError('VALIDATION', `The field "${part.fieldname}" is given twice`);
      raw[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'file') throw new AppError('VALIDATION', 'Send the file in a field named "file"');
    if (file) throw new AppError('VALIDATION', 'Attach one file per asset');
    try {
      file = { fileName: part.filename, data: await part.toBuffer() };
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('PAYLOAD_TOO_LARGE', `The file can be at most ${CAMPAIGN_ASSET_MAX_BYTES / (1024 * 1024)} MB`, { maxBytes: CAMPAIGN_ASSET_MAX_BYTES });
      }
      throw error;
    }
  }
  // The JSON edge check (decision record 018) does not see multipart fields: the same rule, applied here.
  if (findInvalidText(raw, 'body') ?? (file ? findInvalidText(file.fileName, 'file') : null)) {
    throw new AppError('VALIDATION', 'The request contains characters that are not allowed (NUL, control characters or invalid Unicode)');
  }
  const fields = parse(fileAssetFields, raw);
  if (!file) throw new AppError('VALIDATION', 'file: Attach the file (PDF or image)', [{ path: 'file', message: 'Attach the file (PDF or image)' }]);
  return { fields, file };
}
