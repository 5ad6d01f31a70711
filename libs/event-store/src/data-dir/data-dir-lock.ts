import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const DATA_DIR_LOCK_FILE_NAME = 'tablecast.lock';

/**
 * Another live process holds the data dir. Two servers on one dir would both append to the log and
 * both write the disclosure ledger (the second used to die on a UNIQUE constraint mid-boot).
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
    readonly lockFile: string,
  ) {
    super(
      `TABLECAST_DATA_DIR ${dataDir} is in use by another Tablecast server (pid ${String(holderPid)}, ` +
        `lock file ${lockFile}); stop it or give this server its own data dir. ` +
        `If no process with that pid is a Tablecast server, delete the lock file.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** The lock this process holds on a data dir, until `release` (or until the process dies). */
export interface DataDirLock {
  readonly dataDir: string;
  readonly lockFile: string;
  release(): void;
}

/**
 * Takes the data dir for this process's life: a lock file naming our pid, created exclusively. A
 * lock whose pid is dead (a crash, a kill -9) is stale and taken over; one whose pid is alive —
 * this very process included, since one process serves one data dir — refuses with
 * DataDirLockedError naming the dir. The lock file is the check, not an OS lock, so a pid reused
 * by an unrelated process after a crash also refuses; the message says how to clear it.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const lockFile = join(dir, DATA_DIR_LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    if (createExclusively(lockFile)) {
      return {
        dataDir: dir,
        lockFile,
        release: () => {
          releaseDataDirLock(dir);
        },
      };
    }
    const holder = readHolder(lockFile);
    if (holder === undefined) continue; // removed meanwhile: try again
    if (holder !== null && isAlive(holder)) throw new DataDirLockedError(dir, holder, lockFile);
    // Stale (a dead pid), or unreadable because its writer died between create and write: take it
    // over, unless another booting server took it over since we read it.
    if (holder === null) sleepMs(20); // may still be being written
    if (readHolder(lockFile) === holder) unlinkQuietly(lockFile);
  }
  throw new Error(`could not take the lock file ${lockFile}: it keeps changing hands`);
}

/** Gives the data dir up, if this process holds it; never removes a lock a successor took over. */
export function releaseDataDirLock(dataDir: string): void {
  const lockFile = join(resolve(dataDir), DATA_DIR_LOCK_FILE_NAME);
  if (readHolder(lockFile) === process.pid) unlinkQuietly(lockFile);
}

/** Creates the lock file with our pid if none exists; false if one does. */
function createExclusively(lockFile: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockFile, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${String(process.pid)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The pid in the lock file; null: not a pid (empty or garbled); undefined: no lock file. */
function readHolder(lockFile: string): number | null | undefined {
  let text: string;
  try {
    text = readFileSync(lockFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

/** Signal 0 checks for the process without touching it; EPERM: alive, under another user. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function sleepMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
