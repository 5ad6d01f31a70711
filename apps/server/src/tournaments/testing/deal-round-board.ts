import type { TestServer } from '../../testing/test-server';
import { apiOk } from './api-call';

const ok = apiOk('/api');

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
