import { appOrigin } from '@server/config';
import type { AppContext } from '@server/lib/context';
import { queueMail } from '@server/modules/tasks/service';
import { afterErasure, eraseAccountNow } from '@server/modules/account/deletion-service';
import * as repo from './repository';
import { utcDay } from '@server/lib/utc-day';

/**
 * The privacy policy, carried out nightly (decision record 026): usage data is anonymised after 2 years; messages
 * go after 7 years (record 027); an account
 * nobody has used for 3 years is warned by email 30 days before and then removed if still unused. Idempotent: a run
 * that is repeated (or that two instances start) finds nothing left to do.
 */
export const RETENTION_TASK = 'retention.nightly';

export const USAGE_KEPT_YEARS = 2;
export const INACTIVE_YEARS = 3;
export const WARNING_DAYS = 30;
/** Business communication records (messages and their attachments) are kept this long (Privacy Policy, "Data Retention"). */
export const MESSAGES_KEPT_YEARS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

const yearsBefore = (now: Date, years: number) => {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date;
};

export type RetentionReport = {
  usage: Awaited<ReturnType<typeof repo.anonymiseUsageBefore>>;
  warned: number;
  deleted: number;
  anonymised: number;
  warningsDropped: number;
  messagesPurged: number;
};

export async function runRetention(ctx: AppContext, now = new Date()): Promise<RetentionReport> {
  const usage = await repo.anonymiseUsageBefore(ctx.db, yearsBefore(now, USAGE_KEPT_YEARS));
  const messagesPurged = await purgeOldMessages(ctx, now);
  const warningsDropped = await repo.dropWarningsOfReturnedAccounts(ctx.db);
  const warned = await warnInactiveAccounts(ctx, now);
  const { deleted, anonymised } = await removeWarnedAccounts(ctx, now);
  return { usage, warned, deleted, anonymised, warningsDropped, messagesPurged };
}

/**
 * Messages older than 7 years go, with their attachments and files, whoever sent them (deleted accounts included):
 * the Privacy Policy keeps business communication that long and no longer (decision record 027). Batches of
 * BATCH, each one transaction; the files are deleted after their rows are committed.
 */
async function purgeOldMessages(ctx: AppContext, now: Date): Promise<number> {
  const cutoff = yearsBefore(now, MESSAGES_KEPT_YEARS);
  let purged = 0;
  for (;;) {
    const { messages, fileKeys } = await ctx.db.transaction((tx) => repo.purgeMessagesBefore(tx, cutoff, BATCH));
    purged += messages;
    for (const key of fileKeys) {
      await ctx.storage.delete(key).catch((error: unknown) => ctx.log.warn({ reason: String(error) }, 'retention: attachment file not deleted'));
    }
    if (messages < BATCH) return purged;
  }
}

/** Accounts that reach 3 years without use in 30 days: a warning each, recorded with the mail in one transaction. */
async function warnInactiveAccounts(ctx: AppContext, now: Date): Promise<number> {
  const cutoff = new Date(yearsBefore(now, INACTIVE_YEARS).getTime() + WARNING_DAYS * DAY_MS);
  const removalDay = utcDay(now.getTime() + WARNING_DAYS * DAY_MS);
  let warned = 0;
  for (;;) {
    const accounts = await repo.accountsToWarn(ctx.db, cutoff, BATCH);
    for (const account of accounts) {
      await ctx.db.transaction(async (tx) => {
        if (!(await repo.recordWarning(tx, account, now))) return;
        await queueMail(ctx, warningMail(ctx, account, removalDay), tx);
        warned += 1;
      });
    }
    if (accounts.length < BATCH) return warned;
  }
}

function warningMail(ctx: AppContext, account: repo.InactiveAccount, removalDay: string) {
  const origin = appOrigin(ctx.config);
  return {
    to: account.email,
    subject: 'Your HuntStaff account will be removed in 30 days',
    text:
      `Nobody has signed in to your HuntStaff account since ${utcDay(account.lastActiveAt)}. ` +
      `Under our privacy policy we remove accounts that have not been used for ${INACTIVE_YEARS} years, so this one will be removed on or after ${removalDay}.\n\n` +
      `To keep it, just sign in before then: ${origin}/auth\n`,
  };
}

/**
 * Warned accounts still unused 30 days later: deleted when nothing of theirs is shared with others, otherwise
 * anonymised so the other side keeps its commissions and conversations (deletion would cascade into them).
 */
async function removeWarnedAccounts(ctx: AppContext, now: Date): Promise<{ deleted: number; anonymised: number }> {
  const warnedBefore = new Date(now.getTime() - WARNING_DAYS * DAY_MS);
  const inactiveBefore = yearsBefore(now, INACTIVE_YEARS);
  let deleted = 0;
  let anonymised = 0;
  for (;;) {
    const accounts = await repo.accountsToRemove(ctx.db, warnedBefore, inactiveBefore, BATCH);
    for (const { id } of accounts) {
      const erasure = await ctx.db.transaction(async (tx) => {
        if (await repo.hasSharedRecords(tx, id)) {
          anonymised += 1;
          // The account module's one erasure (decision record 027's data map), as if its owner had asked for it: it
          // also ends the account's agreements and tells the other party.
          return eraseAccountNow(ctx, tx, id, now);
        }
        const keys = (await repo.avatarUrls(tx, id)).flatMap((url) => storageKeyOfAvatar(url) ?? []);
        await repo.deleteAccount(tx, id);
        deleted += 1;
        return { fileKeys: keys, notices: [] };
      });
      // After the commit: a file left behind by a failed delete is unreachable (its row is gone), never the reverse.
      await afterErasure(ctx, id, erasure);
    }
    if (accounts.length < BATCH) return { deleted, anonymised };
  }
}

/** `/api/uploads/avatars/<name>` → `avatars/<name>` (null for anything else, e.g. an outside URL). */
export function storageKeyOfAvatar(url: string): string | null {
  const match = /^\/api\/uploads\/(avatars\/[a-z0-9]+(\.[a-z0-9]+)?)$/i.exec(url);
  return match ? match[1] : null;
}
