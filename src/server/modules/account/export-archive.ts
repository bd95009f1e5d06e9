import path from 'node:path';
import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { AccountExport } from '@shared/contracts/account';
import { AVATAR_URL_PREFIX } from '@shared/contracts/profiles';
import { BRAND_LOGO_URL_PREFIX } from '@shared/contracts/branding';
import type { AppContext } from '@server/lib/context';
import { exportFileKeys, exportRows } from './export-repository';

// The account export as a ZIP archive (decision record 027, "The export archive"): data.json with every section, and
// every file the account uploaded or received in its conversations, each read from storage as a stream and written
// through archiver as it arrives, so neither the archive nor a whole file is ever held in memory.

type ExportRows = Awaited<ReturnType<typeof exportRows>>;
type FileKind = AccountExport['files'][number]['kind'];
/** One file of the archive: what data.json says about it, and where storage keeps it (never exported). */
export type ExportFile = AccountExport['files'][number] & { storageKey: string };
export type ExportPlan = { document: Omit<AccountExport, 'files'>; files: ExportFile[]; fileBytes: number };

const folders: Record<FileKind, string> = {
  avatar: 'avatar',
  attachment: 'message-attachments',
  credential: 'credential-documents',
  campaignAsset: 'campaign-assets',
  campaignProofPhoto: 'proof-photos',
  brandLogo: 'brand-logo',
};

/**
 * A name that is safe as one archive entry: the last path segment only (no "../", no absolute path, no drive), letters,
 * digits and a few marks, no leading dot, at most 100 characters with the extension kept.
 */
export function archiveEntryName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.normalize('NFC').replace(/[^\p{L}\p{N}._ -]+/gu, '_').replace(/^[.\s_-]+/, '').trim();
  const ext = path.extname(cleaned).slice(0, 12);
  const stem = cleaned.slice(0, cleaned.length - ext.length).slice(0, 100 - ext.length);
  return stem ? `${stem}${ext}` : `file${ext}`;
}

/** Everything the archive holds for one account, read before the first byte is written. */
export async function planExport(ctx: AppContext, userId: number, now = new Date()): Promise<ExportPlan> {
  const data = await exportRows(ctx.db, userId);
  const files = await filesOf(ctx, data);
  const document = { format: 'huntstaff-account-export/2' as const, exportedAt: now.toISOString(), ...data, account: data.account ?? {} };
  return { document, files, fileBytes: files.reduce((sum, file) => sum + file.size, 0) };
}

