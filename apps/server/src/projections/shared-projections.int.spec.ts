import { positionToString, type StoredEvent } from '@tablecast/event-store';
import { projectionRowsOf } from '@tablecast/projections/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../bootstrap';
import { playMatchOverHttp } from '../testing/http-bot-match';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { runTablecastCli } from '../testing/tablecast-cli';
import { startServerOn } from '../testing/test-server';
import { readWholeLog } from '../testing/whole-log';
import { ProjectionRunner } from './projection-runner.service';
import { ProjectionsLeaseKeeper } from './projections-lease-keeper';

/** API_PROJECTIONS' value for the api processes' one shared projector. */
const SHARED_PROJECTIONS = 'shared';

/**
 * API_PROJECTIONS=shared (TC-SCALE-1): two real api servers over one SQLite log dir. One, the
 * holder of the projections lease, projects the log into TABLECAST_LOG_DIR/projections.sqlite;
 * the other applies nothing and reads that file, a read with minRevision waiting for its checkpoint.
 */
describe('shared read models: one api process projects for all (TC-SCALE-1)', () => {
  const logDir = mkdtempSync(join(tmpdir(), 'tablecast-shared-proj-log-'));
  const dataDirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'tablecast-shared-proj-data-')));
  const env = {
    TABLECAST_ROLE: 'api',
    TABLECAST_LOG_DIR: logDir,
    TABLECAST_TOKENS: TEST_TOKENS_SPEC,
    API_PROJECTIONS: SHARED_PROJECTIONS,
    PROJECTIONS_LEASE_TTL_MS: '1500',
  };
  const running: RunningServer[] = [];
  const holds = (server: RunningServer): boolean =>
    server.app.get(ProjectionsLeaseKeeper).state.kind === 'holding';
  const runner = (server: RunningServer): ProjectionRunner => server.app.get(ProjectionRunner);
  let projector: RunningServer;
  let reader: RunningServer;

  const logOf = (): Promise<StoredEvent[]> => readWholeLog(logDir);
  const view = async (server: RunningServer, matchId: string, minRevision: number) => {
    const response = await fetch(
      `${server.url}/api/matches/${matchId}/view?minRevision=${String(minRevision)}`,
      {
        headers: { authorization: `Bearer ${TEST_TOKENS.referee}` },
      },
    );
    return { status: response.status, body: (await response.json()) as { revision?: number; code?: string } };
  };
  /** The reader has followed the file to the log's last event (the projector flushed it all). */
  const readerCaughtUp = async (follower: RunningServer): Promise<void> => {
    const last = (await logOf()).at(-1);
    if (last === undefined) throw new Error('an empty log');
    await vi.waitFor(() => {
      expect(runner(follower).appliedPosition).toBe(positionToString(last.position));
    });
  };

  beforeAll(async () => {
    const servers = await Promise.all(dataDirs.slice(0, 2).map((dir) => startServerOn(dir, env)));
    running.push(...servers);
    await vi.waitFor(() => {
      expect(servers.filter(holds)).toHaveLength(1);
    });
    const [holder, follower] = [servers.find(holds), servers.find((server) => !holds(server))];
    if (holder === undefined || follower === undefined)
      throw new Error('one projector and one reader expected');
    [projector, reader] = [holder, follower];
  });

  afterAll(async () => {
    await Promise.all(running.map((server) => server.app.close()));
    for (const dir of [logDir, ...dataDirs]) rmSync(dir, { recursive: true, force: true });
  });

  it('TC-SCALE-1: a bot match with its commands alternating between the processes reads each command through the other process (read-your-writes, minRevision)', async () => {
    // Each read of the bot loop (state with minRevision, then the timeline) goes to the process
    // the last command did not: the reader waits for the projector's checkpoint, the projector
    // for its own runner.
    const last = await playMatchOverHttp({
      url: [reader.url, projector.url],
      matchId: 'shared_alternating',
      seed: 'shared-alternating',
      operatorToken: TEST_TOKENS.operatorT1,
      format: { kind: 'fixedDeals', deals: 1 },
    });
    expect(last).toBeGreaterThan(10);
    for (const server of [reader, projector]) {
      const answer = await view(server, 'shared_alternating', last);
      expect(answer.status).toBe(200);
      expect(answer.body.revision).toBe(last);
    }
  });

  it('TC-SCALE-1: only the projector applies events: the reader applied none, the projector each event of the log once', async () => {
    await readerCaughtUp(reader);
    const events = await logOf();
    expect(runner(reader).eventsApplied).toBe(0);
    expect(runner(projector).eventsApplied).toBe(events.length);
  });

  it('TC-SCALE-1: a read through the reader for a revision nobody projects waits its bound and is a 503 naming the projector, never an older view', async () => {
    const answer = await view(reader, 'shared_alternating', 100_000);
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe('projectionsBehind');
  });

  it('TC-SCALE-1: a stopped projector hands over: the reader takes the lease and goes on from the checkpoint in the file, projecting only the events after it', async () => {
    const before = (await logOf()).length;
    await projector.app.close();
    running.splice(running.indexOf(projector), 1);
    await vi.waitFor(
      () => {
        expect(holds(reader)).toBe(true);
      },
      { timeout: 10_000 },
    );
    const successor = reader;
    const newcomer = await startServerOn(dataDirs[2] ?? '', env);
    running.push(newcomer);
    const last = await playMatchOverHttp({
      url: [newcomer.url, successor.url],
      matchId: 'shared_after_takeover',
      seed: 'shared-after-takeover',
      operatorToken: TEST_TOKENS.operatorT1,
      format: { kind: 'fixedDeals', deals: 1 },
    });
    expect((await view(newcomer, 'shared_after_takeover', last)).body.revision).toBe(last);
    await readerCaughtUp(newcomer);
    const after = (await logOf()).length;
    // Not one event of the former projector's term applied again, none skipped.
    expect(runner(successor).eventsApplied).toBe(after - before);
    expect(runner(newcomer).eventsApplied).toBe(0);
    expect((await view(newcomer, 'shared_alternating', 0)).body.revision).toBeGreaterThan(10);
  });

  it('tablecast projections rebuild --data-dir <log dir> rebuilds the shared file to the rows the projectors wrote', async () => {
    const newcomer = running.find((server) => !holds(server));
    if (newcomer === undefined) throw new Error('a reader expected');
    await readerCaughtUp(newcomer);
    await Promise.all(running.map((server) => server.app.close()));
    running.length = 0;
    const live = projectionRowsOf(logDir);
    expect(live.timeline.length).toBe(
      (await logOf()).filter((event) => event.stream.startsWith('match-')).length,
    );
    const rebuilt = await runTablecastCli(['projections', 'rebuild', '--data-dir', logDir], process.env);
    expect(rebuilt.stderr).toBe('');
    expect(rebuilt.code).toBe(0);
    expect(projectionRowsOf(logDir)).toEqual(live);
  });
});
