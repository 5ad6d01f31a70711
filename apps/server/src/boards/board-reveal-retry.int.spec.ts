import {
  comparePositions,
  positionToString,
  type Position,
  type RecordedEvent,
} from '@tablecast/event-store';
import { matchStream, type TablecastEvent } from '@tablecast/events';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { failAppends, logBusyError } from '../testing/failing-appends';
import { noteAppends } from '../testing/noted-appends';
import { MatchClient } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer, type TestServer } from '../testing/test-server';
import { TurnClockService } from '../turn-clock/turn-clock.service';
import type { BoardSetCreated } from './board-requests';
import { BoardReveals } from './board-reveals.service';
import { BOARD_SETS_FILE_NAME } from './board-set-store';
import type { BoardVerification } from './board-verification';
import { createDdzMatch, playOutOverHttp } from './testing/ddz-http';

/**
 * The reveal of a duplicate board (DDZ-GEN-1, DEC-DDZ-4) is owed by the server alone: nothing a
 * table does later calls for it again. On the real server and its SQLite log, with the log's
 * appends refused through a wrapper around the app's store (not through timing).
 */
const T1 = 'dup_retry_t1';
const ENV = { TABLECAST_TOKENS: TEST_TOKENS_SPEC };
const WAIT = { timeout: 30_000, interval: 50 };

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

const storeOf = (server: TestServer): AppEventStore => server.app.get<AppEventStore>(EVENT_STORE);

async function logOf(server: TestServer): Promise<readonly RecordedEvent<TablecastEvent>[]> {
  return storeOf(server).readStream(matchStream(T1));
}

const ofType = (
  log: readonly RecordedEvent<TablecastEvent>[],
  type: string,
): RecordedEvent<TablecastEvent>[] => log.filter((e) => (e.type as string) === `doudizhu.${type}`);

const revealing = (_stream: string, events: readonly { readonly type: string }[]): boolean =>
  events.some((e) => e.type === 'doudizhu.DeckRevealed');

/** A one-board set of Dou Dizhu dealt at table t1 (its only table): due once t1 has played it. */
async function dealtBoard(server: TestServer): Promise<{ referee: MatchClient; boardId: string }> {
  const referee = new MatchClient(server.url, TEST_TOKENS.referee);
  await createDdzMatch(referee, T1, 't1');
  const set = await referee.request<BoardSetCreated>('POST', '/api/boards', { game: 'doudizhu', boards: 1 });
  expect(set.status, JSON.stringify(set.body)).toBe(201);
  const boardId = set.body.boards[0]?.id ?? '';
  const dealt = await referee.request('POST', `/api/boards/${boardId}/deal`, { matchId: T1 });
  expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
  return { referee, boardId };
}

function positionOf(event: RecordedEvent<TablecastEvent> | undefined): Position {
  if (event === undefined) throw new Error('no such event in the log');
  return event.position;
}

/** The position this server's board follower has written down as seen to, once it is at or past `position`. */
async function checkpointPast(server: TestServer, position: Position): Promise<void> {
  const name = server.app.get(BoardReveals).checkpointName;
  await vi.waitFor(async () => {
    const saved = await storeOf(server).getCheckpoint(name);
    const past = saved !== undefined && comparePositions(saved, position) >= 0;
    expect(past, `checkpoint ${name} at ${saved === undefined ? 'none' : positionToString(saved)}`).toBe(
      true,
    );
  }, WAIT);
}

/** Moves a stopped server's board file (and its WAL) into `aside`, or back from it. */
function moveBoardFile(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) {
    const file = join(from, `${BOARD_SETS_FILE_NAME}${suffix}`);
    if (existsSync(file)) renameSync(file, join(to, `${BOARD_SETS_FILE_NAME}${suffix}`));
  }
}

