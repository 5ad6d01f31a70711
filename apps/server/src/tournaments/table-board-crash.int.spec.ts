import { matchStream } from '@tablecast/events';
import { describe, expect, it, vi } from 'vitest';
import { BoardReveals } from '../boards/board-reveals.service';
import { BoardSetStore } from '../boards/board-set-store';
import { BOARD_SET_STORE } from '../boards/boards.tokens';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer, type TestServer } from '../testing/test-server';
import { apiCall, apiOk } from './testing/api-call';
import { startDuplicateRound } from './testing/played-duplicate-round';

const call = apiCall('/api');
const ID = 'ddzCrash';
const SET = `${ID}.r1.g1`;

const ok = apiOk('/api');

/** A table's own DealBoard, under the operator's idempotency key, at the match's current revision. */
const dealBoard = async (server: TestServer, matchId: string, board: number, key: string) => {
  const { revision } = (await ok(server, 'GET', `/matches/${matchId}/state`)) as { revision: number };
  return call(
    server,
    'POST',
    `/matches/${matchId}/commands`,
    { game: 'doudizhu', revision, idempotencyKey: key, command: { type: 'DealBoard', board } },
    TEST_TOKENS.referee,
  );
};

/** The first deals (redeal 0) a table's log committed to, in order. */
const commitmentsAt = async (server: TestServer, matchId: string): Promise<string[]> =>
  (await server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(matchId)))
    .filter((e) => (e.type as string) === 'doudizhu.DeckCommitted')
    .map((e) => e.data as unknown as { redeal: number; commitment: string })
    .filter((deal) => deal.redeal === 0)
    .map((deal) => deal.commitment);

/** The tables the board store records the board dealt at, by match. */
const recordedAt = (server: TestServer, boardId: string): string[] =>
  (server.app.get<BoardSetStore>(BOARD_SET_STORE).board(boardId)?.tables ?? []).map((t) => t.matchId);

describe('a round table deal caught between the match log and the board store (TRN-MP-1)', () => {
  it('TRN-MP-1: the match took board 1 and the server stopped before boards.sqlite recorded it; the restart records board 1 there from the match’s log, the table is never dealt board 1 again, played, revealed and verified, and board 2 follows', async () => {
    let server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      const tables = await startDuplicateRound(server, ID, 2);
      const [t1, t2] = tables.map((t) => t.matchId) as [string, string];
      const [board1, board2] = server.app
        .get<BoardSetStore>(BOARD_SET_STORE)
        .boardsOf(SET)
        .map((b) => ({ id: b.id, commitment: b.commitment })) as [
        { id: string; commitment: string },
        { id: string; commitment: string },
      ];

      // The server stops between the two writes: its board follower, which finds a deal in the log
      // and records it (DEC-DDZ-5), stops with it, as a crashed process runs none.
      await server.app.get(BoardReveals).stopSingleton();
      // The second write fails once: the match has appended the deal, the board store never hears of it.
      vi.spyOn(BoardSetStore.prototype, 'addTable').mockImplementationOnce(() => {
        throw new Error('the server stopped between the match log and the board store');
      });
      expect((await dealBoard(server, t1, 1, 'deal-t1-b1')).status).toBe(503);
      vi.restoreAllMocks();
      expect(await commitmentsAt(server, t1)).toEqual([board1.commitment]);
      expect(recordedAt(server, board1.id)).toEqual([]);

      await server.app.close();
      server = await restartTestServer(server, { TABLECAST_TOKENS: TEST_TOKENS_SPEC });
      // The restart found the deal in the match's log: recorded at the table before anyone deals.
      expect(recordedAt(server, board1.id)).toEqual([t1]);

      // The operator, who never saw an answer, keys board 1 again under a new key: the match's log
      // says it was taken, so it is not dealt twice; the table's next board is board 2.
      const again = await dealBoard(server, t1, 1, 'deal-t1-b1-again');
      expect(again.status).toBe(422);
      expect(again.json).toMatchObject({ rule: 'TRN-MP-1' });
      expect(JSON.stringify(again.json)).toContain('board 2');
      expect(await commitmentsAt(server, t1)).toEqual([board1.commitment]);
      expect(recordedAt(server, board1.id)).toEqual([t1]);

      // Board 1 at table 2, then bots play it at both tables; its hold is lifted and its deal
      // revealed at both, and both tables' logs verify against the one commitment.
      expect((await dealBoard(server, t2, 1, 'deal-t2-b1')).status).toBe(200);
      for (const matchId of [t1, t2])
        for (const seat of [0, 1, 2])
          await ok(server, 'POST', '/seat-bots', { matchId, seat, seed: `${matchId}-${String(seat)}` });
      await vi.waitFor(
        async () => {
          const verified = (await ok(server, 'GET', `/boards/${board1.id}/verify`)) as {
            verified: boolean;
            tables: { matchId: string }[];
          };
          expect(verified.tables.map((t) => t.matchId)).toEqual([t1, t2]);
          expect(verified.verified).toBe(true);
        },
        { timeout: 60_000, interval: 100 },
      );
      for (const matchId of [t1, t2])
        expect((await dealBoard(server, matchId, 2, `deal-${matchId}-b2`)).status).toBe(200);
      for (const matchId of [t1, t2])
        expect(await commitmentsAt(server, matchId)).toEqual([board1.commitment, board2.commitment]);
    } finally {
      vi.restoreAllMocks();
      await server.stop();
    }
  }, 300_000);
});
