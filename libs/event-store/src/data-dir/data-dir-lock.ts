import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  formatIdentity,
  isRunning,
  ownIdentity,
  parseIdentity,
  type ProcessIdentity,
} from './process-identity';

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
 * Takes the data dir for this process's life: a lock file naming this process (its pid, and on
 * Linux the boot id and its start time), created exclusively. A lock whose process is not running
 * (a crash, a kill -9) is stale and taken over, even when its pid has been reused since: a
 * container's Node is pid 1 after every restart. One whose process runs — this very process
 * included, since one process serves one data dir — refuses with DataDirLockedError naming the dir.
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
    if (holder !== null && isRunning(holder)) throw new DataDirLockedError(dir, holder.pid, lockFile);
    // Stale (its process is gone), or unreadable because its writer died between create and
    // write: take it over, unless another booting server took it over since we read it.
    if (holder === null) sleepMs(20); // may still be being written
    if (sameHolder(readHolder(lockFile), holder)) unlinkQuietly(lockFile);
  }
  throw new Error(`could not take the lock file ${lockFile}: it keeps changing hands`);
}

/** Gives the data dir up, if this process holds it; never removes a lock a successor took over. */
export function releaseDataDirLock(dataDir: string): void {
  const lockFile = join(resolve(dataDir), DATA_DIR_LOCK_FILE_NAME);
  if (sameHolder(readHolder(lockFile), ownIdentity())) unlinkQuietly(lockFile);
}

/** Creates the lock file naming this process if none exists; false if one does. */
function createExclusively(lockFile: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockFile, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${formatIdentity(ownIdentity())}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The process the lock file names; null: not one (empty or garbled); undefined: no lock file. */
function readHolder(lockFile: string): ProcessIdentity | null | undefined {
  let text: string;
  try {
    text = readFileSync(lockFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return parseIdentity(text);
}

function sameHolder(a: ProcessIdentity | null | undefined, b: ProcessIdentity | null): boolean {
  if (a === undefined) return false;
  if (a === null || b === null) return a === b;
  return a.pid === b.pid && a.bootId === b.bootId && a.startTicks === b.startTicks;
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
