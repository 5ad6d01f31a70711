import type { TournamentFeedView, TournamentPairingView } from '@tablecast/protocol';

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
  entrants: ['甲', '乙', '丙', '丁'].map((name, i) => ({
    entrant: `P${String(i + 1)}`,
    number: i + 1,
    name,
    unit: null,
    seed: i + 1,
    withdrawn: false,
  })),
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
