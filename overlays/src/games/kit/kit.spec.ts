import { describe, expect, it } from 'vitest';
import { rankByTotal, signed } from './score';
import { seatAction, toAct } from './trick';

describe('the skin kit’s readers, for any game’s seats', () => {
  const play = { cards: ['S3', 'H3'] as const, as: 'pair' };

  it('reads the trick in playing order: the play stands before its player, each pass after it', () => {
    // Three numbered seats (Dou Dizhu's 0 → 1 → 2): seat 2 played, 0 passed, 1 not yet.
    const three = [0, 1, 2] as const;
    const trick = { last: { seat: 2 as (typeof three)[number], ...play }, passes: 1 };
    expect(seatAction(trick, 2, three)).toEqual({ kind: 'play', ...play });
    expect(seatAction(trick, 0, three)).toEqual({ kind: 'pass' });
    expect(seatAction(trick, 1, three)).toBeNull();
    // Four named seats (S → E → N → W): N played, W and S passed, E is to play.
    const four = ['S', 'E', 'N', 'W'] as const;
    const round = { last: { seat: 'N' as (typeof four)[number], ...play }, passes: 2 };
    expect(four.map((s) => seatAction(round, s, four)?.kind ?? null)).toEqual(['pass', null, 'play', 'pass']);
    expect(seatAction(null, 'S', four)).toBeNull();
    expect(seatAction({ last: null, passes: 0 }, 'S', four)).toBeNull();
  });

  it('waits on the seat to act, or on every seat a simultaneous choice waits on; nobody once the board is over', () => {
    expect(toAct({ phase: 'play', turn: 'E', clock: null }, 'E')).toBe(true);
    expect(toAct({ phase: 'play', turn: 'E', clock: { seats: ['S'] } }, 'S')).toBe(false);
    expect(toAct({ phase: 'doubling', turn: null, clock: { seats: [1, 2] } }, 2)).toBe(true);
    expect(toAct({ phase: 'doubling', turn: null, clock: { seats: [1, 2] } }, 0)).toBe(false);
    expect(toAct({ phase: 'over', turn: 1, clock: null }, 1)).toBe(false);
    expect(toAct(null, 1)).toBe(false);
  });

  it('ranks by running total, a tie in playing order, and signs a score with a real minus', () => {
    const players = [
      { seat: 'W', name: 'd', total: 4 },
      { seat: 'S', name: 'a', total: -6 },
      { seat: 'E', name: 'b', total: 4 },
      { seat: 'N', name: 'c', total: 0 },
    ];
    expect(rankByTotal(players, ['S', 'E', 'N', 'W']).map((p) => p.seat)).toEqual(['E', 'W', 'N', 'S']);
    expect([12, -6, 0].map(signed)).toEqual(['+12', '−6', '0']);
  });
});
