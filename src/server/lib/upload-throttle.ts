import { AppError } from './errors';
import { RateLimiter } from './rate-limit';

/** Avatars and attachments share one budget per user; checked before the body is read. */
export const UPLOADS_PER_TEN_MINUTES = 60;
const uploadsByUser = new RateLimiter(UPLOADS_PER_TEN_MINUTES, 10 * 60_000);

export function assertUploadAllowed(userId: number): void {
  const key = String(userId);
  if (uploadsByUser.hit(key)) return;
  const retryAfterSeconds = uploadsByUser.retryAfterSeconds(key);
  throw new AppError('RATE_LIMITED', `Too many uploads. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`, { retryAfterSeconds });
}

/** For tests: module state outlives a test app. */
export function resetUploadThrottling(): void {
  uploadsByUser.clear();
}
