import { afterAll, describe, expect, it } from 'vitest';
import { holdsLease, standsBy } from './support/lease-readiness';
import { isLive, processesOnOneLog } from './support/processes-on-one-log';
import { projectionRowsOf, rebuiltProjectionRows } from './support/projection-rows';
import { createRotatingBotMatch } from './support/rotating-bot-match';
import { exitOf, killHard, type ServerProcess } from './support/server-process';
import { until } from './support/until';

/** API_PROJECTIONS' value for the api processes' one shared projector. */
const SHARED_PROJECTIONS = 'shared';

const TTL_MS = 1_500;
const OPERATOR = 'e2e-operator-token-proj-01';
const TOKENS = `operator:t1=${OPERATOR}`;

/**
 * API_PROJECTIONS=shared across real api processes on one SQLite log (TC-SCALE-1): the projector
 * paused past its lease, then killed with -9, while a bot match goes on through the others. The
 * shared file must end as a rebuild of the log makes it: no event projected twice into a model
 * (its state and scoreboard would differ), none skipped (a timeline row would be missing).
 */
describe('shared projections across processes: a paused and a killed projector (TC-SCALE-1)', () => {
  const log = processesOnOneLog('proj-e2e', {
    TABLECAST_ROLE: 'api',
    TABLECAST_TOKENS: TOKENS,
    API_PROJECTIONS: SHARED_PROJECTIONS,
    PROJECTIONS_LEASE_TTL_MS: String(TTL_MS),
  });
  const start = (): Promise<ServerProcess> => log.start();
  const holds = (server: ServerProcess): Promise<boolean> => holdsLease(server, 'projections-lease');
  afterAll(() => log.stopAll());

  it('TC-SCALE-1: a paused projector is fenced and exits 75, a killed one is taken over; the shared file equals a rebuild of the log', async () => {
    const first = await start();
    await until(() => holds(first), 'the first api process to hold the projections lease');
    const second = await start();
    await until(() => standsBy(second, 'projections-lease'), 'the second to read the shared file');
    let apis: ServerProcess[] = [first, second];
    const match = await createRotatingBotMatch({
      apis: () => apis.map((server) => server.url),
      matchId: 'proj_failover',
      seed: 'proj-failover',
      operatorToken: OPERATOR,
    });
    expect((await match.playUntil(20)).ended).toBe(false);

    // Paused: its lease runs out while commands go on through the reader, whose reads with
    // minRevision wait until it took the lease over and projected them.
    first.child.kill('SIGSTOP');
    apis = [second];
    expect((await match.playUntil(40)).ended).toBe(false);
    expect(await holds(second)).toBe(true);
    const firstExit = exitOf(first);
    first.child.kill('SIGCONT');
    expect(await firstExit).toBe(75);

    const third = await start();
    await until(() => standsBy(third, 'projections-lease'), 'the third to read the shared file');
    apis = [second, third];
    expect((await match.playUntil(60)).ended).toBe(false);

    // Killed: what it applied and never flushed is the successor's to apply, once.
    await killHard(second);
    apis = [third];
    const end = await match.playUntil(Number.MAX_SAFE_INTEGER);
    expect(end.ended).toBe(true);
    expect(await holds(third)).toBe(true);
    // A clean stop flushes everything applied.
    const thirdExit = exitOf(third);
    third.child.kill('SIGTERM');
    expect(await thirdExit).toBe(0);
    expect(log.servers.filter(isLive)).toEqual([]);

    const shared = projectionRowsOf(log.logDir);
    expect(shared.timeline).toHaveLength(end.revision + 1);
    expect(shared).toEqual(await rebuiltProjectionRows(log.logDir, log.rebuiltDir));
  });
});
