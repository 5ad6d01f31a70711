import type { BestOfGameView, BestOfView } from '@tablecast/protocol';
import { bestOfGamesWon, type KnockoutGameState, type PairingState } from '@tablecast/tournament';

/**
 * TRN-KO-5 (b): a best-of pairing's games as the feed shows them, each with how it ended, and the
 * running score in games; undefined for a pairing played as one game (it has no `games`).
 */
export function bestOfView(pairing: PairingState, bestOf: number): BestOfView | undefined {
  const games = pairing.games;
  if (games === undefined) return undefined;
  return {
    bestOf,
    games: games.map((game) => gameView(game, games)),
    score: bestOfGamesWon(pairing),
  };
}

/**
 * A game's number as the round counts them: the extra deal is no game of its own but the deal on
 * top of the game before it, so it carries that game's number.
 */
export function gameNumber(game: KnockoutGameState, games: readonly KnockoutGameState[]): number {
  const upTo = games.slice(0, games.indexOf(game) + 1);
  return upTo.filter((g) => !g.extraDeal).length;
}

function gameView(game: KnockoutGameState, games: readonly KnockoutGameState[]): BestOfGameView {
  const ended = game.winner !== undefined;
  const side = (which: 'a' | 'b') =>
    ended ? { levelPoints: game.levelPoints?.[which] ?? 0, standing: game.standing?.[which] ?? null } : null;
  return {
    game: gameNumber(game, games),
    extraDeal: game.extraDeal,
    matchId: game.matchId,
    ended,
    winner: game.winner ?? null,
    a: side('a'),
    b: side('b'),
  };
}
