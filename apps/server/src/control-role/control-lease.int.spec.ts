import { SqliteLeaseStore } from '@tablecast/event-store';
import { ddzCga2017 } from '@tablecast/doudizhu';
import { matchStream, tournamentStream } from '@tablecast/events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import { MatchClient } from '../testing/match-client';
import { TournamentResultReactor } from '../tournaments/result-reactor';
import { TurnClockService } from '../turn-clock/turn-clock.service';
import { apiCall } from '../tournaments/testing/api-call';
import { playTable } from '../tournaments/testing/table-bots';
import { CONTROL_LEASE, ControlLeaseKeeper } from './control-lease-keeper';

const call = apiCall('/api/tournaments');
/** A 2 s turn clock's default, on a loaded machine (short enough that a miss fails within the test's time). */
const CLOCK_WAIT = 8_000;
const api = apiCall('/api');

/** Two control processes' worth of apps on one shared log, each with its own data dir (no OBS configured). */
function controlOn(logDir: string): Promise<TestServer> {
  return startTestServer({
    TABLECAST_ROLE: 'control',
    TABLECAST_LOG_DIR: logDir,
    // Both apps share one event loop here: the TTL outlasts the other's boot.
    CONTROL_LEASE_TTL_MS: '9000',
    TABLECAST_TOKENS: TEST_TOKENS_SPEC,
  });
}

const keeper = (server: TestServer): ControlLeaseKeeper => server.app.get(ControlLeaseKeeper);

async function holding(server: TestServer): Promise<void> {
  await vi.waitFor(() => {
    expect(keeper(server).state.kind).toBe('holding');
  }, 10_000);
}

/** A swiss event of four pairs, one deal a round, its first round started at two tables. */
async function startRound(server: TestServer, tournamentId: string): Promise<void> {
  const created = await call(server, 'POST', '', {
    tournamentId,
    name: 'Open',
    ruleset: 'cesa2023',
    stages: [{ format: 'swiss', venue: 'onSite', rounds: 2, unit: { games: 1, bestOf: false } }],
    options: { pairingRules: '003' },
  });
  expect(created.status).toBe(201);
  const csv = 'entrant,name,unit,seed\nP1,A1/A2,A,1\nP2,B1/B2,B,2\nP3,C1/C2,C,3\nP4,D1/D2,D,4\n';
  expect((await call(server, 'POST', `/${tournamentId}/entrants`, { csv })).status).toBe(200);
  expect((await call(server, 'POST', `/${tournamentId}/rounds`, {})).status).toBe(200);
  expect((await call(server, 'POST', `/${tournamentId}/rounds/1/publish`)).status).toBe(200);
  const started = await call(
    server,
    'POST',
    `/${tournamentId}/rounds/1/start`,
    undefined,
    TEST_TOKENS.referee,
  );
  expect(started.status).toBe(200);
}

/** The matches whose results are recorded on the tournament stream, in order, each as often as recorded. */
async function recorded(server: TestServer, tournamentId: string): Promise<string[]> {
  const store = server.app.get<AppEventStore>(EVENT_STORE);
  return (await store.readStream(tournamentStream(tournamentId)))
    .filter((event) => event.type === 'ResultRecorded')
    .map((event) => (event.data as { match: string }).match);
}

/** What a claim on the control lease answers now (a probe that never holds it while another does). */
async function probe(logDir: string): Promise<Awaited<ReturnType<SqliteLeaseStore['acquire']>>> {
  const leases = new SqliteLeaseStore({ dataDir: logDir });
  try {
    return await leases.acquire(CONTROL_LEASE, 'probe', 60_000);
  } finally {
    await leases.close();
  }
}

/** The seats whose bid the turn clock made (DDZ-BID-6), in log order. */
async function timedOutBids(server: TestServer, matchId: string): Promise<number[]> {
  const store = server.app.get<AppEventStore>(EVENT_STORE);
  return (await store.readStream(matchStream(matchId)))
    .filter((event) => (event.type as string) === 'doudizhu.BidMade')
    .map((event) => event.data as unknown as { seat: number; timedOut?: boolean })
    .filter((bid) => bid.timedOut === true)
    .map((bid) => bid.seat);
}

