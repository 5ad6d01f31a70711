import { describe, expect, it } from 'vitest';
import { cesa2023, cga2017 } from '../ruleset/ruleset';
import { levelPoints, scoreBye } from './scoring';

describe('level points (GD-SCORE-3)', () => {
  it('GD-SCORE-3: 13 + d and 13 − d, always summing to 26, capped at 26:0', () => {
    expect(levelPoints({ NS: 0, EW: 0 })).toEqual({ NS: 13, EW: 13 });
    expect(levelPoints({ NS: 12, EW: 2 })).toEqual({ NS: 23, EW: 3 });
    expect(levelPoints({ NS: 0, EW: 13 })).toEqual({ NS: 0, EW: 26 });
    for (let a = 0; a <= 13; a += 1) {
      for (let b = 0; b <= 13; b += 1) {
        const p = levelPoints({ NS: a, EW: b });
        expect(p.NS + p.EW).toBe(26);
      }
    }
  });
});

describe('byes (GD-VAR-003-15)', () => {
  it('GD-VAR-003-15: cesa2023 scores a bye 1.5 : 0 match points (tenths) and 17 : 0 level points; cga2017 leaves it to the regulations', () => {
    expect(scoreBye(cesa2023)).toEqual({ matchPoints: 15, levelPoints: 17 });
    expect(scoreBye(cga2017)).toBeNull();
  });
});
