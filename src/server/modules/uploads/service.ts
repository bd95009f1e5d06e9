import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '@shared/contracts/auth';
import { AVATAR_MAX_BYTES, AVATAR_URL_PREFIX, type AvatarUploadResult } from '@shared/contracts/profiles';
import type { AppContext } from '@server/lib/context';
import { AppError, notFound } from '@server/lib/errors';
import { imageMimeTypes, sniffFileType } from '@server/lib/file-type';
import { newStorageKey, type StoredObject } from '@server/lib/storage';
import { applyAvatar } from '../profiles/service';

const mimeByExtension: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

async function readAvatarFile(request: FastifyRequest): Promise<Buffer> {
  const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
  if (!part) throw new AppError('VALIDATION', 'Choose an image to upload');
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', 'File too large: please select an image smaller than 5MB', { maxBytes: AVATAR_MAX_BYTES });
    }
    throw error;
  }
}

/** Stores an avatar after checking what the bytes really are, and points the user's profile at it. */
export async function uploadAvatar(ctx: AppContext, user: SessionUser, request: FastifyRequest): Promise<AvatarUploadResult> {
  const data = await readAvatarFile(request);
  if (data.length === 0) throw new AppError('VALIDATION', 'The file is empty');
  const type = sniffFileType(data);
  if (!type || !imageMimeTypes.includes(type.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Invalid file type: please select an image file (JPG, PNG, GIF)');
  }
  const key = newStorageKey('avatars', type.ext);
  await ctx.storage.put(key, data);
  const url = `${AVATAR_URL_PREFIX}${key.slice('avatars/'.length)}`;
  const appliedToProfile = await applyAvatar(ctx, user, url);
  return { url, appliedToProfile };
}

export async function readAvatar(ctx: AppContext, file: string): Promise<StoredObject & { mime: string }> {
  const extension = file.split('.').pop() ?? '';
  const mime = mimeByExtension[extension];
  const stored = mime ? await ctx.storage.get(`avatars/${file}`) : null;
  if (!stored || !mime) throw notFound('Image');
  return { ...stored, mime };
}
