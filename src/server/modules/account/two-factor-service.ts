import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { DisableTwoFactorBody, RecoveryCodesReply, TwoFactorChallenge, TwoFactorSetup } from '@shared/contracts/account';
import type { SessionUser } from '@shared/contracts/auth';
import type { AppContext } from '@server/lib/context';
import { AppError } from '@server/lib/errors';
import { hashToken, newSessionToken } from '@server/lib/auth';
import { decryptSecret, encryptSecret, isSealedSecret } from '@server/lib/secret-box';
import { assertCurrentPassword } from '../auth/current-password';
import * as repo from './repository';

// Two-factor sign-in with an authenticator app (RFC 6238 TOTP through `otpauth`; decision record 027).

const PERIOD_SECONDS = 30;
/** One step either side of now, for clocks a little apart. */
const WINDOW = 1;
const RECOVERY_CODES = 10;
/** How long a correct password waits for its code before the sign-in must start again. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes on one challenge before it is spent (the per-account limit in ctx.rateLimits applies as well). */
const CHALLENGE_ATTEMPTS = 5;

const totpFor = (secret: string, label = 'HuntStaff') =>
  new TOTP({ issuer: 'HuntStaff', label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** The 30-second step a valid code belongs to, or null; `lastStep` and earlier are refused (a code works once). */
function matchingStep(secret: string, code: string, lastStep: number | null, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/**
 * The base32 key as stored: sealed with AES-256-GCM (`lib/secret-box`, the key of the store API tokens). A key
 * stored before sealing (plain base32, which never contains ':') is read as it is and sealed at its next accepted code.
 */
const openSecret = (ctx: AppContext, stored: string) => (isSealedSecret(stored) ? decryptSecret(ctx.config, stored) : stored);

/** Recovery codes are compared without case, spaces or dashes. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const recoveryCodeHash = (code: string) => hashToken(`recovery:${normaliseRecoveryCode(code)}`);

function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from(crypto.randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

const wrongCode = () => new AppError('VALIDATION', 'That code is not right. Check your authenticator app and try again.', [{ path: 'code', message: 'Incorrect code' }]);

/**
 * Counts a code attempt against the account's limit (ctx.rateLimits, per account, whatever the route) before the code
 * is checked, and refuses with 429 past it: counting and deciding are one atomic step of the store, so a burst of
 * parallel codes lets at most the limit through to a check (issue 42; decision record 027). Only wrong codes use the
 * budget: `refundCodeAttempt` gives a right one back, so signing in often is never throttled.
 */
async function takeCodeAttempt(ctx: AppContext, userId: number): Promise<void> {
  await ctx.rateLimits.twoFactorFailuresByUser.consume(String(userId), (seconds) => `Too many wrong codes. Try again in ${Math.ceil(seconds / 60)} minutes.`);
}

async function refundCodeAttempt(ctx: AppContext, userId: number): Promise<void> {
  await ctx.rateLimits.twoFactorFailuresByUser.refund(String(userId));
}

/**
 * Whether the code is right for the account: an authenticator code (each step once) or, where `allowRecovery`, an
 * unused recovery code (used up by this call). Counts nothing: callers take the attempt first (`takeCodeAttempt`).
 */
async function codeIsRight(ctx: AppContext, userId: number, code: string, options: { allowRecovery: boolean }): Promise<boolean> {
  const account = await repo.findTwoFactor(ctx.db, userId);
  if (!account?.secret) return false;
  const secret = openSecret(ctx, account.secret);
  const step = matchingStep(secret, code, account.lastStep, Date.now());
  if (step !== null && (await repo.claimStep(ctx.db, userId, step))) {
    if (!isSealedSecret(account.secret)) await repo.replaceSecret(ctx.db, userId, account.secret, encryptSecret(ctx.config, secret));
    return true;
  }
  if (options.allowRecovery && (await repo.useRecoveryCode(ctx.db, userId, recoveryCodeHash(code), new Date()))) {
    ctx.log.info({ userId }, 'recovery code used');
    return true;
  }
  return false;
}

/**
 * Starts enrolment: a new secret to type into the app, stored sealed. Two-factor is on only once a code from it is
 * confirmed (the sealed value then moves to `totp_secret` as it is).
 */
export async function setUp(ctx: AppContext, user: SessionUser): Promise<TwoFactorSetup> {
  if (user.twoFactorEnabled) throw new AppError('CONFLICT', 'Two-factor sign-in is already on. Turn it off first to set up a new app.');
  const secret = new Secret({ size: 20 }).base32;
  await repo.setPendingSecret(ctx.db, user.id, encryptSecret(ctx.config, secret));
  return { secret, otpauthUri: totpFor(secret, user.email).toString() };
}

/** Confirms enrolment with a code from the app; answers the ten recovery codes, shown this once. */
export async function enable(ctx: AppContext, user: SessionUser, code: string): Promise<RecoveryCodesReply> {
  await takeCodeAttempt(ctx, user.id);
  const account = await repo.findTwoFactor(ctx.db, user.id);
  if (account?.enabledAt || !account?.pendingSecret) {
    // Not a code check: the attempt does not count.
    await refundCodeAttempt(ctx, user.id);
    if (account?.enabledAt) throw new AppError('CONFLICT', 'Two-factor sign-in is already on.');
    throw new AppError('CONFLICT', 'Start the set-up first: no authenticator key is waiting for a code.');
  }
  const step = matchingStep(openSecret(ctx, account.pendingSecret), code, null, Date.now());
  if (step === null) throw wrongCode();
  await refundCodeAttempt(ctx, user.id);
  const recoveryCodes = newRecoveryCodes();
  await ctx.db.transaction((tx) => repo.enableTwoFactor(tx, user.id, account.pendingSecret!, step, new Date(), recoveryCodes.map(recoveryCodeHash)));
  ctx.log.info({ userId: user.id }, 'two-factor sign-in turned on');
  return { recoveryCodes };
}

/** Turns two-factor sign-in off after the password and a current code (or a recovery code). */
export async function disable(ctx: AppContext, user: SessionUser, input: DisableTwoFactorBody): Promise<void> {
  const account = await repo.findTwoFactor(ctx.db, user.id);
  if (!account?.enabledAt) throw new AppError('CONFLICT', 'Two-factor sign-in is not on.');
  await assertCurrentPassword(ctx, user.id, account, input.currentPassword);
  await takeCodeAttempt(ctx, user.id);
  if (!(await codeIsRight(ctx, user.id, input.code, { allowRecovery: true }))) throw wrongCode();
  await refundCodeAttempt(ctx, user.id);
  await ctx.db.transaction((tx) => repo.disableTwoFactor(tx, user.id));
  ctx.log.info({ userId: user.id }, 'two-factor sign-in turned off');
}

export async function dismissPrompt(ctx: AppContext, user: SessionUser): Promise<void> {
  await repo.dismissTwoFactorPrompt(ctx.db, user.id, new Date());
}

export async function isEnabled(ctx: AppContext, userId: number): Promise<boolean> {
  return Boolean((await repo.findTwoFactor(ctx.db, userId))?.enabledAt);
}

/** After a correct password on an account with two-factor sign-in: a short-lived pending state, not a session. */
export async function startChallenge(ctx: AppContext, userId: number): Promise<TwoFactorChallenge> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + LOGIN_CHALLENGE_TTL_MS);
  await repo.insertLoginChallenge(ctx.db, { userId, tokenHash: hashToken(token), expiresAt });
  return { twoFactorRequired: true, challengeToken: token, expiresAt: expiresAt.toISOString() };
}

/** The account a pending sign-in belongs to, once its code (or a recovery code) is right; the challenge is then spent. */
export async function completeChallenge(ctx: AppContext, challengeToken: string, code: string): Promise<number> {
  const expired = () => new AppError('UNAUTHENTICATED', 'This sign-in has expired. Enter your email and password again.');
  const challenge = await repo.findLoginChallenge(ctx.db, hashToken(challengeToken), new Date());
  if (!challenge) throw expired();
  // The account's limit first (even on a spent challenge): a burst on one challenge is answered 429 with the wait,
  // like any other burst of codes, whichever of its requests arrive after the challenge is spent.
  await takeCodeAttempt(ctx, challenge.userId);
  // Then the challenge's own: one UPDATE counts the attempt only while it has some left (issue 42).
  if (!(await repo.claimChallengeAttempt(ctx.db, challenge.id, CHALLENGE_ATTEMPTS, new Date()))) {
    await refundCodeAttempt(ctx, challenge.userId);
    throw expired();
  }
  if (!(await codeIsRight(ctx, challenge.userId, code, { allowRecovery: true }))) throw wrongCode();
  await refundCodeAttempt(ctx, challenge.userId);
  await repo.deleteLoginChallenge(ctx.db, challenge.id);
  return challenge.userId;
}
