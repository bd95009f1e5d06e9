import fs from 'node:fs';

/**
 * An exclusive lock on the embedded database's folder for the life of the process (issue 17, decision 015).
 * Two processes on one PGlite folder corrupt it: after a hard kill every restart died with
 * "RuntimeError: Aborted()". The lock is a file created atomically (O_EXCL) next to the folder, holding the
 * owner's pid and process start time; a lock whose owner is gone (or whose pid now belongs to another
 * process) is stale and taken over.
 */
export class DataDirLockedError extends Error {
  constructor(dir: string, owner: LockOwner | null) {
    super(
      `The data directory ${dir} is in use by another HuntStaff process (pid ${owner?.pid ?? 'unknown'}). ` +
        'Stop that process first; two processes on one embedded database corrupt it. Nothing was opened or changed.',
    );
    this.name = 'DataDirLockedError';
  }
}

type LockOwner = { pid: number; startTime: string | null };

/** The process start time from /proc (Linux), to tell a reused pid from the lock's owner; null elsewhere. */
function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime), counted after the command name, which is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const startTime = processStartTime(owner.pid);
  return owner.startTime === null || startTime === null || startTime === owner.startTime;
}

function readOwner(lockPath: string): LockOwner | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockOwner>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, startTime: parsed.startTime ?? null } : null;
  } catch {
    return null;
  }
}

export type DataDirLock = { path: string; release(): void };

/** Takes the lock on `dir` or throws DataDirLockedError at once. */
export function lockDataDir(dir: string): DataDirLock {
  const lockPath = `${dir}.lock`;
  const me: LockOwner = { pid: process.pid, startTime: processStartTime(process.pid) };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, JSON.stringify(me));
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (readOwner(lockPath)?.pid === me.pid) fs.rmSync(lockPath, { force: true });
      };
      process.on('exit', release);
      return { path: lockPath, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(lockPath);
    // A lock being written this instant has no owner yet: look again rather than take it over.
    if (owner === null) {
      const ageMs = Date.now() - fs.statSync(lockPath, { throwIfNoEntry: false })!.mtimeMs;
      if (Number.isNaN(ageMs) || ageMs < 2000) throw new DataDirLockedError(dir, null);
    } else if (isAlive(owner)) {
      throw new DataDirLockedError(dir, owner);
    }
    // Stale: its owner died without releasing it (kill -9, power loss).
    fs.rmSync(lockPath, { force: true });
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
