import { WrongExpectedRevisionError } from '@tablecast/event-store';
import { matchStream, type NewEvent, type TablecastEvent } from '@tablecast/events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { failAppends, logBusyError } from '../testing/failing-appends';
import { MatchClient } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer, type TestServer } from '../testing/test-server';
import type { BoardSetCreated, PublicBoard } from './board-requests';
import { BoardReveals } from './board-reveals.service';
import { BoardSetStore } from './board-set-store';
import { BOARD_SET_STORE } from './boards.tokens';
import type { BoardDealt } from './board-sets.service';
import { createDdzMatch } from './testing/ddz-http';

/**
 * The DealBoard of a set's last declared table lifts every table's broadcast hold (DEC-DDZ-5); its
 * deal is written first, so whatever the lift meets, the deal's request is answered with the deal
 * and the lift is owed by the server (TRN-MP-1: the table must not deal the board again). On the
 * real server and its SQLite log, the log's appends of the lift refused through a wrapper around
 * the app's store.
 */
const T1 = 'lift_t1';
const T2 = 'lift_t2';
const ENV = { TABLECAST_TOKENS: TEST_TOKENS_SPEC };
const WAIT = { timeout: 30_000, interval: 50 };

const servers: TestServer[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const server of servers.splice(0)) await server.stop();
});

const storeOf = (server: TestServer): AppEventStore => server.app.get<AppEventStore>(EVENT_STORE);

const lifting = (_stream: string, events: readonly NewEvent<TablecastEvent>[]): boolean =>
  events.some((e) => (e.type as string) === 'doudizhu.BoardHoldLifted');

/**
 * A server whose log refuses the lift for good: the board dealt at both tables (200 at the
 * second), the lift tried again in the background and refused more than the request's own try.
 */
async function liftOwedForGood(): Promise<{ server: TestServer; at: number }> {
  const server = await startTestServer(ENV);
  servers.push(server);
  const { referee, board } = await dealtAtFirstTable(server);
  const refused = failAppends(storeOf(server), { count: 1_000_000, error: logBusyError, matches: lifting });
  expect((await dealAt(referee, board, T2)).status).toBe(200);
  const at = await startedAt(server, T2);
  await vi.waitFor(() => {
    expect(refused.failed).toBeGreaterThan(2);
  }, WAIT);
  return { server, at };
}

