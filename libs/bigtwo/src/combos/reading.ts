import type { Rank, Suit } from '@tablecast/cards';
import { B2_RANKS, B2_SUITS, RANK_COUNT, b2RankIndex, b2SuitIndex } from '../cards/card-value';

/** Combination types (B2-COMBO-1…8) with the oracle's identifiers. */
export const B2_COMBO_TYPES = [
  'single',
  'pair',
  'triple',
  'straight',
  'flush',
  'fullHouse',
  'fourOfAKind',
  'straightFlush',
] as const;
export type B2ComboType = (typeof B2_COMBO_TYPES)[number];

/**
 * One reading of a set of cards, the oracle's `{type, rank, suit?, length}`. `rank` and `suit` name
 * the card that decides a comparison within the type (B2-CMP-2…4): the card of a single, the
 * higher-suited card of a pair, the highest card of a straight, flush or straight flush (which one
 * is highest is the ruleset's `straightKey` for straights), the triple's rank of a triple or a full
 * house and the four's rank of a four of a kind (those have no suit: one deck never holds two
 * triples or fours of one rank). `length` is the number of cards.
 */
export interface B2Reading {
  readonly type: B2ComboType;
  readonly rank: Rank;
  readonly suit?: Suit | undefined;
  readonly length: number;
}

export const T_SINGLE = 0;
export const T_PAIR = 1;
export const T_TRIPLE = 2;
export const T_STRAIGHT = 3;
export const T_FLUSH = 4;
export const T_FULL_HOUSE = 5;
export const T_FOUR = 6;
export const T_STRAIGHT_FLUSH = 7;

/** Cards in each type (B2-COMBO-1…8). */
export const LENGTH_OF_TYPE: readonly number[] = [1, 2, 3, 5, 5, 5, 5, 5];
/** Whether the type's reading names a suit: the others cannot tie on rank with one deck. */
const SUITED: readonly boolean[] = [true, true, false, true, true, false, false, true];

const internTable: (B2Reading | undefined)[] = new Array<B2Reading | undefined>(
  B2_COMBO_TYPES.length * RANK_COUNT * 4,
);

/**
 * The shared, frozen reading for (type, rank, suit) in Big Two indexes; the suit is dropped for
 * the types that have none. The move generator hands these out instead of allocating one per play.
 */
export function readingOf(type: number, rank: number, suit: number): B2Reading {
  const suited = SUITED[type] === true;
  const key = (type * RANK_COUNT + rank) * 4 + (suited ? suit : 0);
  const cached = internTable[key];
  if (cached !== undefined) return cached;
  const typeName = B2_COMBO_TYPES[type] ?? 'single';
  const rankName = B2_RANKS[rank] ?? '3';
  const length = LENGTH_OF_TYPE[type] ?? 1;
  const made: B2Reading = Object.freeze(
    suited
      ? { type: typeName, rank: rankName, suit: B2_SUITS[suit] ?? 'D', length }
      : { type: typeName, rank: rankName, length },
  );
  internTable[key] = made;
  return made;
}

export function typeIndex(type: string): number {
  return (B2_COMBO_TYPES as readonly string[]).indexOf(type);
}

/**
 * The reading's comparison key within its type: rank × 4 + suit (B2-CMP-1…4). Unsuited readings
 * count as suit 0, which is safe because no two of them share a rank.
 */
export function keyOf(reading: B2Reading): number {
  const rank = b2RankIndex(reading.rank);
  const suit = reading.suit === undefined ? 0 : b2SuitIndex(reading.suit);
  return rank * 4 + (suit < 0 ? 0 : suit);
}

export function sameB2Reading(a: B2Reading, b: B2Reading): boolean {
  return a.type === b.type && a.rank === b.rank && a.suit === b.suit && a.length === b.length;
}

export function b2ReadingKey(reading: B2Reading): string {
  return `${reading.type}:${reading.rank}${reading.suit ?? ''}:${reading.length}`;
}

/** Five-card plays (B2-CMP-4) can follow one another across types; the others only their own type. */
export function isFiveCardType(type: number): boolean {
  return type >= T_STRAIGHT;
}
