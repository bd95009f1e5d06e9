import type { FastifyRequest } from 'fastify';
import { CAMPAIGN_ASSET_MAX_BYTES, fileAssetFields, type FileAssetFields } from '@shared/contracts/campaigns';
import { AppError } from '@server/lib/errors';
import { readMultipartForm } from '@server/lib/multipart-form';
import { parse } from '@server/lib/validate';
import type { UploadedFile } from './service';

/** Reads POST /api/campaigns/:id/assets/file: the text fields name and usageNotes and one part "file" (record 031). */
export async function readAssetForm(request: FastifyRequest): Promise<{ fields: FileAssetFields; file: UploadedFile }> {
  const { raw, files } = await readMultipartForm(request, {
    fields: ['name', 'usageNotes'],
    maxBytes: CAMPAIGN_ASSET_MAX_BYTES,
    maxFiles: 1,
    messages: {
      notMultipart: 'Send the asset as multipart/form-data',
      fileField: 'Send the file in a field named "file"',
      tooMany: 'Attach one file per asset',
      tooLarge: `The file can be at most ${CAMPAIGN_ASSET_MAX_BYTES / (1024 * 1024)} MB`,
    },
    tooLargeDetails: { maxBytes: CAMPAIGN_ASSET_MAX_BYTES },
  });
  const fields = parse(fileAssetFields, raw);
  const [file] = files;
  if (!file) throw new AppError('VALIDATION', 'file: Attach the file (PDF or image)', [{ path: 'file', message: 'Attach the file (PDF or image)' }]);
  return { fields, file };
}
