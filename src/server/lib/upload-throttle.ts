import type { AppContext } from './context';

/** Avatars and attachments share one budget per user (ctx.rateLimits.uploadsByUser); checked before the body is read. */
export async function assertUploadAllowed(ctx: AppContext, userId: number): Promise<void> {
  await ctx.rateLimits.uploadsByUser.consume(String(userId), (seconds) => `Too many uploads. Try again in ${Math.ceil(seconds / 60)} minutes.`);
}
