import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/repo';
import { startServerProcess, type ServerProcess } from './support/server-process';

const serverEntry = join(repoRoot, 'apps/server/dist/main.js');

/** The pid a lock file names (its first field; boot id and start time follow on Linux). */
function lockHolderPid(lockFile: string): string {
  return readFileSync(lockFile, 'utf8').trim().split(' ')[0] ?? '';
}

describe('one server per data dir (two real server processes)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-shared-dir-'));
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of running) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops a second server on a held data dir with exit 75 naming the dir; a killed holder’s lock is taken over', async () => {
    const first = await startServerProcess({ TABLECAST_DATA_DIR: dataDir });
    running.push(first);
    const lockFile = join(dataDir, 'tablecast.lock');
    expect(lockHolderPid(lockFile)).toBe(String(first.child.pid));

    // Before the lock, this second boot died mid-start on the disclosure ledger's UNIQUE constraint.
    const second = spawnSync(process.execPath, [serverEntry], {
      cwd: repoRoot,
      env: { ...process.env, PORT: '0', TABLECAST_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(second.status, second.stderr).toBe(75);
    expect(second.stderr).toContain(`TABLECAST_DATA_DIR ${dataDir} is in use by another Tablecast server`);
    expect(second.stderr).toContain(`pid ${String(first.child.pid)}`);
    expect(second.stderr).not.toContain('UNIQUE');
    // The holder is untouched and still serving.
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    expect(lockHolderPid(lockFile)).toBe(String(first.child.pid));

    // kill -9 leaves the lock file behind with a dead pid: the next server takes it over.
    const killed = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await killed;
    // Its stop() would wait for an exit that already happened: clean up what it would have.
    running.splice(running.indexOf(first), 1);
    rmSync(first.dataDir, { recursive: true, force: true });
    const third = await startServerProcess({ TABLECAST_DATA_DIR: dataDir });
    running.push(third);
    expect(lockHolderPid(lockFile)).toBe(String(third.child.pid));
    expect((await fetch(`${third.url}/healthz`)).status).toBe(200);
  });
});