async function readyz(server: TestServer): Promise<{ status: number; check: unknown }> {
  const response = await fetch(`${server.url}/readyz`);
  const body = (await response.json()) as { checks: { name: string }[] };
  return { status: response.status, check: body.checks.find((c) => c.name === 'control-lease') };
}

describe('TABLECAST_ROLE=control: the singletons run in the control lease holder only (TC-SCALE-1)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  function sharedLog(): string {
    const logDir = mkdtempSync(join(tmpdir(), 'tablecast-control-log-'));
    cleanups.push(() => {
      rmSync(logDir, { recursive: true, force: true });
      return Promise.resolve();
    });
    return logDir;
  }

  async function started(logDir: string): Promise<TestServer> {
    const server = await controlOn(logDir);
    let stopped = false;
    cleanups.push(async () => {
      if (!stopped) await server.stop();
    });
    return Object.assign(server, {
      stop: async () => {
        stopped = true;
        await server.app.close();
        rmSync(server.dataDir, { recursive: true, force: true });
      },
    });
  }

  it('TC-SCALE-1: the holder records each result once and the standby nothing; a clean stop hands over and the standby continues from the shared checkpoint', async () => {
    const logDir = sharedLog();
    const first = await started(logDir);
    await holding(first);
    const second = await started(logDir);
    await vi.waitFor(() => {
      expect(keeper(second).state).toMatchObject({ kind: 'standby', holder: keeper(first).owner });
    });
    expect(await readyz(second)).toEqual({
      status: 200,
      check: {
        name: 'control-lease',
        ok: true,
        detail: expect.stringMatching(/^standby: held by /) as unknown,
      },
    });
    // A standby seats no bot (one per seat in the whole deployment): 503, where the holder checks the
    // request (a seat no Guandan table has: 400, and no bot joins the table played below).
    const bot = { matchId: 'cl.r1.t1', seat: 'X' };
    expect((await api(second, 'POST', '/seat-bots', bot, TEST_TOKENS.referee)).status).toBe(503);

    await startRound(first, 'cl');
    expect((await api(first, 'POST', '/seat-bots', bot, TEST_TOKENS.referee)).status).toBe(400);
    expect(await playTable(first.app.get(MatchCommandService), 'cl.r1.t1', 'cl-1')).toBe(true);
    await vi.waitFor(async () => {
      expect(await recorded(first, 'cl')).toEqual(['r1.t1']);
    }, 10_000);
    await first.app.get(TournamentResultReactor).settled();
    // The standby's reactor never looked at the log.
    expect(second.app.get(TournamentResultReactor).matchReads).toBe(0);

    // Table 2 a few commands in (through the standby's command path: any process on the log may append).
    expect(await playTable(second.app.get(MatchCommandService), 'cl.r1.t2', 'cl-2', 10)).toBe(false);
    const running = await probe(logDir);
    if (running.acquired) throw new Error('the control lease was free while its holder ran');
    await first.stop();
    await holding(second);
    // The stop released the lease: the standby took it before the former grant would have run out
    // (both read the same clock; without the release no claim succeeds before then).
    expect(Date.now()).toBeLessThan(running.expiresAt);
    const reactor = second.app.get(TournamentResultReactor);
    // It resumed from the checkpoint the former holder wrote in the shared log dir, not the log's start.
    expect(reactor.resumedFrom).not.toBe('start');
    expect(await playTable(second.app.get(MatchCommandService), 'cl.r1.t2', 'cl-2b')).toBe(true);
    await vi.waitFor(async () => {
      expect(await recorded(second, 'cl')).toEqual(['r1.t1', 'r1.t2']);
    }, 10_000);
    await reactor.settled();
    // Only table 2, still open at the checkpoint, was read: table 1's result is not looked at again.
    expect(reactor.matchReads).toBe(1);
    expect(await recorded(second, 'cl')).toEqual(['r1.t1', 'r1.t2']);
  });

  it('TC-SCALE-1: a holder whose lease was taken over stops its singletons and reports the loss; the standby takes over', async () => {
    const logDir = sharedLog();
    const first = await started(logDir);
    await holding(first);
    const second = await started(logDir);
    const lost: string[] = [];
    keeper(first).onLost((reason) => lost.push(reason));
    await startRound(first, 'tk');
    // A seat no Guandan table has: the holder checks it (400), a holder that lost the lease does not (503).
    const bot = { matchId: 'tk.r1.t1', seat: 'X' };
    expect((await api(first, 'POST', '/seat-bots', bot, TEST_TOKENS.referee)).status).toBe(400);

    // Another owner, with its clock at the holder's expiry (the holder paused past its lease), takes
    // the lease for a moment: the holder's next renewal finds it gone.
    const state = keeper(first).state;
    if (state.kind !== 'holding') throw new Error(`not holding: ${state.kind}`);
    const current = await probe(logDir);
    expect(current).toMatchObject({ acquired: false, holder: keeper(first).owner });
    const thief = new SqliteLeaseStore({
      dataDir: logDir,
      now: () => (current.acquired ? 0 : current.expiresAt),
    });
    const taken = await thief.acquire(CONTROL_LEASE, 'thief', 1);
    expect(taken).toMatchObject({ acquired: true, lease: { token: state.token + 1 } });
    await thief.close();

    await vi.waitFor(() => {
      expect(keeper(first).state.kind).toBe('lost');
    }, 10_000);
    expect(lost).toHaveLength(1);
    expect(await readyz(first)).toEqual({
      status: 503,
      check: {
        name: 'control-lease',
        ok: false,
        detail: `lost: lease ${CONTROL_LEASE} is thief's now`,
      },
    });
    // Its singletons stopped: it seats no bot any more.
    expect((await api(first, 'POST', '/seat-bots', bot, TEST_TOKENS.referee)).status).toBe(503);
    // Once the taken lease ran out, the standby holds it and records the round's results.
    await holding(second);
    expect((await api(second, 'POST', '/seat-bots', bot, TEST_TOKENS.referee)).status).toBe(400);
    expect(await playTable(second.app.get(MatchCommandService), 'tk.r1.t1', 'tk-1')).toBe(true);
    await vi.waitFor(async () => {
      expect(await recorded(second, 'tk')).toEqual(['r1.t1']);
    }, 10_000);
  });

  it('DDZ-GEN-2, TC-SCALE-1: only the holder arms turn clocks; after a clean stop the standby re-arms from the log and sends the next default, once', async () => {
    const logDir = sharedLog();
    const first = await started(logDir);
    await holding(first);
    const second = await started(logDir);
    const matchId = 'ctl_clock_t1';
    const operator = new MatchClient(first.url, TEST_TOKENS.operatorT1);
    const created = await operator.request('POST', '/api/matches', {
      game: 'doudizhu',
      matchId,
      table: 't1',
      ruleset: { ...ddzCga2017, bidSeconds: 2 },
      players: [
        { id: 'p0', name: '赵一', seat: 0 },
        { id: 'p1', name: '钱二', seat: 1 },
        { id: 'p2', name: '孙三', seat: 2 },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const dealt = await operator.request('POST', `/api/matches/${matchId}/commands`, {
      game: 'doudizhu',
      revision: 0,
      idempotencyKey: 'control-clock-deal-1',
      command: { type: 'DealBoard', board: 1, seed: 'control-clock-board-1' },
    });
    expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);

    // Seat 0 bids nothing: the holder's clock bids 不叫 for it, then times seat 1's turn.
    await vi.waitFor(async () => {
      expect(await timedOutBids(first, matchId)).toEqual([0]);
    }, CLOCK_WAIT);
    const store = first.app.get<AppEventStore>(EVENT_STORE);
    const seat1Turn = (await store.readStream(matchStream(matchId))).length - 1;
    await vi.waitFor(() => {
      expect(first.app.get(TurnClockService).armedAt(matchId)).toBe(seat1Turn);
    }, CLOCK_WAIT);
    // The standby timed nothing.
    expect(second.app.get(TurnClockService).armedAt(matchId)).toBeNull();

    await first.stop();
    await holding(second);
    await vi.waitFor(async () => {
      expect((await timedOutBids(second, matchId)).slice(0, 2)).toEqual([0, 1]);
    }, CLOCK_WAIT);
  });
});
