import type { Joker, Rank, Suit } from '@tablecast/cards';

/** Combination types (GD-COMBO-1…10) with the identifiers of glossary.md. */
export const COMBO_TYPES = [
  'single',
  'pair',
  'triple',
  'fullHouse',
  'straight',
  'pairSequence',
  'tripleSequence',
  'bomb',
  'straightFlush',
  'fourJokers',
] as const;
export type ComboType = (typeof COMBO_TYPES)[number];

/**
 * One interpretation of a set of cards: the oracle's `{type, rank, length, suit?}`.
 * `rank` is the key rank: the triple of a full house, the top natural position of a sequence
 * (A2345 has rank `5`, TJQKA rank `A`), `BJ`/`RJ` for joker singles and pairs, absent for four
 * jokers. `suit` only for straight flushes.
 */
export interface Reading {
  readonly type: ComboType;
  readonly rank?: Rank | Joker | undefined;
  readonly length: number;
  readonly suit?: Suit | undefined;
}

export function sameReading(a: Reading, b: Reading): boolean {
  return a.type === b.type && a.rank === b.rank && a.length === b.length && a.suit === b.suit;
}

export function readingKey(reading: Reading): string {
  return `${reading.type}:${reading.rank ?? '-'}:${reading.length}:${reading.suit ?? '-'}`;
}

export function isBombClass(type: ComboType): boolean {
  return type === 'bomb' || type === 'straightFlush' || type === 'fourJokers';
}