/** Both tables made and a one-board set declaring them; the board dealt at t1 (200). */
async function dealtAtFirstTable(server: TestServer): Promise<{ referee: MatchClient; board: PublicBoard }> {
  const referee = new MatchClient(server.url, TEST_TOKENS.referee);
  await createDdzMatch(referee, T1, 't1');
  await createDdzMatch(referee, T2, 't2');
  const created = await referee.request<BoardSetCreated>('POST', '/api/boards', {
    game: 'doudizhu',
    boards: 1,
    tables: ['t1', 't2'],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const [board] = created.body.boards;
  if (board === undefined) throw new Error('no board');
  const first = await dealAt(referee, board, T1);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  return { referee, board };
}

function dealAt(referee: MatchClient, board: PublicBoard, matchId: string) {
  return referee.request<BoardDealt>('POST', `/api/boards/${board.id}/deal`, { matchId });
}

/** The table's BoardHoldLifted events' data. */
async function liftsAt(server: TestServer, matchId: string): Promise<unknown[]> {
  return (await storeOf(server).readStream(matchStream(matchId)))
    .filter((e) => (e.type as string) === 'doudizhu.BoardHoldLifted')
    .map((e) => e.data as unknown);
}

/** When the board was dealt at the match (its BoardStarted's server time). */
async function startedAt(server: TestServer, matchId: string): Promise<number> {
  const log = await storeOf(server).readStream(matchStream(matchId));
  const started = log.find((e) => (e.type as string) === 'doudizhu.BoardStarted');
  if (started === undefined) throw new Error(`${matchId}: no BoardStarted`);
  return (started.data as unknown as { startedAt: number }).startedAt;
}

/** Each table holds one BoardHoldLifted of the board, from the last table's deal. */
async function liftedAtBoth(server: TestServer, at: number): Promise<void> {
  await vi.waitFor(async () => {
    for (const matchId of [T1, T2])
      expect(await liftsAt(server, matchId), matchId).toEqual([{ board: 1, at, reason: 'dealtEverywhere' }]);
  }, WAIT);
}

describe('the last table’s deal is answered with the deal; the hold lift after it is owed (DEC-DDZ-5, TRN-MP-1)', () => {
  it('DEC-DDZ-5: the lift after the last table’s deal meets a busy log: the deal is answered 200, and the lift is tried again until both tables have it', async () => {
    const server = await startTestServer(ENV);
    servers.push(server);
    const { referee, board } = await dealtAtFirstTable(server);
    const refused = failAppends(storeOf(server), { count: 3, error: logBusyError, matches: lifting });

    const last = await dealAt(referee, board, T2);
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body).toMatchObject({ board: board.id, matchId: T2, commitment: board.commitment });
    await liftedAtBoth(server, await startedAt(server, T2));
    expect(refused.failed).toBe(3);
    // The table was dealt the board once: a second deal of it there is refused, not written.
    expect((await dealAt(referee, board, T2)).status).toBeGreaterThanOrEqual(400);
    expect(await liftsAt(server, T2)).toHaveLength(1);
  }, 90_000);

  it('DEC-DDZ-5: in the api role (TC-SCALE-2), where no follower runs, the lift refused after the last table’s deal is tried again by the process that answered the deal', async () => {
    const logDir = mkdtempSync(join(tmpdir(), 'tablecast-lift-log-'));
    const server = await startTestServer({ ...ENV, TABLECAST_ROLE: 'api', TABLECAST_LOG_DIR: logDir });
    try {
      const { referee, board } = await dealtAtFirstTable(server);
      const refused = failAppends(storeOf(server), { count: 2, error: logBusyError, matches: lifting });

      const last = await dealAt(referee, board, T2);
      expect(last.status, JSON.stringify(last.body)).toBe(200);
      await liftedAtBoth(server, await startedAt(server, T2));
      expect(refused.failed).toBe(2);
    } finally {
      await server.stop();
      rmSync(logDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('DEC-DDZ-5: the lift kept meeting another table’s newer revision (409): the deal is still answered 200, and the lift is recorded once the table lets it', async () => {
    const server = await startTestServer(ENV);
    servers.push(server);
    const { referee, board } = await dealtAtFirstTable(server);
    // More than one try's re-reads of a moving table (20): the request's own try gives up on it.
    const refused = failAppends(storeOf(server), {
      count: 25,
      error: () => new WrongExpectedRevisionError(matchStream(T1), 0, 1),
      matches: (stream, events) => stream === matchStream(T1) && lifting(stream, events),
    });

    const last = await dealAt(referee, board, T2);
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    await liftedAtBoth(server, await startedAt(server, T2));
    expect(refused.failed).toBe(25);
  }, 120_000);

  it('DEC-DDZ-5: the follower finds the last table’s deal in the log, though the board file never recorded it there, and lifts the hold', async () => {
    const server = await startTestServer(ENV);
    servers.push(server);
    const { referee, board } = await dealtAtFirstTable(server);
    // The deal goes in; its record in boards.sqlite fails (the dealer cannot lift what it does not know).
    vi.spyOn(BoardSetStore.prototype, 'addTable').mockImplementationOnce(() => {
      throw new Error('boards.sqlite: disk I/O error');
    });
    // Answered 503 (the board file's refusal), the deal written: the follower records it.
    expect((await dealAt(referee, board, T2)).status).toBe(503);
    const at = await startedAt(server, T2);

    await liftedAtBoth(server, at);
    const recorded = server.app.get<BoardSetStore>(BOARD_SET_STORE).board(board.id)?.tables ?? [];
    expect(recorded.map((t) => ({ matchId: t.matchId, table: t.table, dealtAt: t.dealtAt }))).toEqual([
      { matchId: T1, table: 't1', dealtAt: await startedAt(server, T1) },
      { matchId: T2, table: 't2', dealtAt: at },
    ]);
  }, 90_000);

  it('DEC-DDZ-5: a server stopped while the lift was owed lifts both tables’ holds when started again on its data dir', async () => {
    const { server: first, at } = await liftOwedForGood();
    expect(await liftsAt(first, T1)).toEqual([]);
    await first.app.close();

    const second = await restartTestServer(first, ENV);
    servers.splice(servers.indexOf(first), 1, second);
    await liftedAtBoth(second, at);
  }, 90_000);

  it('DEC-DDZ-5: a lift owed in the board file is done at the start even when the follower’s checkpoint is past the deal (as a follower that met the deal before its record left it)', async () => {
    const { server: first, at } = await liftOwedForGood();
    // The follower stops; its checkpoint is then put past the last table's deal, so a restart's
    // follower never reads that deal again: only the board file shows the lift owed.
    const reveals = first.app.get(BoardReveals);
    await reveals.stopSingleton();
    const log = await storeOf(first).readStream(matchStream(T2));
    const head = log.at(-1);
    if (head === undefined) throw new Error('t2 has no log');
    await storeOf(first).saveCheckpoint(reveals.checkpointName, head.position);
    expect(await liftsAt(first, T1)).toEqual([]);
    await first.app.close();

    const second = await restartTestServer(first, ENV);
    servers.splice(servers.indexOf(first), 1, second);
    await liftedAtBoth(second, at);
  }, 90_000);
});
