import { matchStream, tournamentStream } from '@tablecast/events';
import { firstRoundMovement, snakeMovement } from '@tablecast/tournament';
import { describe, expect, it, vi } from 'vitest';
import type { Clock } from '../clock/clock';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer } from '../testing/test-server';
import { parseCsv } from './csv';
import { apiCall, apiOk } from './testing/api-call';
import { dealFirstRoundBoard } from './testing/deal-round-board';

interface Table {
  table: number;
  match: string;
  matchId: string;
  group: number;
  seats: string[];
}

interface BoardLine {
  board: string;
  score: string;
  seconds: number;
  rank: number;
  points: string;
  comparedWith: string[];
}

interface Row {
  player: string;
  S: string;
  rank: number;
  seconds: number;
  boards: BoardLine[];
  tiebreaks: { key: string; value: { value: string } }[];
}

const call = apiCall('/api');

/**
 * The server's CLOCK, stepped one second at every reading: each recorded choice is stamped a
 * whole second or more after the one that started its turn, however fast the bots answer, so every
 * player's own play time on a board (DEC-DDZ-6, DEC-B2-6) is whole seconds and never 0.
 */
function steppedClock(): Clock & { skip: (ms: number) => void } {
  let now = Date.UTC(2026, 4, 1, 9);
  return {
    now: () => (now += 1_000),
    skip: (ms) => {
      now += ms;
    },
  };
}

const ok = apiOk('/api');

/** A duplicate game as the test plays it: its seats (as the create request and the bots name them). */
const GAMES = [
  { game: 'doudizhu', players: 6, seats: [0, 1, 2] },
  { game: 'bigtwo', players: 8, seats: ['S', 'E', 'N', 'W'] },
] as const;

