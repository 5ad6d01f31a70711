import { describe, expect, it } from 'vitest';
import { resolveBracket, withdrawFromBracket } from './bracket';
import {
  decide004Timeout,
  decideByLevelPoints,
  decideByMatchPoints,
  forfeitsForLateness,
} from './knockout-deciders';
import { singleKnockout } from './knockout';
import { eliminateLowest, eliminationUnitOf, swissThenKnockout } from './stages';

describe('TRN-KO-5 Swiss followed by a knockout', () => {
  it('TRN-KO-5: the top 2^n of the Swiss standings go through, seeded by their places', () => {
    const standings = Array.from({ length: 12 }, (_, i) => `P${i + 1}`);
    const bracket = swissThenKnockout(standings, 8, { thirdPlace: true });
    const round1 = resolveBracket(bracket, {}).matches.filter((m) => m.round === 1);
    expect(round1.map((m) => [m.a, m.b])).toEqual([
      ['P1', 'P8'],
      ['P4', 'P5'],
      ['P2', 'P7'],
      ['P3', 'P6'],
    ]);
    expect(bracket.matches.some((m) => m.id === 'P3')).toBe(true);
    expect(() => swissThenKnockout(standings, 6)).toThrow(/^qualifiers/);
    expect(() => swissThenKnockout(standings.slice(0, 3), 4)).toThrow(/^standings/);
  });

  it('TRN-KO-5: method (a) sums level points exactly over the games; a tie asks for one more deal (TRN-KO-4)', () => {
    expect(decideByLevelPoints([{ a: 14, b: 12 }], 2)).toEqual({
      decided: false,
      next: 'game',
      rule: 'TRN-KO-5',
    });
    expect(
      decideByLevelPoints(
        [
          { a: 14, b: 12 },
          { a: 10, b: 16 },
        ],
        2,
      ),
    ).toEqual({ decided: true, winner: 'b' });
    expect(
      decideByLevelPoints(
        [
          { a: '0.1', b: 0 },
          { a: '0.2', b: '0.3' },
        ],
        2,
      ),
    ).toEqual({
      decided: false,
      next: 'extraDeal',
      rule: 'TRN-KO-4',
    });
  });

  it('TRN-KO-5: method (b) best of 3: a level deciding game is settled by one more deal on top of it', () => {
    expect(decideByMatchPoints([{ winner: 'a' }, { winner: 'a' }], 3)).toEqual({
      decided: true,
      winner: 'a',
    });
    expect(decideByMatchPoints([{ winner: 'a' }, { winner: 'b' }], 3)).toMatchObject({
      decided: false,
      next: 'game',
    });
    expect(decideByMatchPoints([{ winner: 'a' }, { winner: 'b' }, { winner: 'level' }], 3)).toMatchObject({
      decided: false,
      next: 'extraDeal',
    });
    expect(
      decideByMatchPoints([{ winner: 'a' }, { winner: 'b' }, { winner: 'level', extraDeal: 'b' }], 3),
    ).toEqual({
      decided: true,
      winner: 'b',
    });
    expect(
      decideByMatchPoints([{ winner: 'level' }, { winner: 'b' }, { winner: 'a' }, { winner: 'b' }], 5),
    ).toMatchObject({
      decided: false,
      next: 'game',
    });
  });

  it('TRN-KO-5 (b), TRN-KO-4: 1–1 after all 3 games (one level) asks for an extra deal on the last game, whose winner takes the round', () => {
    expect(decideByMatchPoints([{ winner: 'level' }, { winner: 'b' }, { winner: 'a' }], 3)).toEqual({
      decided: false,
      next: 'extraDeal',
      rule: 'TRN-KO-4',
    });
    expect(
      decideByMatchPoints([{ winner: 'level' }, { winner: 'b' }, { winner: 'a', extraDeal: 'b' }], 3),
    ).toEqual({ decided: true, winner: 'b' });
  });
});

describe('TRN-KO-6 the 004 knockout', () => {
  it('TRN-KO-6: at time-out past A wins, then the higher level, then the pair that reached the level first', () => {
    expect(
      decide004Timeout({ level: 3, pastA: true, reachedAt: 9 }, { level: 12, pastA: false, reachedAt: 1 }),
    ).toEqual({
      decided: true,
      winner: 'a',
    });
    expect(
      decide004Timeout({ level: 7, pastA: false, reachedAt: 2 }, { level: 8, pastA: false, reachedAt: 5 }),
    ).toEqual({
      decided: true,
      winner: 'b',
    });
    expect(
      decide004Timeout({ level: 8, pastA: false, reachedAt: 6 }, { level: 8, pastA: false, reachedAt: 4 }),
    ).toEqual({
      decided: true,
      winner: 'b',
    });
    expect(
      decide004Timeout({ level: 8, pastA: false, reachedAt: 4 }, { level: 8, pastA: false, reachedAt: 4 }),
    ).toMatchObject({
      error: expect.stringMatching(/^reachedAt/) as unknown,
    });
  });

  it('TRN-KO-6: a pair more than 10 minutes late forfeits and the opponent advances', () => {
    expect(forfeitsForLateness(10)).toBe(false);
    expect(forfeitsForLateness(11)).toBe(true);
    const bracket = singleKnockout(['A', 'B', 'C', 'D']);
    const conceded = withdrawFromBracket(bracket, {}, 'D');
    expect(conceded).toMatchObject({ ok: true, match: 'R1-M1', advances: 'A' });
    if (!conceded.ok) return;
    const next = resolveBracket(bracket, conceded.winners).matches.find((m) => m.id === 'R2-M1');
    expect(next?.a).toBe('A');
    expect(withdrawFromBracket(bracket, conceded.winners, 'D')).toMatchObject({ ok: false });
  });
});

describe('TRN-SWISS-4 Swiss with low-position elimination', () => {
  const plan = [
    { rounds: 3, eliminate: 8 },
    { rounds: 2, eliminate: 4 },
    { rounds: 2, eliminate: 0 },
  ];

  it('TRN-SWISS-4: the regulations plan units of rounds; the last round of a unit eliminates the lowest pairs', () => {
    expect(eliminationUnitOf(plan, 2)).toEqual({ unit: 1, closesUnit: false, eliminate: 0 });
    expect(eliminationUnitOf(plan, 3)).toEqual({ unit: 1, closesUnit: true, eliminate: 8 });
    expect(eliminationUnitOf(plan, 5)).toEqual({ unit: 2, closesUnit: true, eliminate: 4 });
    expect(eliminationUnitOf(plan, 7)).toEqual({ unit: 3, closesUnit: true, eliminate: 0 });
    expect(eliminationUnitOf(plan, 8)).toBeNull();
    const standings = Array.from({ length: 20 }, (_, i) => `P${i + 1}`);
    const cut = eliminateLowest(standings, 8);
    expect(cut.continuing).toEqual(standings.slice(0, 12));
    expect(cut.eliminated).toEqual(standings.slice(12));
    expect(() => eliminateLowest(standings, 20)).toThrow(/^eliminate/);
  });
});
