import { seededPrng } from '@tablecast/cards';
import { randomLegalDdzCommand, type DoudizhuState } from '@tablecast/doudizhu';
import type { CommandAccepted } from '@tablecast/protocol';
import { MatchCommandService } from '../../matches/match-command.service';
import type { TestServer } from '../../testing/test-server';
import { newDoudizhuMatchRequest, type ApiResponse, type MatchClient } from '../../testing/match-client';

/** Creates a Dou Dizhu match over HTTP; answers its revision. */
export async function createDdzMatch(client: MatchClient, matchId: string, table: string): Promise<number> {
  const created = await client.request<CommandAccepted>(
    'POST',
    '/api/matches',
    newDoudizhuMatchRequest(matchId, table, (seat: number) => `${table}-p${String(seat)}`),
  );
  if (created.status !== 201) throw new Error(`create ${matchId}: ${JSON.stringify(created.body)}`);
  return created.body.revision;
}

let key = 0;

/** Sends one Dou Dizhu command over HTTP at `revision`. */
export function sendDdz(
  client: MatchClient,
  matchId: string,
  revision: number,
  command: object,
): Promise<ApiResponse<CommandAccepted & { rule?: string }>> {
  key += 1;
  return client.request('POST', `/api/matches/${matchId}/commands`, {
    game: 'doudizhu',
    revision,
    idempotencyKey: `ddz-http-${String(key).padStart(6, '0')}`,
    command,
  });
}

/** The match's revision and Dou Dizhu state as the command path folds it. */
export async function ddzStateOf(
  server: TestServer,
  matchId: string,
): Promise<{ revision: number; state: DoudizhuState }> {
  const match = await server.app.get(MatchCommandService).read(matchId);
  return { revision: match.revision, state: match.state as DoudizhuState };
}

/** Plays the board in progress to its end with random legal moves sent over HTTP. */
export async function playOutOverHttp(
  server: TestServer,
  client: MatchClient,
  matchId: string,
  seed: string,
): Promise<void> {
  const prng = seededPrng(seed);
  for (let moves = 0; moves < 500; moves += 1) {
    const { revision, state } = await ddzStateOf(server, matchId);
    if (state.status !== 'inBoard') return;
    const next = randomLegalDdzCommand(state, prng, { timeoutPerMille: 0 });
    if (next === null) return;
    const answer = await sendDdz(client, matchId, revision, next);
    if (answer.status !== 200) throw new Error(`${matchId}: ${JSON.stringify(answer.body)}`);
  }
  throw new Error(`${matchId}: the board did not end`);
}
