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

/** Our lock line as the kernel describes this process: pid, boot id, start time since boot. */
function identityLine(pid: number): string {
  const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return `${String(pid)} ${boot} ${afterName[19] ?? ''}`;
}

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

  it('writes our pid, boot id and start time, refuses a second holder naming the dir and the pid, and frees the dir on release', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    const lockFile = join(dir, DATA_DIR_LOCK_FILE_NAME);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(identityLine(process.pid));
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
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(identityLine(process.pid));
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

  it('takes over a lock naming our own pid from an earlier process: pid 1 after a container restart', () => {
    const dir = freshDir();
    const lockFile = join(dir, DATA_DIR_LOCK_FILE_NAME);
    const [pid, boot, ticks] = identityLine(process.pid).split(' ');
    // The server that crashed had this pid too, but started at another time.
    writeFileSync(lockFile, `${pid ?? ''} ${boot ?? ''} ${String(Number(ticks) + 1)}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(identityLine(process.pid));
    lock.release();
    // A pid-only line naming us was written by an earlier process: this one writes its start time.
    writeFileSync(lockFile, `${String(process.pid)}\n`);
    acquireDataDirLock(dir).release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('refuses a live holder named with its start time, and takes over when its pid now belongs to another process or another boot', async () => {
    const dir = freshDir();
    const lockFile = join(dir, DATA_DIR_LOCK_FILE_NAME);
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      const line = identityLine(holder.pid ?? 0);
      writeFileSync(lockFile, `${line}\n`);
      expect(() => acquireDataDirLock(dir)).toThrow(`pid ${String(holder.pid)}`);
      const [pid, boot, ticks] = line.split(' ');
      // The same pid, started at another time: an unrelated process that reused it.
      writeFileSync(lockFile, `${pid ?? ''} ${boot ?? ''} ${String(Number(ticks) + 1)}\n`);
      acquireDataDirLock(dir).release();
      // The same pid and start time under another boot: the machine restarted since.
      writeFileSync(lockFile, `${pid ?? ''} 00000000-0000-0000-0000-000000000000 ${ticks ?? ''}\n`);
      acquireDataDirLock(dir).release();
      expect(existsSync(lockFile)).toBe(false);
    } finally {
      const exited = new Promise((resolve) => holder.once('exit', resolve));
      holder.kill();
      await exited;
    }
  });
});
