import { LogUnavailableError } from '@tablecast/event-store';
import { matchStream } from '@tablecast/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { failAppends } from '../testing/failing-appends';
import { MatchClient } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import type { BoardSetCreated, PublicBoard } from './board-requests';
import type { BoardDealt, BoardResults } from './board-sets.service';
import { createDdzMatch } from './testing/ddz-http';

/**
 * A board's deal at a table resent after its answer was lost (the log's connection dropped after
 * the commit: 503, "send the same request again"), on the real server and its SQLite log: the
 * resend names the revision the deal was written against, so it is answered with that deal and
 * writes nothing; the board has the table recorded once.
 */
describe('a board deal resent after a lost answer', () => {
  let server: TestServer;
  let store: AppEventStore;
  let referee: MatchClient;
  beforeAll(async () => {
    server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    store = server.app.get<AppEventStore>(EVENT_STORE);
    referee = new MatchClient(server.url, TEST_TOKENS.referee);
  });
  afterAll(() => server.stop());

  async function boardFor(table: string): Promise<PublicBoard> {
    const set = await referee.request<BoardSetCreated>('POST', '/api/boards', {
      game: 'doudizhu',
      boards: 1,
      tables: [table],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    const [board] = set.body.boards;
    if (board === undefined) throw new Error('no board');
    return board;
  }

  it('is answered with the deal the log holds and writes nothing; the board records the table', async () => {
    const revision = await createDdzMatch(referee, 'resend_t1', 't1');
    const board = await boardFor('t1');
    const failing = failAppends(store, {
      count: 1,
      when: 'after',
      error: () => new LogUnavailableError('test log', 'unavailable', 1),
      matches: (stream) => stream === matchStream('resend_t1'),
    });
    const deal = () =>
      referee.request<BoardDealt>('POST', `/api/boards/${board.id}/deal`, { matchId: 'resend_t1', revision });
    try {
      const lost = await deal();
      expect(lost.status, JSON.stringify(lost.body)).toBe(503);
    } finally {
      failing.restore();
    }
    // The deal's events (the board's hold is lifted after them, by whichever gets there first).
    const dealOf = async () =>
      (await store.readStream(matchStream('resend_t1'))).filter(
        (e) => e.metadata.causationId === `board:${board.id}:resend_t1`,
      );
    const written = await dealOf();
    expect(written.map((e) => e.type)).toContain('doudizhu.DeckCommitted');
    expect(written[0]?.revision).toBe(revision + 1);
    const tablesOf = async () =>
      (await referee.request<BoardResults>('GET', `/api/boards/${board.id}/results`)).body.tables;

    const again = await deal();
    expect(again).toEqual({
      status: 200,
      body: {
        board: board.id,
        matchId: 'resend_t1',
        revision: written.at(-1)?.revision,
        commitment: board.commitment,
      },
    });
    expect(await deal()).toEqual(again);
    expect(await dealOf()).toEqual(written);
    expect(await tablesOf()).toMatchObject([{ matchId: 'resend_t1', table: 't1' }]);
    expect(await tablesOf()).toHaveLength(1);
  });

  it('a deal at another revision than the one the deal was written against is no resend: the 409 stands', async () => {
    const revision = await createDdzMatch(referee, 'resend_t2', 't2');
    const board = await boardFor('t2');
    const dealt = await referee.request<BoardDealt>('POST', `/api/boards/${board.id}/deal`, {
      matchId: 'resend_t2',
      revision,
    });
    expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
    const written = await store.readStream(matchStream('resend_t2'));
    const other = await referee.request('POST', `/api/boards/${board.id}/deal`, {
      matchId: 'resend_t2',
      revision: dealt.body.revision,
    });
    expect(other.status, JSON.stringify(other.body)).toBe(409);
    expect(await store.readStream(matchStream('resend_t2'))).toEqual(written);
  });
});
