import type { DdzRank } from '@tablecast/cards';
import { RANK_COUNT, RANK_NAMES } from '../cards/rank-of';

/** Combination types (DDZ-COMBO-1…11) with the oracle's identifiers. */
export const DDZ_COMBO_TYPES = [
  'single',
  'pair',
  'triple',
  'tripleWithSingle',
  'tripleWithPair',
  'straight',
  'pairSequence',
  'airplane',
  'airplaneWithSingles',
  'airplaneWithPairs',
  'fourWithTwoSingles',
  'fourWithTwoPairs',
  'bomb',
  'rocket',
] as const;
export type DdzComboType = (typeof DDZ_COMBO_TYPES)[number];

/**
 * One reading of a set of cards, the oracle's `{type, rank, length}`. `rank` is the key rank: the
 * triple's or the four's for kicker types, the highest for sequences (for airplanes the highest
 * triple's); absent for the rocket. `length` is the number of cards (DDZ-CMP-4/5 compare only equal
 * types of equal length).
 */
export interface DdzReading {
  readonly type: DdzComboType;
  readonly rank?: DdzRank | undefined;
  readonly length: number;
}

export const T_SINGLE = 0;
export const T_PAIR = 1;
export const T_TRIPLE = 2;
export const T_TRIPLE_SINGLE = 3;
export const T_TRIPLE_PAIR = 4;
export const T_STRAIGHT = 5;
export const T_PAIR_SEQ = 6;
export const T_AIRPLANE = 7;
export const T_AIRPLANE_SINGLES = 8;
export const T_AIRPLANE_PAIRS = 9;
export const T_FOUR_SINGLES = 10;
export const T_FOUR_PAIRS = 11;
export const T_BOMB = 12;
export const T_ROCKET = 13;

const MAX_LENGTH = 21;
const internTable: (DdzReading | undefined)[] = new Array<DdzReading | undefined>(
  DDZ_COMBO_TYPES.length * RANK_COUNT * MAX_LENGTH,
);

/**
 * The shared, frozen reading for (type, rank, length). The move generator hands these out instead
 * of allocating one per play; equal readings are the same object.
 */
export function readingOf(type: number, rank: number, length: number): DdzReading {
  const key = (type * RANK_COUNT + rank) * MAX_LENGTH + length;
  const cached = internTable[key];
  if (cached !== undefined) return cached;
  const typeName = DDZ_COMBO_TYPES[type] ?? 'single';
  const made: DdzReading = Object.freeze(
    type === T_ROCKET ? { type: typeName, length } : { type: typeName, rank: RANK_NAMES[rank], length },
  );
  internTable[key] = made;
  return made;
}

export const ROCKET_READING: DdzReading = readingOf(T_ROCKET, 0, 2);

export function typeIndex(type: DdzComboType): number {
  return DDZ_COMBO_TYPES.indexOf(type);
}

export function sameDdzReading(a: DdzReading, b: DdzReading): boolean {
  return a.type === b.type && a.rank === b.rank && a.length === b.length;
}

export function ddzReadingKey(reading: DdzReading): string {
  return `${reading.type}:${reading.rank ?? '-'}:${reading.length}`;
}

/** Bombs and the rocket beat every regular combination (DDZ-CMP-1); bombs count for scoring. */
export function isBombOrRocket(reading: DdzReading): boolean {
  return reading.type === 'bomb' || reading.type === 'rocket';
}
