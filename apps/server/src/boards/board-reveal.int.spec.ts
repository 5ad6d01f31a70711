import { matchStream } from '@tablecast/events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedSocket } from '../broadcast/testing/feed-socket';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchClient } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer, type TestServer } from '../testing/test-server';
import type { BoardSetCreated, PublicBoard } from './board-requests';
import type { BoardSetStore } from './board-set-store';
import type { BoardDealt } from './board-sets.service';
import type { BoardVerification } from './board-verification';
import { BOARD_SET_STORE } from './boards.tokens';
import { createDdzMatch, ddzStateOf, playOutOverHttp, sendDdz } from './testing/ddz-http';

const DELAY_MS = '1000';
const T1 = 'dup_reveal_t1';
const T2 = 'dup_reveal_t2';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

async function started(): Promise<TestServer> {
  const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC, BROADCAST_DELAY_MS: DELAY_MS });
  servers.push(server);
  return server;
}

async function createSet(referee: MatchClient, boards: number): Promise<BoardSetCreated> {
  const created = await referee.request<BoardSetCreated>('POST', '/api/boards', { game: 'doudizhu', boards });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function dealAt(referee: MatchClient, board: PublicBoard, matchId: string): Promise<BoardDealt> {
  const dealt = await referee.request<BoardDealt>('POST', `/api/boards/${board.id}/deal`, { matchId });
  expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
  return dealt.body;
}

async function logTypes(server: TestServer, matchId: string): Promise<string[]> {
  const store = server.app.get<AppEventStore>(EVENT_STORE);
  return (await store.readStream(matchStream(matchId))).map((e): string => e.type);
}

/** Public feeds of a match (venue live, broadcast after its delay) over a real websocket. */
async function publicFeeds(server: TestServer, matchId: string): Promise<FeedSocket[]> {
  const sockets: FeedSocket[] = [];
  for (const audience of ['venue', 'broadcast'] as const) {
    const socket = await FeedSocket.open(server);
    socket.send({ type: 'subscribe', matchId, audience });
    await socket.until((m) => m.type === 'subscribed');
    sockets.push(socket);
  }
  return sockets;
}

/** Waits until the feed has released the frame of the match's `revision`. */
function caughtUp(socket: FeedSocket, revision: number): Promise<unknown> {
  return socket.until((m) => m.type === 'feed' && (m.event?.revision ?? -1) >= revision, 30_000);
}

const boardOf = (set: BoardSetCreated, number: number): PublicBoard => {
  const board = set.boards.find((b) => b.number === number);
  if (board === undefined) throw new Error(`no board ${String(number)}`);
  return board;
};

describe('a duplicate board is revealed when every table has played it (DDZ-GEN-1, real server and feeds)', () => {
  it('DDZ-GEN-1, DEC-DDZ-4: table 1 finishes board 1 while table 2 plays it: no reveal on table 1’s log nor on any public frame of either table; table 2 finishes: both get it and it verifies', async () => {
    const server = await started();
    const referee = new MatchClient(server.url, TEST_TOKENS.referee);
    const anyone = new MatchClient(server.url, undefined);
    await createDdzMatch(referee, T1, 't1');
    await createDdzMatch(referee, T2, 't2');
    const feeds = [...(await publicFeeds(server, T1)), ...(await publicFeeds(server, T2))];
    const set = await createSet(referee, 2);
    const board1 = boardOf(set, 1);
    await dealAt(referee, board1, T1);
    await dealAt(referee, board1, T2);
    const sealed = server.app.get<BoardSetStore>(BOARD_SET_STORE).board(board1.id);
    const seed = sealed?.seed ?? '';
    const salt = sealed?.salt ?? '';
    expect([seed.length, salt.length]).toEqual([expect.any(Number), expect.any(Number)]);
    expect(Math.min(seed.length, salt.length)).toBeGreaterThan(8);

    await playOutOverHttp(server, referee, T1, 'reveal-t1');
    const t1 = await ddzStateOf(server, T1);
    expect(t1.state.status).toBe('betweenBoards');
    // Both of table 1's feeds have released everything it recorded, the broadcast after its delay.
    const [t1Venue, t1Broadcast, t2Venue, t2Broadcast] = feeds;
    for (const socket of [t1Venue, t1Broadcast]) if (socket) await caughtUp(socket, t1.revision);
    const t2 = await ddzStateOf(server, T2);
    for (const socket of [t2Venue, t2Broadcast]) if (socket) await caughtUp(socket, t2.revision - 1);
    expect(await logTypes(server, T1)).toContain('doudizhu.BoardEnded');
    expect(await logTypes(server, T1)).not.toContain('doudizhu.DeckRevealed');
    // The broadcast shows every hand after its delay (the deal whole); the venue never sees the
    // salt before the reveal, and no feed ever carries the board's seed.
    for (const socket of feeds) {
      for (const { text } of socket.raw) {
        expect(text).not.toContain('DeckRevealed');
        expect(text).not.toContain(seed);
      }
    }
    for (const socket of [t1Venue, t2Venue])
      for (const { text } of socket?.raw ?? []) expect(text).not.toContain(salt);
    const early = await anyone.request<BoardVerification>('GET', `/api/boards/${board1.id}/verify`);
    expect(early.body).toMatchObject({ revealed: null, verified: false });
    // Table 1 may deal its next board meanwhile; board 1 stays sealed there.
    await dealAt(referee, boardOf(set, 2), T1);
    expect(await logTypes(server, T1)).not.toContain('doudizhu.DeckRevealed');

    await playOutOverHttp(server, referee, T2, 'reveal-t2');
    await vi.waitFor(
      async () => {
        for (const matchId of [T1, T2])
          expect(await logTypes(server, matchId)).toContain('doudizhu.DeckRevealed');
      },
      { timeout: 20_000, interval: 50 },
    );
    for (const socket of feeds) {
      await socket.until((m) => m.type === 'feed' && (m.event?.type ?? '').endsWith('DeckRevealed'), 30_000);
    }
    const verified = await anyone.request<BoardVerification>('GET', `/api/boards/${board1.id}/verify`);
    expect(verified.body).toMatchObject({ orderMatches: true, verified: true });
    expect(verified.body.tables.map((t) => [t.table, t.matches, t.revealed])).toEqual([
      ['t1', true, true],
      ['t2', true, true],
    ]);
    // A board revealed is dealt nowhere any more.
    const late = await referee.request<{ rule?: string }>('POST', `/api/boards/${board1.id}/deal`, {
      matchId: T2,
    });
    expect(late.status).toBe(422);
    expect(late.body.rule).toBe('DDZ-GEN-1');

    // Board 2: both tables play it; every board of the set verifies.
    await dealAt(referee, boardOf(set, 2), T2);
    await playOutOverHttp(server, referee, T1, 'reveal-t1-b2');
    await playOutOverHttp(server, referee, T2, 'reveal-t2-b2');
    for (const socket of feeds) for (const { text } of socket.raw) expect(text).not.toContain(seed);
    const all = await vi.waitFor(
      async () => {
        const answer = await anyone.request<BoardVerification[]>('GET', `/api/boards/sets/${set.set}/verify`);
        expect(answer.body.map((b) => b.verified)).toEqual([true, true]);
        return answer.body;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(all.map((b) => b.commitment)).toEqual(set.boards.map((b) => b.commitment));
    for (const socket of feeds) await socket.close();
  }, 120_000);

  it('DEC-DDZ-4: the organiser closes a board a table will not finish: revealed where it was played, refused elsewhere', async () => {
    const server = await started();
    const referee = new MatchClient(server.url, TEST_TOKENS.referee);
    const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
    await createDdzMatch(referee, T1, 't1');
    await createDdzMatch(referee, T2, 't2');
    const board = boardOf(await createSet(referee, 1), 1);
    await dealAt(referee, board, T1);
    await dealAt(referee, board, T2);
    await playOutOverHttp(server, referee, T1, 'close-t1');
    expect(await logTypes(server, T1)).not.toContain('doudizhu.DeckRevealed');
    expect((await operator.request('POST', `/api/boards/${board.id}/close`)).status).toBe(403);
    // Only the set reveals: no one sends RevealBoard over the command API, not even the referee.
    const { revision } = await ddzStateOf(server, T1);
    const byHand = await sendDdz(referee, T1, revision, { type: 'RevealBoard', board: 1 });
    expect(byHand.status, JSON.stringify(byHand.body)).toBe(403);
    const closed = await referee.request<BoardVerification>('POST', `/api/boards/${board.id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.tables.map((t) => [t.table, t.revealed])).toEqual([
      ['t1', true],
      ['t2', false],
    ]);
    expect(await logTypes(server, T2)).not.toContain('doudizhu.DeckRevealed');
    // Table 2 finishes after all: it gets the reveal too.
    await playOutOverHttp(server, referee, T2, 'close-t2');
    await vi.waitFor(
      async () => {
        expect(await logTypes(server, T2)).toContain('doudizhu.DeckRevealed');
      },
      { timeout: 20_000, interval: 50 },
    );
  }, 60_000);

  it('the sets survive a restart on the same data dir: board 2 dealt after it has the commitment published before', async () => {
    const first = await started();
    const referee = new MatchClient(first.url, TEST_TOKENS.referee);
    await createDdzMatch(referee, T1, 't1');
    const set = await createSet(referee, 3);
    await first.app.close();
    const second = await restartTestServer(first, {
      TABLECAST_TOKENS: TEST_TOKENS_SPEC,
      BROADCAST_DELAY_MS: DELAY_MS,
    });
    servers.splice(servers.indexOf(first), 1, second);
    const again = new MatchClient(second.url, TEST_TOKENS.referee);
    const board2 = boardOf(set, 2);
    const dealt = await dealAt(again, board2, T1);
    expect(dealt.commitment).toBe(board2.commitment);
    const store = second.app.get<AppEventStore>(EVENT_STORE);
    const committed = (await store.readStream(matchStream(T1))).find(
      (e): boolean => (e.type as string) === 'doudizhu.DeckCommitted',
    );
    expect(committed?.data as unknown).toEqual({ board: 2, redeal: 0, commitment: board2.commitment });
    // The seal stays sealed across the restart: nothing revealed, nothing of the seed in the answers.
    const verify = await again.request<BoardVerification>('GET', `/api/boards/${board2.id}/verify`);
    expect(verify.body).toMatchObject({ revealed: null, verified: false });
    expect(verify.body.tables.map((t) => t.matches)).toEqual([true]);
  }, 60_000);
});
