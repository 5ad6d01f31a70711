import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DATA_DIR_LOCK_FILE_NAME,
  DataDirLockedError,
  acquireDataDirLock,
  releaseDataDirLock,
} from './data-dir-lock';

/** The pid of a process that has exited (so no process has it, short of pid reuse). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  const pid = child.pid ?? 0;
  await new Promise((resolve) => child.once('exit', resolve));
  return pid;
}

describe('the data-dir lock (real files, real pids)', () => {
  const dirs: string[] = [];
  const freshDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'tablecast-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('writes our pid, refuses a second holder naming the dir and the pid, and frees the dir on release', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    const lockFile = join(dir, DATA_DIR_LOCK_FILE_NAME);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    // This process is alive and already serves the dir: one process, one server per data dir.
    let refusal: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as DataDirLockedError).message).toContain(dir);
    expect((refusal as DataDirLockedError).message).toContain(`pid ${String(process.pid)}`);
    expect((refusal as DataDirLockedError).holderPid).toBe(process.pid);
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('creates a missing data dir before locking it', () => {
    const dir = join(freshDir(), 'nested', 'data');
    const lock = acquireDataDirLock(dir);
    expect(existsSync(join(dir, DATA_DIR_LOCK_FILE_NAME))).toBe(true);
    lock.release();
  });

  it('takes over the stale lock of a dead pid, and an empty lock file left by a crash mid-write', async () => {
    const dir = freshDir();
    const lockFile = join(dir, DATA_DIR_LOCK_FILE_NAME);
    writeFileSync(lockFile, `${String(await deadPid())}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    writeFileSync(lockFile, '');
    acquireDataDirLock(dir).release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('refuses while another live process holds the lock', async () => {
    const dir = freshDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      writeFileSync(join(dir, DATA_DIR_LOCK_FILE_NAME), `${String(holder.pid)}\n`);
      expect(() => acquireDataDirLock(dir)).toThrow(`pid ${String(holder.pid)}`);
    } finally {
      const exited = new Promise((resolve) => holder.once('exit', resolve));
      holder.kill();
      await exited;
    }
    // The holder is gone now: its lock is stale.
    acquireDataDirLock(dir).release();
  });

  it('release leaves alone a lock that is not ours', async () => {
    const dir = freshDir();
    const lockFile = join(dir, DATA_DIR_LOCK_FILE_NAME);
    const other = String(await deadPid());
    writeFileSync(lockFile, `${other}\n`);
    releaseDataDirLock(dir);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(other);
  });
});
