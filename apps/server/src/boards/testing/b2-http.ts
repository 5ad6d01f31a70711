import { seededPrng } from '@tablecast/cards';
import { randomLegalB2Command, type BigTwoState } from '@tablecast/bigtwo';
import type { CommandAccepted } from '@tablecast/protocol';
import { MatchCommandService } from '../../matches/match-command.service';
import type { TestServer } from '../../testing/test-server';
import { newBigTwoMatchRequest, type ApiResponse, type MatchClient } from '../../testing/match-client';

/** Creates a Big Two match over HTTP; answers its revision. */
export async function createB2Match(client: MatchClient, matchId: string, table: string): Promise<number> {
  const created = await client.request<CommandAccepted>(
    'POST',
    '/api/matches',
    newBigTwoMatchRequest(matchId, table, (seat: string) => `${table}-${seat}`),
  );
  if (created.status !== 201) throw new Error(`create ${matchId}: ${JSON.stringify(created.body)}`);
  return created.body.revision;
}

let key = 0;

/** Sends one Big Two command over HTTP at `revision`. */
export function sendB2(
  client: MatchClient,
  matchId: string,
  revision: number,
  command: object,
): Promise<ApiResponse<CommandAccepted & { rule?: string }>> {
  key += 1;
  return client.request('POST', `/api/matches/${matchId}/commands`, {
    game: 'bigtwo',
    revision,
    idempotencyKey: `b2-http-${String(key).padStart(6, '0')}`,
    command,
  });
}

/** The match's revision and Big Two state as the command path folds it. */
export async function b2StateOf(
  server: TestServer,
  matchId: string,
): Promise<{ revision: number; state: BigTwoState }> {
  const match = await server.app.get(MatchCommandService).read(matchId);
  return { revision: match.revision, state: match.state as BigTwoState };
}

/** Plays the board in progress to its end with random legal moves sent over HTTP (nobody shows his hand). */
export async function playOutB2OverHttp(
  server: TestServer,
  client: MatchClient,
  matchId: string,
  seed: string,
): Promise<void> {
  const prng = seededPrng(seed);
  for (let moves = 0; moves < 500; moves += 1) {
    const { revision, state } = await b2StateOf(server, matchId);
    if (state.status !== 'inBoard') return;
    const next = randomLegalB2Command(state, prng, { timeoutPerMille: 0, showPerMille: 0 });
    if (next === null) return;
    const answer = await sendB2(client, matchId, revision, next);
    if (answer.status !== 200) throw new Error(`${matchId}: ${JSON.stringify(answer.body)}`);
  }
  throw new Error(`${matchId}: the board did not end`);
}