describe.each(GAMES)(
  'a $game duplicate Swiss event played at its tables (TRN-MOVE-3/4/5, TRN-MP-1…5)',
  ({ game, players, seats }) => {
    it(`TRN-MOVE-4/5, TRN-MP-1, TRN-MP-5: ${String(players)} players seated by the movement, a shuffle of its own refused, bots play, the results land in the standings, the arbiter corrects a board's time (DEC-T-3; 401, 403, 400, 409, 422 TRN-SWISS-9), round 2 follows the snake`, async () => {
      const clock = steppedClock();
      const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC }, { clock });
      try {
        const id = `${game}Open`;
        const entrants = Array.from({ length: players }, (_, i) => `P${String(i + 1)}`);
        await ok(
          server,
          'POST',
          '/tournaments',
          {
            tournamentId: id,
            name: `${game} open`,
            game,
            ruleset: 'cga2017',
            stages: [
              { format: 'duplicateSwiss', venue: 'onSite', rounds: 2, unit: { games: 1, bestOf: false } },
            ],
            options: { boardsPerRound: 1 },
          },
          TEST_TOKENS.arbiter,
        );
        const csv = `entrant,name\n${entrants.map((e) => `${e},Player ${e}`).join('\n')}\n`;
        await ok(server, 'POST', `/tournaments/${id}/entrants`, { csv }, TEST_TOKENS.arbiter);

        // TRN-MOVE-4: round 1 drawn by lot from the seed, recorded in the tournament stream.
        const paired = (await ok(server, 'POST', `/tournaments/${id}/rounds`, { seed: 'draw-1' })) as {
          events: { type: string; data: { pairs: unknown[]; tables: Omit<Table, 'matchId'>[] } }[];
        };
        const seatsPerTable = seats.length;
        const drawn = firstRoundMovement(entrants, { seats: seatsPerTable, tablesPerGroup: 2 }, 'draw-1');
        const bySeat = (table: number) =>
          seats.map((_, seat) => drawn.find((d) => d.table === table && d.seat === seat)?.player);
        expect(paired.events[0]?.data.pairs).toEqual([]);
        expect(paired.events[0]?.data.tables.map((t) => t.seats)).toEqual([bySeat(1), bySeat(2)]);

        await ok(server, 'POST', `/tournaments/${id}/rounds/1/publish`, undefined, TEST_TOKENS.arbiter);
        const started = (await ok(server, 'POST', `/tournaments/${id}/rounds/1/start`)) as {
          tables: Table[];
        };
        expect(started.tables).toEqual([
          { table: 1, match: 'r1.t1', matchId: `${id}.r1.t1`, group: 1, seats: bySeat(1) },
          { table: 2, match: 'r1.t2', matchId: `${id}.r1.t2`, group: 1, seats: bySeat(2) },
        ]);
        const store = server.app.get<AppEventStore>(EVENT_STORE);
        for (const table of started.tables) {
          const [created] = await store.readStream(matchStream(table.matchId));
          expect(created?.data).toMatchObject({
            game,
            table: `t${String(table.table)}`,
            ruleset: { name: 'cga2017' },
            players: table.seats.map((entrant, i) => ({
              id: entrant,
              name: `Player ${entrant}`,
              seat: seats[i],
            })),
          });
        }

        // TRN-MP-1: a round's table deals its set's boards, not a shuffle of its own.
        const firstMatch = started.tables[0]?.matchId ?? '';
        const { revision } = (await ok(server, 'GET', `/matches/${firstMatch}/state`)) as {
          revision: number;
        };
        const shuffled = await call(
          server,
          'POST',
          `/matches/${firstMatch}/commands`,
          {
            game,
            revision,
            idempotencyKey: `own-shuffle-${firstMatch}`,
            command: { type: 'DealBoard', board: 1, seed: 'my-own-shuffle' },
          },
          TEST_TOKENS.referee,
        );
        expect(shuffled.status).toBe(422);
        expect(shuffled.json).toMatchObject({ rule: 'TRN-MP-1' });

        // TRN-MP-1: the round's one board, set at both tables by the start, dealt by each table's DealBoard;
        // bots on every seat play it; the operator ends each match.
        const board = await dealFirstRoundBoard(
          server,
          id,
          game,
          started.tables.map((t) => t.matchId),
        );
        for (const table of started.tables)
          for (const seat of seats)
            await ok(server, 'POST', '/seat-bots', {
              matchId: table.matchId,
              seat,
              seed: `${table.matchId}-${String(seat)}`,
            });
        await vi.waitFor(
          async () => {
            const results = (await ok(server, 'GET', `/boards/${board}/results`)) as {
              tables: { result: unknown }[];
            };
            expect(results.tables.map((t) => t.result !== null)).toEqual([true, true]);
          },
          { timeout: 60_000, interval: 100 },
        );
        for (const table of started.tables) {
          const { revision } = (await ok(server, 'GET', `/matches/${table.matchId}/state`)) as {
            revision: number;
          };
          await ok(server, 'POST', `/matches/${table.matchId}/commands`, {
            game,
            revision,
            idempotencyKey: `end-${table.matchId}`,
            command: { type: 'EndMatch' },
          });
        }

        // The result reactor records each table (TableResultRecorded), and the standings show them.
        let rows: Row[] = [];
        await vi.waitFor(
          async () => {
            const standings = (await ok(server, 'GET', `/tournaments/${id}/standings`)) as {
              scoring: string;
              rows: Row[];
            };
            expect(standings.scoring).toBe('duplicate');
            expect(standings.rows).toHaveLength(players);
            rows = standings.rows;
          },
          { timeout: 20_000, interval: 50 },
        );
        const recorded = (await store.readStream(tournamentStream(id)))
          .filter((e) => e.type === 'TableResultRecorded')
          .map(
            (e) =>
              e.data as {
                match: string;
                boards: { board: string; scores: Record<string, number>; seconds?: Record<string, number> }[];
              },
          );
        expect(recorded.map((r) => r.match).sort()).toEqual(['r1.t1', 'r1.t2']);
        // TRN-TB-4/5: each player's own play time on the board, as the game timed it from its log,
        // recorded per entrant and carried to the standings row (its board line and its total).
        const seconds = (entrant: string): number | undefined =>
          recorded.flatMap((r) => r.boards[0]?.seconds?.[entrant] ?? []).at(0);
        for (const entrant of entrants) {
          expect(seconds(entrant), entrant).toBeGreaterThanOrEqual(1);
          const row = rows.find((r) => r.player === entrant);
          expect([row?.seconds, row?.boards[0]?.seconds], entrant).toEqual([
            seconds(entrant),
            seconds(entrant),
          ]);
        }
        // TRN-TB-4/5: the match's own view (the one every feed spreads) shows each player the same
        // whole seconds as the result recorded: the hall reads what the tie-break will use.
        for (const table of started.tables) {
          const { detail } = (await ok(server, 'GET', `/matches/${table.matchId}/view`)) as {
            detail: { seats: { playerId: string; playSeconds: { board: number; match: number } }[] };
          };
          for (const seat of detail.seats)
            expect(seat.playSeconds, seat.playerId).toEqual({
              board: seconds(seat.playerId),
              match: seconds(seat.playerId),
            });
        }
        // The standings sheet (002/001 附录二) prints each player's total own play time.
        const sheet = await fetch(`${server.url}/api/tournaments/${id}/standings.csv`, {
          headers: { authorization: `Bearer ${TEST_TOKENS.referee}` },
        });
        const [header = [], ...lines] = parseCsv(await sheet.text());
        const column = header.indexOf('seconds');
        expect(column).toBeGreaterThan(0);
        expect(
          Object.fromEntries(lines.map((l) => [l[header.indexOf('entrant')], Number(l[column])])),
        ).toEqual(Object.fromEntries(entrants.map((e) => [e, seconds(e)])));
        const score = (entrant: string): number => {
          for (const r of recorded) {
            const value = r.boards[0]?.scores[entrant];
            if (value !== undefined) return value;
          }
          throw new Error(`${entrant} has no score`);
        };
        // TRN-MP-1…4: each seat's player is compared with the player in the same seat at the other
        // table on the same deal: the higher score ranks 1st (10000), the lower 2nd (7000), a tie shares 1st.
        const [t1, t2] = started.tables;
        seats.forEach((_, i) => {
          const [x, y] = [t1?.seats[i] ?? '', t2?.seats[i] ?? ''];
          for (const [me, other] of [
            [x, y],
            [y, x],
          ] as const) {
            const row = rows.find((r) => r.player === me);
            expect(row?.boards).toHaveLength(1);
            expect(row?.boards[0]?.comparedWith).toEqual([me, other].sort());
            expect(row?.boards[0]?.score).toBe(String(score(me)));
            expect(row?.S).toBe(score(me) >= score(other) ? '10000.00' : '7000.00');
          }
        });

        // DEC-T-3: the arbiter corrects one player's own play time on the board (a clock left
        // running during an appeal, say): a new event; the standings, their tie-break values and
        // the sheet use it. Only the arbiter, only a well-formed body, only on the revision read.
        const fixed = t1?.seats[0] ?? '';
        const { revision: read } = (await ok(server, 'GET', `/tournaments/${id}`)) as { revision: number };
        const named = {
          round: 1,
          match: 'r1.t1',
          board: recorded.find((r) => r.match === 'r1.t1')?.boards[0]?.board ?? '',
          entrant: fixed,
          seconds: (seconds(fixed) ?? 0) + 900,
          reason: 'clock left running during an appeal',
        };
        const correction = { ...named, revision: read };
        const timesPath = `/tournaments/${id}/board-times`;
        const anonymous = await fetch(`${server.url}/api${timesPath}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(correction),
        });
        expect(anonymous.status).toBe(401);
        expect((await call(server, 'POST', timesPath, correction, TEST_TOKENS.referee)).status).toBe(403);
        const negative = await call(server, 'POST', timesPath, { ...correction, seconds: -1 });
        expect(negative.status).toBe(400);
        expect(JSON.stringify(negative.json)).toContain('seconds');
        expect((await call(server, 'POST', timesPath, { ...correction, revision: read - 1 })).status).toBe(
          409,
        );
        const done = (await ok(server, 'POST', timesPath, correction, TEST_TOKENS.arbiter)) as {
          events: unknown[];
        };
        expect(done.events).toHaveLength(1);
        expect(done.events[0]).toMatchObject({
          type: 'BoardTimeCorrected',
          data: { ...named, fromSeconds: seconds(fixed), arbiter: 'arbiter' },
        });
        // The audit trail: the table's result names the correction, its arbiter and its reason.
        const audited = (await ok(server, 'GET', `/tournaments/${id}`)) as {
          rounds: { tables: { match: string; result: { timeCorrections?: unknown[] } | null }[] }[];
        };
        const auditedTable = audited.rounds[0]?.tables.find((t) => t.match === 'r1.t1');
        expect(auditedTable?.result?.timeCorrections).toMatchObject([
          {
            board: named.board,
            entrant: fixed,
            fromSeconds: seconds(fixed),
            seconds: named.seconds,
            arbiter: 'arbiter',
          },
        ]);
        rows = ((await ok(server, 'GET', `/tournaments/${id}/standings`)) as { rows: Row[] }).rows;
        const fixedRow = rows.find((r) => r.player === fixed);
        expect([fixedRow?.seconds, fixedRow?.boards[0]?.seconds]).toEqual([
          correction.seconds,
          correction.seconds,
        ]);
        expect(fixedRow?.tiebreaks.find((t) => t.key === 'totalSeconds')?.value.value).toBe(
          String(correction.seconds),
        );
        const corrected = await fetch(`${server.url}/api/tournaments/${id}/score-sheet.csv`, {
          headers: { authorization: `Bearer ${TEST_TOKENS.referee}` },
        });
        const [sheetHeader = [], ...sheetLines] = parseCsv(await corrected.text());
        const fixedLine = sheetLines.find((l) => l[sheetHeader.indexOf('entrant')] === fixed);
        expect(fixedLine?.[sheetHeader.indexOf('seconds')]).toBe(String(correction.seconds));

        // TRN-MOVE-5: round 2 is seated by the snake on the standings' order (the corrected time's).
        await ok(server, 'POST', `/tournaments/${id}/rounds`, {});
        const tournament = (await ok(server, 'GET', `/tournaments/${id}`)) as {
          rounds: { tables: { seats: string[] }[] }[];
        };
        const snake = snakeMovement(
          rows.map((r) => r.player),
          { seats: seatsPerTable, tablesPerGroup: 2 },
        );
        const snakeSeats = (table: number) =>
          seats.map((_, seat) => snake.find((d) => d.table === table && d.seat === seat)?.player);
        expect(tournament.rounds[1]?.tables.map((t) => t.seats)).toEqual([snakeSeats(1), snakeSeats(2)]);
        expect(tournament.rounds[1]?.tables[0]?.seats[0]).toBe(rows[0]?.player);

        // TRN-SWISS-9, DEC-T-3: once round 2's pairing has been up for more than 5 minutes, round 1's
        // times are closed.
        await ok(server, 'POST', `/tournaments/${id}/rounds/2/publish`, undefined, TEST_TOKENS.arbiter);
        clock.skip(5 * 60_000);
        const late = await call(server, 'POST', timesPath, { ...named, seconds: 1 });
        expect(late.status).toBe(422);
        expect(late.json).toMatchObject({ rule: 'TRN-SWISS-9' });
      } finally {
        await server.stop();
      }
    }, 120_000);
  },
);
