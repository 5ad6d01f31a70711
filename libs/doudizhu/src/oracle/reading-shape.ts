import type { DdzReading } from '../combos/reading';

const ACE_RANKS = ['3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];

/**
 * What makes a stated reading impossible (DDZ-COMBO-1…12), or null: its length must fit its type,
 * a rocket has no rank and everything else has one, sequences end at the A and are long enough.
 */
export function readingShapeProblem(reading: DdzReading): string | null {
  const { type, rank, length } = reading;
  if (type === 'rocket')
    return rank === undefined && length === 2 ? null : 'a rocket is 2 cards without a rank';
  if (rank === undefined) return `a ${type} has a rank`;
  const fixed: Partial<Record<DdzReading['type'], number>> = {
    single: 1,
    pair: 2,
    triple: 3,
    bomb: 4,
    tripleWithSingle: 4,
    tripleWithPair: 5,
    fourWithTwoSingles: 6,
    fourWithTwoPairs: 8,
  };
  const expected = fixed[type];
  if (expected !== undefined) {
    if (length !== expected) return `a ${type} has ${expected} cards, not ${length}`;
    // Only a single may be a joker: the two jokers are the rocket, never a pair (DDZ-COMBO-4).
    if (type !== 'single' && (rank === 'BJ' || rank === 'RJ')) return `a ${type} cannot be of jokers`;
    return null;
  }
  // Sequences: per-unit width, minimum units, highest triple at most A (DDZ-COMBO-7…10).
  const shape: Record<string, [number, number]> = {
    straight: [1, 5],
    pairSequence: [2, 3],
    airplane: [3, 2],
    airplaneWithSingles: [4, 2],
    airplaneWithPairs: [5, 2],
  };
  const [width, minUnits] = shape[type] ?? [1, 1];
  const top = ACE_RANKS.indexOf(rank);
  if (top < 0) return `a ${type} ends at the A at most`;
  if (length % width !== 0 || length / width < minUnits) return `a ${type} cannot have ${length} cards`;
  if (length / width > top + 1) return `a ${type} of ${length} cards cannot end at ${rank}`;
  return null;
}
