import type { FastifyRequest } from 'fastify';
import { MAX_PROOF_PHOTOS, PROOF_PHOTO_MAX_BYTES, proofFieldNames } from '@shared/contracts/campaign-tasks';
import { readMultipartForm, type MultipartFile } from '@server/lib/multipart-form';

/**
 * Reads POST /api/campaigns/:id/tasks/:taskId/submissions: the proof's text fields and up to MAX_PROOF_PHOTOS parts
 * "file" (record 032). The fields are checked against the task's kind by the service.
 */
export async function readProofForm(request: FastifyRequest): Promise<{ raw: Record<string, string>; files: MultipartFile[] }> {
  return readMultipartForm(request, {
    fields: proofFieldNames,
    maxBytes: PROOF_PHOTO_MAX_BYTES,
    maxFiles: MAX_PROOF_PHOTOS,
    messages: {
      notMultipart: 'Send the proof as multipart/form-data',
      fileField: 'Send each photo in a field named "file"',
      tooMany: `Attach at most ${MAX_PROOF_PHOTOS} photos`,
      tooLarge: `Each photo can be at most ${PROOF_PHOTO_MAX_BYTES / (1024 * 1024)} MB`,
    },
    tooLargeDetails: { maxBytes: PROOF_PHOTO_MAX_BYTES },
  });
}
