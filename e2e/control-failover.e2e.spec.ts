import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { holdsLease, leaseDetail, standsBy } from './support/lease-readiness';
import { exitOf, startServerProcess, type ServerProcess } from './support/server-process';
import { until } from './support/until';

const TTL_MS = 3_000;

/**
 * TABLECAST_ROLE=control across real processes on one SQLite log (docs/deployment.md): one holder
 * at a time; a holder paused past its lease comes back, finds the lease gone and exits 75 (its
 * supervisor restarts it as a standby); a SIGTERM hands the lease over at once and exits 0.
 */
describe('control role failover across processes (TC-SCALE-1)', () => {
  const logDir = mkdtempSync(join(tmpdir(), 'tablecast-control-e2e-'));
  const servers: ServerProcess[] = [];
  const start = async (): Promise<ServerProcess> => {
    const server = await startServerProcess({
      TABLECAST_ROLE: 'control',
      TABLECAST_LOG_DIR: logDir,
      CONTROL_LEASE_TTL_MS: String(TTL_MS),
      LOG_LEVEL: 'info',
    });
    servers.push(server);
    return server;
  };
  const holds = (server: ServerProcess): Promise<boolean> => holdsLease(server, 'control-lease');
  afterAll(async () => {
    for (const server of servers) {
      if (server.child.signalCode === 'SIGSTOP') server.child.kill('SIGCONT');
      await server.stop();
    }
    rmSync(logDir, { recursive: true, force: true });
  });

  it('TC-SCALE-1: a paused holder comes back lost and exits 75; a stopped one hands over at once and exits 0', async () => {
    const first = await start();
    await until(() => holds(first), 'the first process to hold the control lease');
    const second = await start();
    await until(() => standsBy(second, 'control-lease'), 'the second process to stand by');

    first.child.kill('SIGSTOP');
    await until(() => holds(second), 'the standby to take the lease over from the paused holder');
    const firstExit = exitOf(first);
    first.child.kill('SIGCONT');
    expect(await firstExit).toBe(75);

    const third = await start();
    await until(() => standsBy(third, 'control-lease'), 'the third process to stand by');
    // The standby's view of the holder's grant: no claim succeeds before then unless it is released.
    const heldUntil = Date.parse(
      (await leaseDetail(third, 'control-lease')).replace(/^standby: held by \S+ until /, ''),
    );
    expect(Number.isNaN(heldUntil)).toBe(false);
    const secondExit = exitOf(second);
    second.child.kill('SIGTERM');
    expect(await secondExit).toBe(0);
    await until(() => holds(third), 'the standby to take the released lease');
    // Released on the way out: taken before the grant would have run out.
    expect(Date.now()).toBeLessThan(heldUntil);
  });
});