async function filesOf(ctx: AppContext, data: ExportRows): Promise<ExportFile[]> {
  const credentialRows = data.credentials.filter((row) => (row as { hasDocument: boolean }).hasDocument);
  const assetRows = data.campaignAssets.filter((row) => row.kind === 'file');
  const keys = await exportFileKeys(ctx.db, {
    attachments: data.attachments.map((row) => row.id),
    credentials: credentialRows.map((row) => Number(row.id)),
    campaignAssets: assetRows.map((row) => row.id),
    campaignProofPhotos: data.campaignProofPhotos.map((row) => row.id),
  });
  const avatarUrl = (data.profile as { profilePictureUrl?: string | null } | null)?.profilePictureUrl;
  const avatarFile = avatarUrl?.startsWith(AVATAR_URL_PREFIX) ? avatarUrl.slice(AVATAR_URL_PREFIX.length) : null;
  const logoUrl = (data.profile as { brandLogoUrl?: string | null } | null)?.brandLogoUrl;
  const logoFile = logoUrl?.startsWith(BRAND_LOGO_URL_PREFIX) ? logoUrl.slice(BRAND_LOGO_URL_PREFIX.length) : null;
  const entries: (Omit<ExportFile, 'path' | 'storageKey'> & { storageKey: string | undefined })[] = [
    // The avatar's size is not recorded; it is at most 5 MB and not counted towards the threshold.
    ...(avatarFile ? [{ kind: 'avatar' as const, id: null, name: avatarFile, size: 0, storageKey: `avatars/${avatarFile}` }] : []),
    // A business's brand logo (decision record 045): at most 2 MB, not counted either.
    ...(logoFile ? [{ kind: 'brandLogo' as const, id: null, name: logoFile, size: 0, storageKey: `brand-logos/${logoFile}` }] : []),
    ...data.attachments.map((row) => ({ kind: 'attachment' as const, id: row.id, name: row.fileName, size: row.fileSize, messageId: row.messageId, storageKey: keys.attachments.get(row.id) })),
    ...credentialRows.map((row) => ({ kind: 'credential' as const, id: Number(row.id), name: String(row.documentName), size: Number(row.documentSize ?? 0), storageKey: keys.credentials.get(Number(row.id)) })),
    ...assetRows.map((row) => ({ kind: 'campaignAsset' as const, id: row.id, name: String(row.fileName), size: Number(row.fileSize ?? 0), storageKey: keys.campaignAssets.get(row.id) })),
    ...data.campaignProofPhotos.map((row) => ({ kind: 'campaignProofPhoto' as const, id: row.id, name: row.fileName, size: row.fileSize, storageKey: keys.campaignProofPhotos.get(row.id) })),
  ];
  // The row id keeps two files of the same name apart (ids are unique within a folder; there is one avatar).
  return entries.flatMap(({ storageKey, ...file }) =>
    storageKey ? [{ ...file, path: `files/${folders[file.kind]}/${file.id === null ? '' : `${file.id}-`}${archiveEntryName(file.name)}`, storageKey }] : [],
  );
}

/** data.json, one section at a time, so no single string holds the whole document. */
function* dataJson(plan: ExportPlan): Generator<string> {
  const files = plan.files.map(({ storageKey: _key, ...file }) => file);
  const sections = Object.entries({ ...plan.document, files });
  yield '{\n';
  for (const [index, [key, value]] of sections.entries()) yield `${JSON.stringify(key)}: ${JSON.stringify(value)}${index < sections.length - 1 ? ',' : ''}\n`;
  yield '}\n';
}

/**
 * A ZIP archive stream of the plan. The files go in one at a time (the next is opened from storage only when the last
 * is written, so at most one storage read is open), stored as they are (uploads are images and PDFs: compressing them
 * again costs CPU and saves nothing); data.json comes last and compressed, with `missing: true` on any file storage no
 * longer had. Errors, and a reader that goes away, end the stream.
 */
export function exportArchive(ctx: AppContext, plan: ExportPlan): ZipArchive {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const date = new Date(plan.document.exportedAt);
  void (async () => {
    for (const file of plan.files) {
      const stored = await ctx.storage.get(file.storageKey);
      if (!stored) {
        file.missing = true;
        continue;
      }
      const written = entryWritten(archive);
      archive.append(stored.stream, { name: file.path, store: true, date });
      await written.catch((error: unknown) => {
        stored.stream.destroy();
        throw error;
      });
    }
    archive.append(Readable.from(dataJson(plan)), { name: 'data.json', date });
    await archive.finalize();
  })().catch((error: unknown) => {
    if (!archive.destroyed) archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  // Whoever reads the archive learns of a failure from the stream; this keeps it in the log with no file contents.
  archive.on('error', (error) => ctx.log.warn({ err: error }, 'account export archive stopped'));
  return archive;
}

/** Settles once archiver has written the entry just appended; rejects if the archive fails or closes first. */
function entryWritten(archive: ZipArchive): Promise<void> {
  return new Promise((resolve, reject) => {
    function cleanUp() {
      archive.off('entry', onEntry).off('error', onError).off('close', onClose);
    }
    function onEntry() {
      cleanUp();
      resolve();
    }
    function onError(error: Error) {
      cleanUp();
      reject(error);
    }
    function onClose() {
      cleanUp();
      reject(new Error('The export archive was closed before it was complete'));
    }
    archive.on('entry', onEntry).on('error', onError).on('close', onClose);
  });
}