describe('a duplicate board’s reveal is recorded however the log answers (DDZ-GEN-1, DEC-DDZ-4)', () => {
  it('DEC-DDZ-4: a reveal the log refused twice (busy) is tried again after a backoff and recorded once', async () => {
    const server = await startTestServer(ENV);
    servers.push(server);
    const { referee, boardId } = await dealtBoard(server);
    const refused = failAppends(storeOf(server), { count: 2, error: logBusyError, matches: revealing });
    const tries = noteAppends(storeOf(server), revealing);

    await playOutOverHttp(server, referee, T1, 'retry-busy');
    const revealed = await vi.waitFor(async () => {
      const found = ofType(await logOf(server), 'DeckRevealed');
      expect(found).toHaveLength(1);
      return found;
    }, WAIT);
    expect(refused.failed).toBe(2);
    // Each try was the same write (the board's reveal at the table, against the revision the board
    // ended at): the same events under the same ids, which a store recognising a batch by its ids
    // takes once.
    const causation = revealed[0]?.metadata.causationId;
    const written = (await logOf(server)).filter((e) => e.metadata.causationId === causation);
    const decided = written.map((e) => ({ id: e.metadata.eventId, data: e.data }));
    expect(tries.attempts).toEqual([decided, decided, decided]);
    tries.restore();
    // Nothing else is owed: the follower moves its checkpoint past the reveal, which is there once.
    await checkpointPast(server, positionOf(revealed[0]));
    expect(ofType(await logOf(server), 'DeckRevealed')).toHaveLength(1);
    const verified = await referee.request<BoardVerification>('GET', `/api/boards/${boardId}/verify`);
    expect(verified.body).toMatchObject({ orderMatches: true, verified: true });
  }, 90_000);

  it('DEC-DDZ-4: a reveal that went in but whose answer was lost is not written a second time', async () => {
    const server = await startTestServer(ENV);
    servers.push(server);
    const { referee } = await dealtBoard(server);
    // No turn clock re-reads the table meanwhile: the retry starts from what the command service
    // knows, its copy from before the lost answer, and only the log's revision tells it otherwise.
    await server.app.get(TurnClockService).stopSingleton();
    const lost = failAppends(storeOf(server), {
      count: 1,
      error: () => new Error('connection reset after the commit'),
      when: 'after',
      matches: revealing,
    });

    await playOutOverHttp(server, referee, T1, 'retry-lost');
    const [first] = await vi.waitFor(async () => {
      const found = ofType(await logOf(server), 'DeckRevealed');
      expect(found.length).toBeGreaterThan(0);
      return found;
    }, WAIT);
    expect(lost.failed).toBe(1);
    // The retry has run to its end once the checkpoint passes the reveal (nothing is pending).
    await checkpointPast(server, positionOf(first));
    const log = await logOf(server);
    expect(ofType(log, 'DeckRevealed')).toHaveLength(1);
    expect(log.at(-1)?.revision).toBe(first?.revision);
  }, 90_000);

  it('DEC-DDZ-4: two board files on one log keep their own checkpoints: one’s follower passing a board end does not skip the other’s reveal', async () => {
    const first = await startTestServer(ENV);
    servers.push(first);
    await dealtBoard(first);
    const followerA = first.app.get(BoardReveals).checkpointName;
    await first.app.close();
    const asideA = join(first.dataDir, 'boards-a');
    moveBoardFile(first.dataDir, asideA);

    // Another follower of the same log, with its own (empty) board file, sees t1 play the board out.
    const second = await restartTestServer(first, ENV);
    servers.splice(servers.indexOf(first), 1, second);
    const followerB = second.app.get(BoardReveals).checkpointName;
    expect(followerB).not.toBe(followerA);
    await playOutOverHttp(second, new MatchClient(second.url, TEST_TOKENS.referee), T1, 'two-files');
    const [ended] = ofType(await logOf(second), 'BoardEnded');
    if (ended === undefined) throw new Error('t1 played the board out');
    await checkpointPast(second, ended.position);
    expect(ofType(await logOf(second), 'DeckRevealed')).toHaveLength(0);
    await second.app.close();
    moveBoardFile(second.dataDir, join(second.dataDir, 'boards-b'));
    moveBoardFile(asideA, second.dataDir);

    // The first file's follower is back: it resumes from its own checkpoint and owes t1 the reveal.
    const third = await restartTestServer(second, ENV);
    servers.splice(servers.indexOf(second), 1, third);
    expect(third.app.get(BoardReveals).checkpointName).toBe(followerA);
    await vi.waitFor(async () => {
      expect(ofType(await logOf(third), 'DeckRevealed')).toHaveLength(1);
    }, WAIT);
  }, 120_000);
});
