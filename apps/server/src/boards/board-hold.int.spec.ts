import { matchStream } from '@tablecast/events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedSocket } from '../broadcast/testing/feed-socket';
import { namedCards } from '../broadcast/testing/held-cards';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchClient } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import type { BoardSetCreated, PublicBoard } from './board-requests';
import type { BoardDealt } from './board-sets.service';
import { createDdzMatch, ddzStateOf } from './testing/ddz-http';

const DELAY_MS = 1_000;
const T1 = 'hold_t1';
const T2 = 'hold_t2';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

async function dealAt(referee: MatchClient, board: PublicBoard, matchId: string): Promise<BoardDealt> {
  const dealt = await referee.request<BoardDealt>('POST', `/api/boards/${board.id}/deal`, { matchId });
  expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
  return dealt.body;
}

/** When the board was dealt at the match's table (its BoardStarted's server time, epoch ms). */
async function boardStartedAt(server: TestServer, matchId: string): Promise<number> {
  const log = await server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(matchId));
  const started = log.find((e): boolean => (e.type as string).endsWith('.BoardStarted'));
  if (started === undefined) throw new Error(`${matchId}: no BoardStarted`);
  return (started.data as unknown as { startedAt: number }).startedAt;
}

async function feedOf(
  server: TestServer,
  matchId: string,
  audience: 'venue' | 'broadcast',
): Promise<FeedSocket> {
  const socket = await FeedSocket.open(server);
  socket.send({ type: 'subscribe', matchId, audience });
  await socket.until((m) => m.type === 'subscribed');
  return socket;
}

/** The frames (with their arrival time) that name a card of the deal. */
function framesWithCards(socket: FeedSocket, cards: ReadonlySet<string>): { text: string; at: number }[] {
  return socket.raw.filter(({ text }) => [...namedCards(text)].some((word) => cards.has(word)));
}

describe('a duplicate board held on every table’s broadcast until its last declared table is dealt (real server, real websockets)', () => {
  it('DEC-DDZ-5: table 1 dealt at t, table 2 at t + 2×delay: table 1’s broadcast carries no card of the board until table 2’s deal + the delay, then it does; the venue never a hand', async () => {
    const server = await startTestServer({
      TABLECAST_TOKENS: TEST_TOKENS_SPEC,
      BROADCAST_DELAY_MS: String(DELAY_MS),
    });
    servers.push(server);
    const referee = new MatchClient(server.url, TEST_TOKENS.referee);
    await createDdzMatch(referee, T1, 't1');
    await createDdzMatch(referee, T2, 't2');
    const broadcast1 = await feedOf(server, T1, 'broadcast');
    const venue1 = await feedOf(server, T1, 'venue');
    const created = await referee.request<BoardSetCreated>('POST', '/api/boards', {
      game: 'doudizhu',
      boards: 1,
      tables: ['t1', 't2'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [board] = created.body.boards;
    if (board === undefined) throw new Error('no board');

    await dealAt(referee, board, T1);
    const t1Dealt = await boardStartedAt(server, T1);
    const { state } = await ddzStateOf(server, T1);
    const cards = new Set<string>(state.board?.hands.flat() ?? []);
    expect(cards.size).toBe(51);
    // Two delays go by with table 2 not yet dealt the board.
    await vi.waitFor(
      () => {
        expect(Date.now()).toBeGreaterThanOrEqual(t1Dealt + 2 * DELAY_MS);
      },
      { timeout: 10_000, interval: 50 },
    );
    await dealAt(referee, board, T2);
    const t2Dealt = await boardStartedAt(server, T2);
    expect(t2Dealt - t1Dealt).toBeGreaterThanOrEqual(2 * DELAY_MS);

    // The hold lifts the delay after table 2's deal: then table 1's broadcast shows the hands.
    await broadcast1.until((m) => m.type === 'feed' && (m.event?.type ?? '').endsWith('CardsDealt'), 20_000);
    const carrying = framesWithCards(broadcast1, cards);
    expect(carrying.length).toBeGreaterThan(0);
    for (const frame of carrying) expect(frame.at).toBeGreaterThanOrEqual(t2Dealt + DELAY_MS);
    // The hold is in table 1's log, as table 2's: one BoardHoldLifted each, from table 2's deal.
    for (const matchId of [T1, T2]) {
      const log = await server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(matchId));
      const lifts = log.filter((e): boolean => (e.type as string) === 'doudizhu.BoardHoldLifted');
      expect(lifts.map((e) => e.data as unknown)).toEqual([
        { board: 1, at: t2Dealt, reason: 'dealtEverywhere' },
      ]);
    }
    // The venue is as it was: never a hand (nothing has been played here).
    expect(framesWithCards(venue1, cards)).toEqual([]);
    for (const socket of [broadcast1, venue1]) await socket.close();
  }, 60_000);

  it('DEC-DDZ-5: the organiser’s close lifts the hold of a board a declared table will never be dealt', async () => {
    const server = await startTestServer({
      TABLECAST_TOKENS: TEST_TOKENS_SPEC,
      BROADCAST_DELAY_MS: String(DELAY_MS),
    });
    servers.push(server);
    const referee = new MatchClient(server.url, TEST_TOKENS.referee);
    await createDdzMatch(referee, T1, 't1');
    const broadcast1 = await feedOf(server, T1, 'broadcast');
    const created = await referee.request<BoardSetCreated>('POST', '/api/boards', {
      game: 'doudizhu',
      boards: 1,
      tables: ['t1', 't2'],
    });
    const [board] = created.body.boards;
    if (board === undefined) throw new Error('no board');
    await dealAt(referee, board, T1);
    const closed = await referee.request('POST', `/api/boards/${board.id}/close`);
    expect(closed.status).toBe(200);
    const log = await server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(T1));
    const lift = log.find((e): boolean => (e.type as string) === 'doudizhu.BoardHoldLifted');
    expect(lift?.data).toMatchObject({ board: 1, reason: 'closed' });
    await broadcast1.until((m) => m.type === 'feed' && (m.event?.type ?? '').endsWith('CardsDealt'), 20_000);
    await broadcast1.close();
  }, 60_000);
});
