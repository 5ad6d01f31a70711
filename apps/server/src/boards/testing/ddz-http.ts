import type { CommandAccepted } from '@tablecast/protocol';
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
