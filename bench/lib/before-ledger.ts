// Issue 40's payout target, measured on the code itself: the app's payout as it was the commit before the ledger
// (decision record 036) against the app's payout now, each in a fresh process on a fresh database, the same script
// shape (bench/payouts.ts at that commit: one Pay now + worker of 1,000 commissions to 200 pro staff against the fake
// Stripe), run in turns with the order swapped every round so the shared machine's noise falls on both.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The last commit before the ledger (2084ddc^): its Pay now updated `commissions` rows in place. */
export const BEFORE_LEDGER_COMMIT = '8def7ffceb60a192bf1c989a936a66f4dbd59f39';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * A detached checkout of that commit beside the repository's own node_modules (its dependencies are a subset of
 * today's). Null, with why, where it cannot be had (no git, or a shallow clone without that commit).
 */
export function beforeLedgerCheckout(): { dir: string; remove: () => void } | { why: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-before-ledger-'));
  try {
    execFileSync('git', ['-C', root, 'worktree', 'add', '--detach', '--force', dir, BEFORE_LEDGER_COMMIT], { stdio: 'ignore' });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    return { why: `no checkout of ${BEFORE_LEDGER_COMMIT.slice(0, 7)} (${(error as Error).message.split('\n')[0]})` };
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  // Its script predates one rule that commit already had (payouts go only to confirmed addresses, issue 25): its pro
  // staff get confirmed addresses, as today's script gives them, or Pay now refuses them all.
  const script = path.join(dir, 'bench', 'payouts.ts');
  const original = fs.readFileSync(script, 'utf8');
  const confirmed = original
    .replace(`insert into users (email, password_hash, user_type) select 'bench.staff.`, `insert into users (email, password_hash, user_type, email_verified_at) select 'bench.staff.`)
    .replace(`'x', 'pro_staff' from generate_series`, `'x', 'pro_staff', now() from generate_series`);
  if (confirmed.split('email_verified_at').length !== 2 || !confirmed.includes(`'pro_staff', now()`)) {
    throw new Error(`bench/payouts.ts at ${BEFORE_LEDGER_COMMIT.slice(0, 7)} is not the script this expects`);
  }
  fs.writeFileSync(script, confirmed);
  return {
    dir,
    remove: () => {
      try {
        execFileSync('git', ['-C', root, 'worktree', 'remove', '--force', dir], { stdio: 'ignore' });
      } catch {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Runs one payout script in `dir` in its own process; the milliseconds until the payout was paid. */
export function payoutScriptMs(dir: string, env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    // Its own throwaway database on PG_ADMIN_URL, never a kept BENCH_DATABASE_URL.
    const { BENCH_DATABASE_URL: _kept, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/payouts.ts'], {
      cwd: dir,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const paid = /paid in (\d+) ms/.exec(out);
      if (paid) resolve(Number(paid[1]));
      else reject(new Error(`no payout time from ${dir}:\n${out.slice(-2000)}`));
    });
  });
}
