import { describe, expect, it } from 'vitest';
import { onTopOf } from './knockout-game-tables';

const games = [
  { game: 1, matchId: 'c.r1.t1.g1', extraDeal: false, winner: 'K1', standing: { a: '8', b: '2' } },
  { game: 2, matchId: 'c.r1.t1.g2', extraDeal: false, winner: 'K4', standing: { a: '2', b: '8' } },
  { game: 3, matchId: 'c.r1.t1.g3', extraDeal: false, winner: null, standing: { a: 'Q', b: 'Q' } },
  { game: 4, matchId: 'c.r1.t1.g3.x', extraDeal: true },
] as const;

describe('what a best-of round’s next game is played on top of (TRN-KO-5 (b), DEC-GD-15)', () => {
  it('DEC-GD-15: the extra deal carries where each pair stood when the level game below it ended', () => {
    expect(onTopOf(games, games[3])).toEqual({ standings: ['Q', 'Q'] });
  });

  it('TRN-KO-5 (b): a game of its own (game 2, game 3) is played on top of nothing: it starts afresh', () => {
    expect(onTopOf(games, games[1])).toBeUndefined();
    expect(onTopOf(games, games[2])).toBeUndefined();
  });

  it('DEC-GD-15: a game below recorded without standings gives none (the builder then starts at 2)', () => {
    const older = [{ game: 3, matchId: 'c.r1.t1.g3', extraDeal: false, winner: null }, games[3]];
    expect(onTopOf(older, games[3])).toEqual({ standings: [null, null] });
  });
});
