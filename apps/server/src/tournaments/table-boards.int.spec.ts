import { createHash } from 'node:crypto';
import { matchStream, tournamentStream } from '@tablecast/events';
import type { TournamentFeedFrame } from '@tablecast/protocol';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { BoardSetStore } from '../boards/board-set-store';
import { BOARD_SET_STORE } from '../boards/boards.tokens';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer, type TestServer } from '../testing/test-server';
import { apiCall, apiOk } from './testing/api-call';
import { TournamentService } from './tournament.service';

interface Table {
  table: number;
  match: string;
  matchId: string;
  group: number;
  seats: string[];
}

interface BoardFace {
  id: string;
  number: number;
  commitment: string;
}

interface BoardSetView {
  set: string;
  group: number | null;
  seedCommitment: string;
  boards: BoardFace[];
}

interface TableView extends Table {
  boardSet?: string;
  boards: { set: string; total: number; dealt: BoardFace[]; next: number | null } | null;
}

interface TournamentView {
  rounds: { tables: TableView[]; boardSets: BoardSetView[] }[];
}

const call = apiCall('/api');
const SEATS = [0, 1, 2] as const;
const ID = 'ddzBoards';
const SET = `${ID}.r1.g1`;

const ok = apiOk('/api');

/** A DealBoard as the table's operator keys it, at the match's current revision. */
const dealBoard = async (server: TestServer, matchId: string, command: Record<string, unknown>) => {
  const { revision } = (await ok(server, 'GET', `/matches/${matchId}/state`)) as { revision: number };
  return call(
    server,
    'POST',
    `/matches/${matchId}/commands`,
    {
      game: 'doudizhu',
      revision,
      idempotencyKey: `deal-${matchId}-${JSON.stringify(command).replace(/[^A-Za-z0-9]/g, '')}`,
      command: { type: 'DealBoard', ...command },
    },
    TEST_TOKENS.referee,
  );
};

const streamTypes = async (server: TestServer, type: string) =>
  (await server.app.get<AppEventStore>(EVENT_STORE).readStream(tournamentStream(ID))).filter(
    (e) => e.type === type,
  );

