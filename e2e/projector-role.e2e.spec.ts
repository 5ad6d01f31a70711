import { guandanMatchRequest } from '@tablecast/games/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { eventsApplied } from './support/events-applied';
import { holdsLease, standsBy } from './support/lease-readiness';
import { isLive, processesOnOneLog } from './support/processes-on-one-log';
import { projectionRowsOf, rebuiltProjectionRows } from './support/projection-rows';
import { createRotatingBotMatch } from './support/rotating-bot-match';
import { exitOf, killHard, type ServerProcess } from './support/server-process';
import { until } from './support/until';

/** API_PROJECTIONS' value for api processes that only read what a projector process projects. */
const READ_THE_PROJECTOR = 'projector';

const TTL_MS = 1_500;
const OPERATOR = 'e2e-operator-token-projector';
const TOKENS = `operator:t1=${OPERATOR}`;

/** One staff request with the operator's token: its status, Retry-After and body. */
async function staffCall(
  url: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; retryAfter: string | null; body: Record<string, unknown> }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** The `projections-shared` check of an api reader's /readyz, and whether the process is ready. */
async function readerReadiness(server: ServerProcess): Promise<{ status: number; detail: string }> {
  const response = await fetch(`${server.url}/readyz`);
  const body = (await response.json()) as { checks: { name: string; detail?: string }[] };
  const detail = body.checks.find((check) => check.name === 'projections-shared')?.detail ?? '';
  return { status: response.status, detail };
}

/**
 * TABLECAST_ROLE=projector across real processes on one SQLite log (TC-SCALE-1): a projector and a
 * standby projector, and two api processes with API_PROJECTIONS=projector that only read what the
 * projector writes. A bot match goes through both api processes, each step's read waiting for the
 * revision its last command wrote; the holder is paused past its lease (the standby takes over, the
 * paused one exits 75), then the next holder is killed with -9 and a new standby goes on; with no
 * projector live an api read that needs a newer revision is a 503 with Retry-After, and a new
 * projector picks the log up. The shared file must end as a rebuild of the log makes it.
 */
describe('the projector role projects for api processes that only read (TC-SCALE-1)', () => {
  const log = processesOnOneLog('projector-e2e', {
    TABLECAST_TOKENS: TOKENS,
    API_PROJECTIONS: READ_THE_PROJECTOR,
    PROJECTIONS_LEASE_TTL_MS: String(TTL_MS),
  });
  const start = (role: 'api' | 'projector'): Promise<ServerProcess> => log.start({ TABLECAST_ROLE: role });
  const holds = (server: ServerProcess): Promise<boolean> => holdsLease(server, 'projections-lease');
  afterAll(() => log.stopAll());

  it('TC-SCALE-1: the api processes apply nothing, a paused projector exits 75 and a killed one is taken over by its standby, a read past a dead one is 503 with Retry-After; the shared file equals a rebuild of the log', async () => {
    const first = await start('projector');
    await until(() => holds(first), 'the first projector to hold the projections lease');
    const standby = await start('projector');
    await until(() => standsBy(standby, 'projections-lease'), 'the second projector to stand by');
    const apiA = await start('api');
    const apiB = await start('api');
    const apis = [apiA, apiB];
    // A projector serves its probes and metrics, no API.
    expect((await staffCall(first.url, 'GET', '/api/matches')).status).toBe(404);
    // A reader never contends for the lease.
    for (const api of apis) {
      const body = (await (await fetch(`${api.url}/readyz`)).json()) as { checks: { name: string }[] };
      expect(body.checks.map((check) => check.name)).not.toContain('projections-lease');
    }

    const match = await createRotatingBotMatch({
      apis: () => apis.map((server) => server.url),
      matchId: 'projector_role',
      seed: 'projector-role',
      operatorToken: OPERATOR,
    });
    expect((await match.playUntil(30)).ended).toBe(false);
    expect(await Promise.all(apis.map(eventsApplied))).toEqual([0, 0]);
    expect(await eventsApplied(standby)).toBe(0);
    expect(await eventsApplied(first)).toBeGreaterThan(30);

    // Paused past its lease: the standby takes over while the match goes on through the api
    // processes, and the paused one, continued, finds its lease lost and exits 75 (its supervisor
    // starts it again as a standby).
    first.child.kill('SIGSTOP');
    expect((await match.playUntil(45)).ended).toBe(false);
    expect(await holds(standby)).toBe(true);
    const firstExit = exitOf(first);
    first.child.kill('SIGCONT');
    expect(await firstExit).toBe(75);
    const spare = await start('projector');
    await until(() => standsBy(spare, 'projections-lease'), 'a new standby projector');

    // Killed: what it applied and never flushed is its standby's to apply, once.
    await killHard(standby);
    expect((await match.playUntil(60)).ended).toBe(false);
    expect(await holds(spare)).toBe(true);
    expect(await eventsApplied(spare)).toBeGreaterThan(0);
    expect(await Promise.all(apis.map(eventsApplied))).toEqual([0, 0]);

    // No projector live: a command still goes in, and a read that needs it waits its bound and is
    // refused, never answered with an older view; the api processes stay ready and say why.
    await killHard(spare);
    const created = await staffCall(apiA.url, 'POST', '/api/matches', guandanMatchRequest('projector_gone'));
    expect(created.status).toBe(201);
    const behind = await staffCall(apiB.url, 'GET', '/api/matches/projector_gone/state?minRevision=0');
    expect(behind).toMatchObject({ status: 503, retryAfter: '1', body: { code: 'projectionsBehind' } });
    const readiness = await readerReadiness(apiB);
    expect(readiness.status).toBe(200);
    expect(readiness.detail).toMatch(
      /^behind: .*commands are served, a read with minRevision past it is 503$/,
    );

    // A projector started again goes on from the file's checkpoint.
    const third = await start('projector');
    await until(() => holds(third), 'a new projector to hold the projections lease');
    expect((await staffCall(apiB.url, 'GET', '/api/matches/projector_gone/state?minRevision=0')).status).toBe(
      200,
    );
    const end = await match.playUntil(Number.MAX_SAFE_INTEGER);
    expect(end.ended).toBe(true);
    expect(await Promise.all(apis.map(eventsApplied))).toEqual([0, 0]);
    // A clean stop flushes everything applied.
    const thirdExit = exitOf(third);
    third.child.kill('SIGTERM');
    expect(await thirdExit).toBe(0);
    for (const api of apis) await api.stop();
    expect(log.servers.filter(isLive)).toEqual([]);

    const shared = projectionRowsOf(log.logDir);
    const played = shared.timeline.filter(
      (row) => (row as { match_id: string }).match_id === 'projector_role',
    );
    expect(played).toHaveLength(end.revision + 1);
    expect(shared).toEqual(await rebuiltProjectionRows(log.logDir, log.rebuiltDir));
  });
});
