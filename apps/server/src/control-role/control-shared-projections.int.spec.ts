import { seededPrng } from '@tablecast/cards';
import { seatBotCommand, seatsToAct, type DoudizhuState } from '@tablecast/doudizhu';
import { positionToString } from '@tablecast/event-store';
import { matchStream } from '@tablecast/events';
import type { ProducerState, ProgramView } from '@tablecast/protocol';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../bootstrap';
import { createDdzMatch, sendDdz } from '../boards/testing/ddz-http';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import type { ReadinessCheck } from '../health/readiness.service';
import { MatchCommandService } from '../matches/match-command.service';
import { ProjectionRunner } from '../projections/projection-runner.service';
import { ProjectionsLeaseKeeper } from '../projections/projections-lease-keeper';
import { SHARED_PROJECTIONS_CHECK } from '../projections/shared-projections-lag';
import { MatchClient, newBigTwoMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startServerOn } from '../testing/test-server';
import { ControlLeaseKeeper } from './control-lease-keeper';

const TTL_MS = 1_500;

/**
 * TABLECAST_ROLE=control with API_PROJECTIONS=shared (TC-SCALE-1): a real control app and a real
 * api projector on one SQLite log dir. The control process never projects and never contends for
 * the projections lease: its program, dashboard table lookups, seat bots' wake-ups and staff reads
 * come from the api projector's TABLECAST_LOG_DIR/projections.sqlite, and its readiness says when
 * that file is absent or behind.
 */
