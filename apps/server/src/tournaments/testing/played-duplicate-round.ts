import { vi } from 'vitest';
import { TEST_TOKENS } from '../../testing/staff-tokens';
import type { TestServer } from '../../testing/test-server';
import { apiOk } from './api-call';
import { dealFirstRoundBoard } from './deal-round-board';

const ok = apiOk('/api');

export interface StartedDuplicateTable {
  readonly table: number;
  readonly match: string;
  readonly matchId: string;
  readonly seats: readonly string[];
}

/**
 * A Dou Dizhu event of six players (two tables, one group) whose round 1 is started, one board a
 * round unless given; `options` adds event options (TRN-MOVE-6 sessions).
 */
export async function startDuplicateRound(
  server: TestServer,
  id: string,
  boardsPerRound = 1,
  options: Readonly<Record<string, unknown>> = {},
): Promise<readonly StartedDuplicateTable[]> {
  const entrants = Array.from({ length: 6 }, (_, i) => `P${String(i + 1)}`);
  await ok(
    server,
    'POST',
    '/tournaments',
    {
      tournamentId: id,
      name: `${id} open`,
      game: 'doudizhu',
      ruleset: 'cga2017',
      stages: [{ format: 'duplicateSwiss', venue: 'onSite', rounds: 2, unit: { games: 1, bestOf: false } }],
      options: { boardsPerRound, ...options },
    },
    TEST_TOKENS.arbiter,
  );
  const csv = `entrant,name\n${entrants.map((e) => `${e},Player ${e}`).join('\n')}\n`;
  await ok(server, 'POST', `/tournaments/${id}/entrants`, { csv }, TEST_TOKENS.arbiter);
  await ok(server, 'POST', `/tournaments/${id}/rounds`, { seed: `${id}-draw` });
  await ok(server, 'POST', `/tournaments/${id}/rounds/1/publish`, undefined, TEST_TOKENS.arbiter);
  const started = (await ok(server, 'POST', `/tournaments/${id}/rounds/1/start`)) as {
    tables: StartedDuplicateTable[];
  };
  return started.tables;
}

/**
 * Plays a started duplicate round of one board at every table (TRN-MP-1): each table deals its
 * set's board by its own DealBoard, seeded bots play every seat, the referee ends each match, and
 * the result reactor records each table. Answers the board's id.
 */
export async function playDuplicateRound(
  server: TestServer,
  id: string,
  tables: readonly StartedDuplicateTable[],
  round = 1,
): Promise<string> {
  const board = await dealFirstRoundBoard(
    server,
    id,
    'doudizhu',
    tables.map((t) => t.matchId),
    round,
  );
  for (const table of tables)
    for (const seat of [0, 1, 2])
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
      if (!results.tables.every((t) => t.result !== null) || results.tables.length !== tables.length)
        throw new Error('the board is still in play');
    },
    { timeout: 60_000, interval: 100 },
  );
  for (const table of tables) {
    const { revision } = (await ok(server, 'GET', `/matches/${table.matchId}/state`)) as { revision: number };
    await ok(server, 'POST', `/matches/${table.matchId}/commands`, {
      game: 'doudizhu',
      revision,
      idempotencyKey: `end-${table.matchId}`,
      command: { type: 'EndMatch' },
    });
  }
  await vi.waitFor(
    async () => {
      const event = (await ok(server, 'GET', `/tournaments/${id}`)) as {
        rounds: { tables: { result: unknown }[] }[];
      };
      if (!(event.rounds[round - 1]?.tables ?? []).every((t) => t.result !== null))
        throw new Error('a table result is not recorded yet');
    },
    { timeout: 20_000, interval: 50 },
  );
  return board;
}

/** Pairs the next stream round (a later round, or a session of one: TRN-MOVE-6), publishes and starts it. */
export async function startNextDuplicateRound(
  server: TestServer,
  id: string,
  round: number,
): Promise<readonly StartedDuplicateTable[]> {
  await ok(server, 'POST', `/tournaments/${id}/rounds`, { seed: null });
  await ok(
    server,
    'POST',
    `/tournaments/${id}/rounds/${String(round)}/publish`,
    undefined,
    TEST_TOKENS.arbiter,
  );
  const started = (await ok(server, 'POST', `/tournaments/${id}/rounds/${String(round)}/start`)) as {
    tables: StartedDuplicateTable[];
  };
  return started.tables;
}