/** The first frame the tournament feed sends a new watcher of the event. */
async function feedSnapshot(url: string): Promise<TournamentFeedFrame> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/ws/tournament`);
  try {
    return await new Promise<TournamentFeedFrame>((resolve, reject) => {
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString('utf8')) as { type: string };
        if (message.type === 'tournament') resolve(message as TournamentFeedFrame);
      });
      socket.once('error', reject);
      socket.once('open', () => {
        socket.send(JSON.stringify({ type: 'watchTournament', tournamentId: ID }));
      });
    });
  } finally {
    socket.close();
  }
}

describe('a duplicate round’s board set, created by the round start and played at every table (TRN-MP-1)', () => {
  it('TRN-MP-1: 3 Dou Dizhu tables are dealt the same boards in order, a deviating DealBoard is refused, the standings compare each board across them, and a restart mid-start does not deal the set twice', async () => {
    let server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      const entrants = Array.from({ length: 9 }, (_, i) => `P${String(i + 1)}`);
      await ok(server, 'POST', '/tournaments', {
        tournamentId: ID,
        name: 'Dou Dizhu boards',
        game: 'doudizhu',
        ruleset: 'cga2017',
        stages: [{ format: 'duplicateSwiss', venue: 'onSite', rounds: 2, unit: { games: 1, bestOf: false } }],
        options: { tablesPerGroup: 3, boardsPerRound: 2 },
      });
      const csv = `entrant,name\n${entrants.map((e) => `${e},Player ${e}`).join('\n')}\n`;
      await ok(server, 'POST', `/tournaments/${ID}/entrants`, { csv });
      await ok(server, 'POST', `/tournaments/${ID}/rounds`, { seed: 'draw-1' });
      await ok(server, 'POST', `/tournaments/${ID}/rounds/1/publish`);

      // The start is cut short twice: after the set is sealed in the board store but before the
      // stream records it, then after it is recorded but before any table is given it.
      const tournaments = server.app.get(TournamentService);
      const run = tournaments.run.bind(tournaments);
      let failOn = 'CreateRoundBoardSet';
      vi.spyOn(tournaments, 'run').mockImplementation(async (id, requests, principal) => {
        if (requests[0]?.type === failOn) throw new Error(`the server stopped before ${failOn}`);
        return run(id, requests, principal);
      });
      expect(
        (await call(server, 'POST', `/tournaments/${ID}/rounds/1/start`, undefined, TEST_TOKENS.referee))
          .status,
      ).toBe(500);
      const sealed = server.app.get<BoardSetStore>(BOARD_SET_STORE).boardsOf(SET);
      expect(sealed.map((b) => b.number)).toEqual([1, 2]);
      expect(await streamTypes(server, 'RoundBoardSetCreated')).toHaveLength(0);
      failOn = 'AssignBoardSet';
      expect(
        (await call(server, 'POST', `/tournaments/${ID}/rounds/1/start`, undefined, TEST_TOKENS.referee))
          .status,
      ).toBe(500);
      expect(await streamTypes(server, 'RoundBoardSetCreated')).toHaveLength(1);
      expect(await streamTypes(server, 'BoardAssigned')).toHaveLength(0);

      vi.restoreAllMocks();
      await server.app.close();
      server = await restartTestServer(server, { TABLECAST_TOKENS: TEST_TOKENS_SPEC });
      const started = (await ok(server, 'POST', `/tournaments/${ID}/rounds/1/start`)) as { tables: Table[] };
      expect(started.tables.map((t) => t.table)).toEqual([1, 2, 3]);
      // One set, recorded once, with the boards sealed before the first crash; each table given it once.
      const created = await streamTypes(server, 'RoundBoardSetCreated');
      expect(created).toHaveLength(1);
      const set = created[0]?.data as unknown as BoardSetView & { round: number };
      expect(set).toMatchObject({ round: 1, group: 1, set: SET });
      expect(set.boards).toEqual(
        sealed.map((b) => ({ id: b.id, number: b.number, commitment: b.commitment })),
      );
      expect(
        (await streamTypes(server, 'BoardAssigned')).map(
          (e) => e.data as unknown as { board: string; matchId: string },
        ),
      ).toEqual(
        started.tables.map((t): unknown => expect.objectContaining({ board: SET, matchId: t.matchId })),
      );
      expect(server.app.get<BoardSetStore>(BOARD_SET_STORE).boardsOf(SET)).toHaveLength(2);

      // The seed stays sealed: the stream and the API carry only its commitment.
      const seed = server.app.get<BoardSetStore>(BOARD_SET_STORE).setSeed(SET) ?? '';
      expect(set.seedCommitment).toBe(createHash('sha256').update(seed).digest('hex'));
      const streamText = JSON.stringify(
        (await server.app.get<AppEventStore>(EVENT_STORE).readStream(tournamentStream(ID))).map(
          (e) => e.data,
        ),
      );
      expect(streamText).not.toContain(seed);
      expect(JSON.stringify(await ok(server, 'GET', `/tournaments/${ID}`))).not.toContain(seed);

      // TRN-MP-1: a DealBoard other than the set's next board is refused at a round's table.
      const [t1] = started.tables;
      const firstMatch = t1?.matchId ?? '';
      const early = await dealBoard(server, firstMatch, { board: 2 });
      expect(early.status).toBe(422);
      expect(early.json).toMatchObject({ rule: 'TRN-MP-1' });
      const shuffled = await dealBoard(server, firstMatch, { board: 1, seed: 'my-own-shuffle' });
      expect(shuffled.status).toBe(422);
      expect(shuffled.json).toMatchObject({ rule: 'TRN-MP-1' });
      const loose = (await ok(server, 'POST', '/boards', { game: 'doudizhu', boards: 1 })) as {
        boards: BoardFace[];
      };
      const foreign = await call(
        server,
        'POST',
        `/boards/${loose.boards[0]?.id ?? ''}/deal`,
        { matchId: firstMatch },
        TEST_TOKENS.referee,
      );
      expect(foreign.status).toBe(422);
      expect(foreign.json).toMatchObject({ rule: 'TRN-MP-1' });

      const store = server.app.get<AppEventStore>(EVENT_STORE);
      // Each board's first deal: a board all three pass out is dealt again from the board's own seed
      // (DEC-DDZ-1), the same redeal at every table, so the random set may add a redeal here.
      const commitmentsAt = async (matchId: string) =>
        (await store.readStream(matchStream(matchId)))
          .filter((e) => (e.type as string) === 'doudizhu.DeckCommitted')
          .map((e) => e.data as unknown as { redeal: number; commitment: string })
          .filter((deal) => deal.redeal === 0)
          .map((deal) => deal.commitment);

      // Board 1 at every table, its own DealBoard: the set's deal, not a shuffle; bots play it.
      for (const table of started.tables)
        expect((await dealBoard(server, table.matchId, { board: 1 })).status).toBe(200);
      for (const table of started.tables)
        for (const seat of SEATS)
          await ok(server, 'POST', '/seat-bots', {
            matchId: table.matchId,
            seat,
            seed: `${table.matchId}-${String(seat)}`,
          });
      const boardResults = async (board: BoardFace) =>
        vi.waitFor(
          async () => {
            const results = (await ok(server, 'GET', `/boards/${board.id}/results`)) as {
              tables: { matchId: string; result: unknown }[];
            };
            expect(results.tables.map((t) => [t.matchId, t.result !== null])).toEqual(
              started.tables.map((t) => [t.matchId, true]),
            );
          },
          { timeout: 60_000, interval: 100 },
        );
      const [board1, board2] = set.boards as [BoardFace, BoardFace];
      await boardResults(board1);
      for (const table of started.tables)
        expect((await dealBoard(server, table.matchId, { board: 2 })).status).toBe(200);
      await boardResults(board2);
      for (const table of started.tables)
        expect(await commitmentsAt(table.matchId)).toEqual([board1.commitment, board2.commitment]);

      // Every board of the set dealt: a third DealBoard is a deviation too.
      const over = await dealBoard(server, firstMatch, { board: 3 });
      expect(over.status).toBe(422);
      expect(over.json).toMatchObject({ rule: 'TRN-MP-1' });

      // The API and the feed say what each table has played of its set.
      const view = (await ok(server, 'GET', `/tournaments/${ID}`)) as TournamentView;
      expect(view.rounds[0]?.boardSets).toEqual([expect.objectContaining({ set: SET, boards: set.boards })]);
      for (const table of view.rounds[0]?.tables ?? [])
        expect(table.boards).toEqual({ set: SET, total: 2, dealt: [board1, board2], next: null });
      const frame = await feedSnapshot(server.url);
      expect(frame.view.rounds[0]?.tables?.map((t) => [t.matchId, t.boards])).toEqual(
        started.tables.map((t) => [t.matchId, { set: SET, total: 2, dealt: [1, 2], next: null }]),
      );

      for (const table of started.tables) {
        const { revision } = (await ok(server, 'GET', `/matches/${table.matchId}/state`)) as {
          revision: number;
        };
        await ok(server, 'POST', `/matches/${table.matchId}/commands`, {
          game: 'doudizhu',
          revision,
          idempotencyKey: `end-${table.matchId}`,
          command: { type: 'EndMatch' },
        });
      }

      // TRN-MP-1: each board is compared across the 3 tables, seat by seat: the same board id everywhere.
      const rows = await vi.waitFor(
        async () => {
          const standings = (await ok(server, 'GET', `/tournaments/${ID}/standings`)) as {
            rows: { player: string; boards: { board: string; comparedWith: string[] }[] }[];
          };
          expect(standings.rows).toHaveLength(9);
          return standings.rows;
        },
        { timeout: 20_000, interval: 50 },
      );
      for (const row of rows) {
        expect(row.boards.map((b) => b.board).sort()).toEqual(
          [`r1.${board1.commitment}`, `r1.${board2.commitment}`].sort(),
        );
        const seat =
          started.tables.find((t) => t.seats.includes(row.player))?.seats.indexOf(row.player) ?? -1;
        const sameSeat = started.tables.map((t) => t.seats[seat] ?? '').sort();
        for (const line of row.boards) expect(line.comparedWith).toEqual(sameSeat);
      }
    } finally {
      vi.restoreAllMocks();
      await server.stop();
    }
  }, 180_000);
});
