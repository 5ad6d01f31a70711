import { DEFAULT_PLAYERS, DEFAULT_TEAMS } from '@tablecast/bots';
import type { CreateMatchRequest } from '@tablecast/protocol';

/**
 * The body of `POST /api/matches` for the Guandan match the tests play with the seeded bots: CGA
 * 2017 rules on table t1, the bots' teams and players, one fixed deal unless `format` says otherwise.
 */
export const guandanMatchRequest = (
  matchId: string,
  format: CreateMatchRequest['format'] = { kind: 'fixedDeals', deals: 1 },
): CreateMatchRequest => ({
  matchId,
  table: 't1',
  ruleset: 'cga2017',
  format,
  teams: DEFAULT_TEAMS,
  players: DEFAULT_PLAYERS,
});
