import { describe, expect, it } from 'vitest';
import { levelName } from './levels';
import { countFrom, nextSeat, partnerOf, previousSeat, teamOf } from './seats';

describe('seats (GD-SEAT-*) and levels (GD-LVL-1)', () => {
  it('GD-SEAT-1, GD-SEAT-2: partners sit opposite, N–S and E–W', () => {
    expect(partnerOf('S')).toBe('N');
    expect(partnerOf('E')).toBe('W');
    expect(teamOf('N')).toBe('NS');
    expect(teamOf('W')).toBe('EW');
  });

  it('GD-SEAT-3/4: play goes counter-clockwise S → E → N → W; 下家 is next, 上家 previous', () => {
    expect(['S', 'E', 'N', 'W'].map((s) => nextSeat(s as 'S'))).toEqual(['E', 'N', 'W', 'S']);
    expect(previousSeat('S')).toBe('W');
    expect(previousSeat('E')).toBe('S');
  });

  it('GD-DEAL-1, DEC-GD-3 worked example: a turned 6 from cutter E lands on N (cutter counts as 1)', () => {
    expect(countFrom('E', 6)).toBe('N');
  });

  it('GD-LVL-1: 14 levels, 2 … A then A+', () => {
    expect([0, 8, 12, 13].map(levelName)).toEqual(['2', 'T', 'A', 'A+']);
  });
});
