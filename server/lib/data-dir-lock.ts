import { linkSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Name of the lock file inside the data directory. */
export const LOCK_FILE = 'server.lock';

/** A held lock on a data directory. */
export interface DataDirLock {
  /** The lock file's absolute path. */
  file: string;
  /** Removes the lock file (only when it still names this process); safe to call twice. */
  release(): void;
}

/** Thrown when another live process holds the directory; its message is for the operator. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
    readonly file: string,
  ) {
    super(
      `El directorio de datos ${dataDir} ya está en uso por otro servidor (pid ${holderPid}); ` +
        'detenlo antes de arrancar este. / ' +
        `The data directory ${dataDir} is already in use by another server (pid ${holderPid}); ` +
        `stop it first. If no server is running, delete ${file}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Directories this process holds: a second start in the same process is refused too. */
const heldHere = new Set<string>();

/** True when a process with `pid` exists (EPERM: it exists but belongs to another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Takes the data directory for this process: creates `<dataDir>/server.lock` holding the
 * pid with O_EXCL, so of two servers started at once only one gets it. A lock left by a
 * process that no longer exists (kill -9, power cut) is taken over; one held by a live
 * process throws `DataDirLockedError`. A lock naming our own pid that this process does
 * not hold is stale too: after a container restart the new server often gets the old pid.
 *
 * Liveness is checked with the pid, so the lock protects servers on one machine (one pid
 * namespace); two containers sharing a volume need `DATABASE_URL` instead.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  if (heldHere.has(dir)) throw new DataDirLockedError(dir, process.pid, file);

  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o644 });
      heldHere.add(dir);
      return { file, release: () => release(dir, file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readPid(file);
    if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(dir, holder, file);
    }
    // Stale (or unreadable garbage): move it aside atomically, then check that what we
    // moved is the stale lock we judged: another starter may have taken it over between
    // our read and our rename, and then its lock goes back and this start is refused.
    const aside = `${file}.stale-${process.pid}-${attempt}`;
    try {
      renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = readPid(aside);
    if (moved !== holder && moved !== undefined && moved !== process.pid && isAlive(moved)) {
      try {
        linkSync(aside, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      rmSync(aside, { force: true });
      throw new DataDirLockedError(dir, moved, file);
    }
    rmSync(aside, { force: true });
  }
  throw new Error(`Could not take the lock ${file}`);
}

function release(dir: string, file: string): void {
  if (!heldHere.delete(dir)) return;
  // Never remove a lock that another process took over meanwhile.
  if (readPid(file) !== process.pid) return;
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
