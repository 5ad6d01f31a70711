import type { TournamentEntrantView, TournamentFeedView, TournamentPairingView } from '@tablecast/protocol';

/** Entrants P1…Pn by name, as a CSV import registers them; seeded 1…n when `seeded`. */
export const entrantsNamed = (names: readonly string[], seeded = false): TournamentEntrantView[] =>
  names.map((name, i) => ({
    entrant: `P${String(i + 1)}`,
    number: i + 1,
    name,
    unit: null,
    seed: seeded ? i + 1 : null,
    withdrawn: false,
  }));

/** A Dou Dizhu duplicate event of these players, before its rounds: players rank by S, no pair standings. */
export const duplicateEvent = (names: readonly string[]): TournamentFeedView => ({
  tournamentId: 'ddz',
  name: '斗地主公开赛',
  game: 'doudizhu',
  ruleset: 'cga2017',
  format: 'duplicateSwiss',
  stage: 1,
  revision: 4,
  entrants: entrantsNamed(names),
  standings: [],
  tiebreakOrder: [],
  rounds: [],
});

const pairing = (
  match: string,
  a: string,
  b: string,
  score: readonly [string, string] | null,
): TournamentPairingView => ({
  match,
  a,
  b,
  table: null,
  matchId: null,
  live: null,
  result:
    score === null
      ? null
      : {
          kind: 'played',
          source: 'game',
          a: { entrant: a, matchPoints: score[0], levelPoints: 0 },
          b: { entrant: b, matchPoints: score[1], levelPoints: 0 },
          forfeitedBy: null,
        },
});

/** A four-pair knockout as the tournament feed sends it: the semi-finals played, the final paired. */
export const knockoutView: TournamentFeedView = {
  tournamentId: 'ko',
  name: '淘汰赛',
  game: 'guandan',
  ruleset: 'cga2017',
  format: 'singleKnockout',
  stage: 1,
  revision: 9,
  entrants: entrantsNamed(['甲', '乙', '丙', '丁'], true),
  standings: [],
  tiebreakOrder: [],
  rounds: [
    {
      round: 1,
      stage: 1,
      format: 'singleKnockout',
      published: true,
      bye: null,
      byes: [],
      pairings: [pairing('r1.t1', 'P1', 'P4', ['0', '2']), pairing('r1.t2', 'P2', 'P3', ['2', '0'])],
    },
    {
      round: 2,
      stage: 1,
      format: 'singleKnockout',
      published: true,
      bye: null,
      byes: [],
      pairings: [pairing('r2.t1', 'P4', 'P2', null)],
    },
  ],
};
