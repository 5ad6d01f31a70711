import type { BestOfGameView, BestOfView, TournamentFeedView } from '@tablecast/protocol';
import { knockoutView } from './tournament-fixture';

const game = (n: number, winner: string | null, ended = true, extraDeal = false): BestOfGameView => ({
  game: n,
  extraDeal,
  matchId: `ko.r1.t1.g${String(n)}${extraDeal ? '.x' : ''}`,
  ended,
  winner: ended ? winner : null,
  a: ended ? { levelPoints: 16, standing: '6' } : null,
  b: ended ? { levelPoints: 10, standing: '3' } : null,
});

/** Table 1's pairing (P1 甲 v P4 丁) of a best of 3 as the feed sends it after `games`. */
export function bestOfAfter(
  games: readonly BestOfGameView[],
  score: BestOfView['score'],
): TournamentFeedView {
  const [first, second] = knockoutView.rounds;
  const top = first?.pairings[0];
  if (first === undefined || second === undefined || top === undefined)
    throw new Error('the fixture has two rounds');
  const decided = score.a === 2 || score.b === 2;
  const pairing = {
    ...top,
    table: 1,
    result: decided ? top.result : null,
    bestOf: { bestOf: 3, games, score },
  };
  return { ...knockoutView, rounds: [{ ...first, pairings: [pairing, ...first.pairings.slice(1)] }] };
}

/** 1:1 after two games, game 3 being played. */
export const oneAllView = bestOfAfter([game(1, 'P1'), game(2, 'P4'), game(3, null, false)], { a: 1, b: 1 });
/** 1:1 after a level game 3, the extra deal on top of it being played. */
export const extraDealView = bestOfAfter(
  [game(1, 'P1'), game(2, 'P4'), game(3, null), game(3, null, false, true)],
  { a: 1, b: 1 },
);
/** Decided 1:2 (丁 through). */
export const decidedView = bestOfAfter([game(1, 'P1'), game(2, 'P4'), game(3, 'P4')], { a: 1, b: 2 });
