import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '@shared/contracts/auth';
import { BRAND_LOGO_MAX_BYTES, CUSTOM_BRANDING_TIERS, type BrandingSettings, type UpdateBrandColorBody } from '@shared/contracts/branding';
import { checkBrandColor, BRAND_TEXT_COLOR } from '@shared/brand-colour';
import type { AppContext } from '@server/lib/context';
import { planFeatureRefusal, planOf } from '@server/lib/entitlements';
import { AppError, notFound } from '@server/lib/errors';
import { imageMimeTypes, sniffFileType } from '@server/lib/file-type';
import { newStorageKey, type StoredObject } from '@server/lib/storage';
import * as repo from './repository';

type BusinessUser = SessionUser & { businessId: number };

const LOGO_FOLDER = 'brand-logos';
const mimeByExtension: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** The session's tier is the effective one (subscription or running trial, decision record 014). */
const entitled = (user: SessionUser) => CUSTOM_BRANDING_TIERS.includes(planOf(user).id);

/**
 * Setting branding needs Enterprise; clearing it does not (record 045): a business that downgraded may still take
 * its logo down, it is its own data.
 */
function assertEntitled(user: SessionUser): void {
  if (entitled(user)) return;
  throw planFeatureRefusal(user, 'customBranding', (plan) => `Your ${plan} plan does not include custom branding. Upgrade to Enterprise to get it.`);
}

export async function getSettings(ctx: AppContext, user: BusinessUser): Promise<BrandingSettings> {
  const row = await repo.findSettings(ctx.db, user.businessId);
  return { logoUrl: repo.logoUrlOf(row?.brandLogoKey ?? null), color: row?.brandColor ?? null, entitled: entitled(user), planName: planOf(user).name };
}

export async function setColor(ctx: AppContext, user: BusinessUser, body: UpdateBrandColorBody, now = new Date()): Promise<BrandingSettings> {
  if (body.color !== null) {
    assertEntitled(user);
    const check = checkBrandColor(body.color);
    if (!check.ok) {
      // The same shared check the settings form runs as the owner types; the details carry its figures.
      const figures = check.reason === 'contrast' ? { ratio: Math.round(check.ratio * 100) / 100, minimum: check.minimum, against: BRAND_TEXT_COLOR } : {};
      throw new AppError('VALIDATION', check.message, [{ path: 'color', message: check.message, ...figures }]);
    }
  }
  await repo.setColor(ctx.db, user.businessId, body.color?.toLowerCase() ?? null, now);
  return getSettings(ctx, user);
}

async function readLogoFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the logo as multipart/form-data in the field "file"');
  const part = await request.file({ limits: { fileSize: BRAND_LOGO_MAX_BYTES, files: 1 } });
  if (!part) throw new AppError('VALIDATION', 'Choose an image to upload');
  if (part.fieldname !== 'file') throw new AppError('VALIDATION', 'Send the logo in the field "file"');
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The logo is too large: choose an image under 2 MB', { maxBytes: BRAND_LOGO_MAX_BYTES });
    }
    throw error;
  }
}

/**
 * Stores a logo after checking what its bytes are (as avatars, decision record 005): PNG, JPEG, GIF or WebP only.
 * SVG is refused: it is a document that can carry script, and our pages would serve it from our own origin.
 */
export async function uploadLogo(ctx: AppContext, user: BusinessUser, request: FastifyRequest, now = new Date()): Promise<BrandingSettings> {
  assertEntitled(user);
  const data = await readLogoFile(request);
  if (data.length === 0) throw new AppError('VALIDATION', 'The file is empty');
  const type = sniffFileType(data);
  if (!type || !imageMimeTypes.includes(type.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The logo must be a PNG, JPEG, GIF or WebP image (SVG is not accepted)');
  }
  const key = newStorageKey(LOGO_FOLDER, type.ext);
  await ctx.storage.put(key, data);
  let previous: string | null;
  try {
    previous = await ctx.db.transaction((tx) => repo.replaceLogoKey(tx, user.businessId, key, now));
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (previous) await ctx.storage.delete(previous).catch(() => undefined);
  return getSettings(ctx, user);
}

export async function clearLogo(ctx: AppContext, user: BusinessUser, now = new Date()): Promise<BrandingSettings> {
  const previous = await ctx.db.transaction((tx) => repo.replaceLogoKey(tx, user.businessId, null, now));
  if (previous) await ctx.storage.delete(previous).catch(() => undefined);
  return getSettings(ctx, user);
}

export async function readLogo(ctx: AppContext, file: string): Promise<StoredObject & { mime: string }> {
  const mime = mimeByExtension[file.split('.').pop() ?? ''];
  const stored = mime ? await ctx.storage.get(`${LOGO_FOLDER}/${file}`) : null;
  if (!stored || !mime) throw notFound('Logo');
  return { ...stored, mime };
}
