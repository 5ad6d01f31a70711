import { CreateTournamentSchema, MAX_NEW_TOURNAMENT_ID } from './tournament-requests';
import { roundBoardSetId, roundLabel } from '@tablecast/tournament';
import { describe, expect, it } from 'vitest';

const event = (tournamentId: string): unknown => ({
  tournamentId,
  name: 'Long-named event',
  ruleset: 'cga2017',
  stages: [{ format: 'duplicateSwiss', venue: 'onSite', rounds: 99, unit: { games: 1, bestOf: false } }],
});

const ID_64 = /^[A-Za-z0-9_.:]{1,64}$/;

describe('a new event id leaves room for the names derived from it', () => {
  it('TRN-MOVE-6, TRN-KO-5: the longest match and board-set names of an event with the longest id allowed are ids', () => {
    const longest = 'e'.repeat(MAX_NEW_TOURNAMENT_ID);
    expect(CreateTournamentSchema.safeParse(event(longest)).success).toBe(true);
    // The match names of table-pair.ts and knockout-games.ts, under the event's id.
    const match = `${longest}.${roundLabel(99, { round: 99, session: 20 })}.t99999.g9`;
    const boardSet = roundBoardSetId(longest, 99, 9_999, { round: 99, session: 20 });
    expect(match).toMatch(ID_64);
    expect(boardSet).toMatch(ID_64);
  });

  it('refuses a longer id with a 400 naming tournamentId and why', () => {
    const result = CreateTournamentSchema.safeParse(event('e'.repeat(MAX_NEW_TOURNAMENT_ID + 1)));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['tournamentId']]);
    expect(result.error?.issues[0]?.message).toContain('fit in 64');
  });
});