describe('the control role reads the shared read models (TC-SCALE-1)', () => {
  const logDir = mkdtempSync(join(tmpdir(), 'tablecast-control-shared-log-'));
  const dataDirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'tablecast-control-shared-data-')));
  const shared = { TABLECAST_LOG_DIR: logDir, TABLECAST_TOKENS: TEST_TOKENS_SPEC, API_PROJECTIONS: 'shared' };
  const running: RunningServer[] = [];
  let control: RunningServer;

  const startApi = async (dataDir: string): Promise<RunningServer> => {
    const api = await startServerOn(dataDir, {
      ...shared,
      TABLECAST_ROLE: 'api',
      PROJECTIONS_LEASE_TTL_MS: String(TTL_MS),
    });
    running.push(api);
    await vi.waitFor(() => {
      expect(api.app.get(ProjectionsLeaseKeeper).state.kind).toBe('holding');
    }, 10_000);
    return api;
  };
  const stop = async (server: RunningServer): Promise<void> => {
    running.splice(running.indexOf(server), 1);
    await server.app.close();
  };
  const readiness = async (): Promise<{ status: number; check: ReadinessCheck | undefined }> => {
    const response = await fetch(`${control.url}/readyz`);
    const body = (await response.json()) as { checks: ReadinessCheck[] };
    return {
      status: response.status,
      check: body.checks.find((check) => check.name === SHARED_PROJECTIONS_CHECK),
    };
  };
  const logHead = async (): Promise<string> => {
    const head = await control.app.get<AppEventStore>(EVENT_STORE).log.headPosition?.();
    if (head === undefined) throw new Error('an empty log');
    return positionToString(head);
  };
  /** Staff reads through the control process. */
  const metric = async (server: RunningServer): Promise<number> => {
    const body = await (await fetch(`${server.url}/metrics`)).text();
    return Number(/^tablecast_projection_events_applied_total (\d+)$/m.exec(body)?.[1]);
  };

  beforeAll(async () => {
    control = await startServerOn(dataDirs[0] ?? '', {
      ...shared,
      TABLECAST_ROLE: 'control',
      PROJECTIONS_LEASE_TTL_MS: String(TTL_MS),
    });
    running.push(control);
    await vi.waitFor(() => {
      expect(control.app.get(ControlLeaseKeeper).state.kind).toBe('holding');
    }, 10_000);
  });

  afterAll(async () => {
    await Promise.all(running.map((server) => server.app.close()));
    for (const dir of [logDir, ...dataDirs]) rmSync(dir, { recursive: true, force: true });
  });

  it('TC-SCALE-1: before any api process projected the log, the control process is not ready and says the shared read models are absent', async () => {
    const operator = new MatchClient(control.url, TEST_TOKENS.operatorT1);
    const created = await operator.request(
      'POST',
      '/api/matches',
      newBigTwoMatchRequest('ctl_shared_first', 't1'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await vi.waitFor(async () => {
      const { status, check } = await readiness();
      expect(status).toBe(503);
      expect(check).toMatchObject({
        ok: false,
        detail: expect.stringMatching(
          /^absent: .*no projector \(a TABLECAST_ROLE=projector process, or an api process with API_PROJECTIONS=shared\) has projected it/,
        ) as unknown,
      });
    });
    expect(control.app.get(ProjectionRunner).appliedPosition).toBeUndefined();
  });

  it('TC-SCALE-1, DDZ-GEN-3: bots seated on the control process play a board beside a person keying through the api process, woken by the shared file and seeing the moves the api process appended; its program, dashboard and staff reads come from that file, and it applied no event', async () => {
    const projector = await startApi(dataDirs[1] ?? '');
    await vi.waitFor(async () => {
      expect((await readiness()).check).toMatchObject({
        ok: true,
        detail: expect.stringMatching(/^reading /) as unknown,
      });
    }, 10_000);

    // 人机赛 across the roles: a person on seat 0 keys through the api process, bots on seats 1
    // and 2 play on the control process. The bots look again only when the shared file's
    // checkpoint moves (the control process's own runner applies nothing), and then must see the
    // person's move, which only the api process appended.
    const match = 'ctl_shared_bots';
    const api = new MatchClient(projector.url, TEST_TOKENS.operatorT1);
    let revision = await createDdzMatch(api, match, 't1');
    const onControl = new MatchClient(control.url, TEST_TOKENS.operatorT1);
    for (const seat of [1, 2]) {
      const seated = await onControl.request('POST', '/api/seat-bots', {
        matchId: match,
        seat,
        seed: `ctl-shared-${String(seat)}`,
      });
      expect(seated.status, JSON.stringify(seated.body)).toBe(201);
    }
    const dealt = await sendDdz(api, match, revision, {
      type: 'DealBoard',
      board: 1,
      seed: 'ctl-shared-board-1',
    });
    expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
    // Read from the log each time: the api process's copy of the match knows only its own appends.
    const stateOf = async (): Promise<{ revision: number; state: DoudizhuState }> => {
      const now = await projector.app.get(MatchCommandService).read(match, Number.MAX_SAFE_INTEGER);
      return { revision: now.revision, state: now.state as DoudizhuState };
    };
    const person = seededPrng('the person on seat 0');
    let personMoves = 0;
    for (let guard = 0; guard < 400; guard += 1) {
      const { state } = await vi.waitFor(
        async () => {
          const now = await stateOf();
          if (now.state.status === 'inBoard' && !seatsToAct(now.state).includes(0))
            throw new Error('the bots to move');
          return now;
        },
        { timeout: 20_000, interval: 20 },
      );
      if (state.status !== 'inBoard') break;
      const current = await stateOf();
      revision = current.revision;
      const move = seatBotCommand(current.state, 0, person);
      if (move === null) continue;
      const answer = await sendDdz(api, match, revision, move);
      // A bot's move may land between the read and the send (the defenders double at once): read again.
      if (answer.status === 409) continue;
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      personMoves += 1;
    }
    const ended = await stateOf();
    expect(ended.state.status).toBe('betweenBoards');
    expect(personMoves).toBeGreaterThan(0);
    const actors = new Set(
      (await control.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(match))).map(
        (e) => e.metadata.actor.id,
      ),
    );
    expect(actors).toEqual(new Set(['operator:t1', 'bot:t1:seat-1', 'bot:t1:seat-2']));
    expect(ended.revision).toBeGreaterThan(10);

    // A staff read through the control process sees the last revision the api process projected.
    const view = await new MatchClient(control.url, TEST_TOKENS.referee).request<{ revision: number }>(
      'GET',
      `/api/matches/${match}/view?minRevision=${String(ended.revision)}`,
    );
    expect(view.status).toBe(200);
    expect(view.body.revision).toBe(ended.revision);
    // The program's tables and the dashboard's program table: t1's latest match, from the file.
    const program = await new MatchClient(control.url, TEST_TOKENS.producer).request<ProgramView>(
      'GET',
      '/api/producer/program',
    );
    expect(program.status).toBe(200);
    expect(program.body.tables).toEqual([expect.objectContaining({ table: 't1', matchId: match })]);
    const taken = await fetch(`${control.url}/api/producer/program/take`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_TOKENS.producer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ table: 't1' }),
    });
    expect(taken.status).toBe(200);
    const state = await new MatchClient(control.url, TEST_TOKENS.producer).request<ProducerState>(
      'GET',
      '/api/producer/state',
    );
    expect(state.body.programTable).toEqual({ table: 't1', matchId: match });

    // No projector of its own: no projections lease, no event applied; the api projector applied each.
    expect(() => control.app.get(ProjectionsLeaseKeeper)).toThrow();
    const head = await logHead();
    await vi.waitFor(() => {
      expect(control.app.get(ProjectionRunner).appliedPosition).toBe(head);
    });
    expect(await metric(control)).toBe(0);
    expect(await metric(projector)).toBe(projector.app.get(ProjectionRunner).eventsApplied);
    expect(projector.app.get(ProjectionRunner).eventsApplied).toBeGreaterThan(ended.revision);
  }, 90_000);

  it('TC-SCALE-1: with its projector stopped and the log moving on, the control process is not ready and says the file is behind, its reads past the file are 503 projectionsBehind; a new api projector brings it back', async () => {
    const [projector] = running.filter((server) => server !== control);
    if (projector === undefined) throw new Error('an api projector expected');
    await stop(projector);
    const operator = new MatchClient(control.url, TEST_TOKENS.operatorT1);
    const created = await operator.request<{ revision: number }>(
      'POST',
      '/api/matches',
      newBigTwoMatchRequest('ctl_shared_later', 't1'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await vi.waitFor(
      async () => {
        const { status, check } = await readiness();
        expect(status).toBe(503);
        expect(check).toMatchObject({
          ok: false,
          detail: expect.stringMatching(/^behind: the log's head \S+, seen \d+ ms ago, is not in/) as unknown,
        });
      },
      { timeout: 10_000 },
    );
    const late = await new MatchClient(control.url, TEST_TOKENS.referee).request<{ code?: string }>(
      'GET',
      `/api/matches/ctl_shared_later/view?minRevision=${String(created.body.revision)}`,
    );
    expect(late.status).toBe(503);
    expect(late.body.code).toBe('projectionsBehind');

    await startApi(dataDirs[2] ?? '');
    await vi.waitFor(async () => {
      const { status, check } = await readiness();
      expect(check?.ok).toBe(true);
      expect(status).toBe(200);
    }, 10_000);
    const caughtUp = await new MatchClient(control.url, TEST_TOKENS.referee).request<{ revision: number }>(
      'GET',
      `/api/matches/ctl_shared_later/view?minRevision=${String(created.body.revision)}`,
    );
    expect(caughtUp.status).toBe(200);
    expect(await metric(control)).toBe(0);
  });
});
