import { levelIndex, levelPoints26, type Level } from './levels';
import type { Ruleset, SideScore } from './result';
import { table2023Row } from './table-2023';

/** A final level, or its index (2 = 0 … A+ = 13, beyond for an event that counts past A: TRN-SCORE-3 "13⁺"). */
export type LevelInput = Level | number;

function indexOf(level: LevelInput, field: string): number {
  if (typeof level === 'number') {
    if (!Number.isInteger(level) || level < 0)
      throw new RangeError(
        `${field}: a level index must be a whole number, 0 or more (got ${String(level)})`,
      );
    return level;
  }
  const index = levelIndex(level);
  if (index < 0) throw new RangeError(`${field}: unknown level ${JSON.stringify(level)}`);
  return index;
}

/**
 * Scores one played game from both pairs' final levels.
 * - `cga2017`, TRN-SCORE-2: a game won is 2:0 match points, equal levels 1:1; level points from the
 *   26-point table (TRN-SCORE-1).
 * - `cesa2023`, TRN-SCORE-3: both from the 2023 table by the level difference, the higher pair first.
 */
export function scoreGame(
  ruleset: Ruleset,
  levelA: LevelInput,
  levelB: LevelInput,
): readonly [SideScore, SideScore] {
  const a = indexOf(levelA, 'levelA');
  const b = indexOf(levelB, 'levelB');
  const d = a - b;
  switch (ruleset) {
    case 'cga2017': {
      if (a > 13 || b > 13) throw new RangeError('TRN-SCORE-1: the 26-point table stops at A+ (index 13)');
      const [pa, pb] = levelPoints26(levelFromIndex(a), levelFromIndex(b));
      const [ma, mb] = d > 0 ? [20, 0] : d < 0 ? [0, 20] : [10, 10];
      return [
        { matchTenths: ma, levelPoints: pa, levelDifference: d },
        { matchTenths: mb, levelPoints: pb, levelDifference: -d },
      ];
    }
    case 'cesa2023': {
      const row = table2023Row(Math.abs(d));
      const [hiM, loM] = row.matchTenths;
      const [hiP, loP] = row.levelPoints;
      const aHigher = d >= 0;
      return [
        { matchTenths: aHigher ? hiM : loM, levelPoints: aHigher ? hiP : loP, levelDifference: d },
        { matchTenths: aHigher ? loM : hiM, levelPoints: aHigher ? loP : hiP, levelDifference: -d },
      ];
    }
  }
}

const LEVEL_BY_INDEX: readonly Level[] = [
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  'J',
  'Q',
  'K',
  'A',
  'A+',
];

function levelFromIndex(index: number): Level {
  const level = LEVEL_BY_INDEX[index];
  if (level === undefined) throw new RangeError(`no level at index ${String(index)}`);
  return level;
}
