import { TEST_TOKENS } from '../../testing/staff-tokens';
import type { TestServer } from '../../testing/test-server';
import { apiCall } from './api-call';

const call = apiCall('/api');

const ok = async (server: TestServer, method: string, path: string, body?: unknown): Promise<unknown> => {
  const answer = await call(server, method, path, body, TEST_TOKENS.referee);
  if (answer.status >= 300)
    throw new Error(`${method} ${path}: ${String(answer.status)} ${JSON.stringify(answer.json)}`);
  return answer.json;
};

/**
 * TRN-MP-1 at a duplicate round's tables (round 1 unless given): each table deals board 1 of the set the round start gave
 * it, by its own DealBoard, as the table's referee keys it. Answers the board's id (the first set's
 * first board), under which the board's results at every table are read.
 */
export async function dealFirstRoundBoard(
  server: TestServer,
  tournamentId: string,
  game: string,
  matchIds: readonly string[],
  round = 1,
): Promise<string> {
  const event = (await ok(server, 'GET', `/tournaments/${tournamentId}`)) as {
    rounds: { boardSets: { boards: { id: string }[] }[] }[];
  };
  for (const matchId of matchIds) {
    const { revision } = (await ok(server, 'GET', `/matches/${matchId}/state`)) as { revision: number };
    await ok(server, 'POST', `/matches/${matchId}/commands`, {
      game,
      revision,
      idempotencyKey: `deal-${matchId}`,
      command: { type: 'DealBoard', board: 1 },
    });
  }
  return event.rounds[round - 1]?.boardSets[0]?.boards[0]?.id ?? '';
}
