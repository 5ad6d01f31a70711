import { b2RankIndex } from '../cards/card-value';
import { LENGTH_OF_TYPE, typeIndex, type B2Reading } from '../combos/reading';
import type { BigTwoRules } from '../combos/rules';
import { straightKeyRanks } from '../combos/straights';

const UNSUITED = new Set(['triple', 'fullHouse', 'fourOfAKind']);

/**
 * What makes a stated reading impossible (B2-COMBO-1…9), or null: its length must fit its type, it
 * names a suit exactly when its type compares by suit (B2-CMP-1…4), and a straight's key card must
 * be one a straight can have under the ruleset's `straightKey`.
 */
export function readingShapeProblem(reading: B2Reading, rules: BigTwoRules): string | null {
  const type = typeIndex(reading.type);
  const length = LENGTH_OF_TYPE[type] ?? 0;
  if (reading.length !== length) return `a ${reading.type} has ${length} cards, not ${reading.length}`;
  if (UNSUITED.has(reading.type)) {
    if (reading.suit !== undefined) return `a ${reading.type} is named by its rank alone, without a suit`;
  } else if (reading.suit === undefined) return `a ${reading.type} names the suit of its key card`;
  if (reading.type === 'straight' || reading.type === 'straightFlush') {
    const keys = straightKeyRanks(rules);
    if (!keys.includes(b2RankIndex(reading.rank)))
      return `no ${reading.type} has the key card ${reading.rank} under straightKey ${rules.straightKey}`;
  }
  return null;
}
