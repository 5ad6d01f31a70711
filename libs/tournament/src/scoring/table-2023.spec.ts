import { describe, expect, it } from 'vitest';
import { scoreGame } from './match-points';
import { TABLE_2023, table2023Row } from './table-2023';

/** 003 三 (三) 2 as printed: difference, level-difference points, match points. */
const SOURCE_ROWS: readonly (readonly [number, string, string])[] = [
  [0, '13:13', '1:1'],
  [1, '14:12', '1.5:0.5'],
  [2, '15:11', '1.5:0.5'],
  [3, '16:10', '1.6:0.4'],
  [4, '17:9', '1.6:0.4'],
  [5, '18:8', '1.7:0.3'],
  [6, '19:7', '1.7:0.3'],
  [7, '20:6', '1.8:0.2'],
  [8, '21:5', '1.8:0.2'],
  [9, '22:4', '1.9:0.1'],
  [10, '23:3', '1.9:0.1'],
  [11, '24:2', '2:0'],
  [12, '25:1', '2:0'],
  [13, '26:0', '2:0'],
];

const tenths = (printed: string): number[] => printed.split(':').map((x) => Math.round(Number(x) * 10));

describe('TRN-SCORE-3: the 2023 level-difference table (003 三 (三) 2)', () => {
  it.each(SOURCE_ROWS)(
    'TRN-SCORE-3 difference %i: %s level-difference points, %s match points',
    (d, points, match) => {
      const row = table2023Row(d);
      expect(row.levelPoints.join(':')).toBe(points);
      expect([...row.matchTenths]).toEqual(tenths(match));
      expect(row.matchTenths[0] + row.matchTenths[1]).toBe(20);
    },
  );

  it('TRN-SCORE-3: 13 or more share the capped 26:0 row; a negative or fractional difference is refused', () => {
    expect(TABLE_2023).toHaveLength(14);
    expect(table2023Row(17)).toBe(table2023Row(13));
    expect(() => table2023Row(-1)).toThrow(/TRN-SCORE-3: difference/);
    expect(() => table2023Row(1.5)).toThrow(/TRN-SCORE-3: difference/);
  });

  it('TRN-SCORE-3: the higher pair takes the first number, whichever side it sits on', () => {
    expect(scoreGame('cesa2023', '5', '8')).toEqual([
      { matchTenths: 4, levelPoints: 10, levelDifference: -3 },
      { matchTenths: 16, levelPoints: 16, levelDifference: 3 },
    ]);
    // Counted past A (index 15 against 0): 26:0, the raw difference kept for TRN-TB-2 step 5.
    expect(scoreGame('cesa2023', 15, '2')[0]).toEqual({
      matchTenths: 20,
      levelPoints: 26,
      levelDifference: 15,
    });
  });
});
