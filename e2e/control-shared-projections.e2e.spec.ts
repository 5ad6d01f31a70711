import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { eventsApplied } from './support/events-applied';
import { holdsLease, standsBy } from './support/lease-readiness';
import { createRotatingBotMatch } from './support/rotating-bot-match';
import { killHard, startServerProcess, type ServerProcess } from './support/server-process';
import { until } from './support/until';

/** API_PROJECTIONS' value for the api processes' one shared projector. */
const SHARED_PROJECTIONS = 'shared';

const TTL_MS = 1_500;
const OPERATOR = 'e2e-operator-token-ctlproj-1';
const REFEREE = 'e2e-referee-token-ctlproj-01';
const PRODUCER = 'e2e-producer-token-ctlproj-1';
const TOKENS = `operator:t1=${OPERATOR},referee=${REFEREE},producer=${PRODUCER}`;
const MATCH = 'ctl_proj_e2e';

interface Readiness {
  readonly status: number;
  readonly checks: readonly { name: string; ok: boolean; detail?: string }[];
}

async function readiness(server: ServerProcess): Promise<Readiness> {
  const response = await fetch(`${server.url}/readyz`);
  const body = (await response.json()) as { checks: Readiness['checks'] };
  return { status: response.status, checks: body.checks };
}

/**
 * API_PROJECTIONS=shared for the control role across real processes on one SQLite log
 * (TC-SCALE-1): two api processes share one projector, killed with -9 mid-match and taken over;
 * the control process beside them projects nothing and takes no projections lease, and reads the
 * match they played from TABLECAST_LOG_DIR/projections.sqlite.
 */
describe('the control role reads the api processes’ shared projections (TC-SCALE-1)', () => {
  const logDir = mkdtempSync(join(tmpdir(), 'tablecast-ctl-proj-e2e-'));
  const servers: ServerProcess[] = [];
  const shared = {
    TABLECAST_LOG_DIR: logDir,
    TABLECAST_TOKENS: TOKENS,
    API_PROJECTIONS: SHARED_PROJECTIONS,
    PROJECTIONS_LEASE_TTL_MS: String(TTL_MS),
  };
  const start = async (role: 'api' | 'control'): Promise<ServerProcess> => {
    const server = await startServerProcess({ ...shared, TABLECAST_ROLE: role });
    servers.push(server);
    return server;
  };
  const live = (server: ServerProcess): boolean =>
    server.child.exitCode === null && server.child.signalCode === null;
  afterAll(async () => {
    for (const server of servers) await server.stop();
    rmSync(logDir, { recursive: true, force: true });
  });

  it('TC-SCALE-1: the control process reads the match the api processes played, across a projector killed with -9, and applied no event of it', async () => {
    const first = await start('api');
    await until(() => holdsLease(first, 'projections-lease'), 'the first api process to project');
    const second = await start('api');
    await until(() => standsBy(second, 'projections-lease'), 'the second api process to read');
    const control = await start('control');
    await until(() => holdsLease(control, 'control-lease'), 'the control process to hold its lease');

    let apis = [first, second];
    const match = await createRotatingBotMatch({
      apis: () => apis.filter(live).map((server) => server.url),
      matchId: MATCH,
      seed: 'ctl-proj-e2e',
      operatorToken: OPERATOR,
    });
    expect((await match.playUntil(30)).ended).toBe(false);
    await killHard(first);
    apis = [second];
    const end = await match.playUntil(Number.MAX_SAFE_INTEGER);
    expect(end.ended).toBe(true);
    expect(await holdsLease(second, 'projections-lease')).toBe(true);

    // The control process reads what the api projectors wrote: the match at its last revision,
    // and t1's match on the producer's program.
    const view = (await apiCall(
      control.url,
      REFEREE,
      'GET',
      `/api/matches/${MATCH}/view?minRevision=${String(end.revision)}`,
    )) as { revision: number };
    expect(view.revision).toBe(end.revision);
    const program = (await apiCall(control.url, PRODUCER, 'GET', '/api/producer/program')) as {
      tables: { table: string; matchId: string }[];
    };
    expect(program.tables).toEqual([expect.objectContaining({ table: 't1', matchId: MATCH })]);

    // No projector of its own: no projections lease to contend for, nothing applied; its
    // readiness reads the shared file, caught up.
    const ready = await readiness(control);
    expect(ready.checks.map((check) => check.name)).not.toContain('projections-lease');
    expect(ready.checks.find((check) => check.name === 'projections-shared')).toMatchObject({
      ok: true,
      detail: expect.stringMatching(
        /^reading TABLECAST_LOG_DIR\/projections\.sqlite at checkpoint /,
      ) as unknown,
    });
    expect(await eventsApplied(control)).toBe(0);
    // The surviving projector applied the events after the killed one's last flush.
    expect(await eventsApplied(second)).toBeGreaterThan(0);
  });
});
