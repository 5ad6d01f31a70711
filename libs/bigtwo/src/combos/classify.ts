import type { Face } from '@tablecast/cards';
import { cardValue } from '../cards/card-value';
import {
  T_FLUSH,
  T_FOUR,
  T_FULL_HOUSE,
  T_PAIR,
  T_SINGLE,
  T_STRAIGHT,
  T_STRAIGHT_FLUSH,
  T_TRIPLE,
  readingOf,
  type B2Reading,
} from './reading';
import type { BigTwoRules } from './rules';
import { STRAIGHT_OF_MASK, straightKeyRanks } from './straights';

// classify is synchronous and never re-entered, so one scratch vector serves every call.
const values = new Int8Array(5);
const rankCount = new Uint8Array(13);

/**
 * The reading of `faces` (B2-COMBO-1…8), or null when they form no combination (B2-COMBO-9): not
 * 1, 2, 3 or 5 cards, a card that is not one of the 52 (no jokers, B2-DEAL-1), a card twice, or
 * five cards of no five-card class. A set of cards has at most one reading: five consecutive cards
 * of one suit are a straight flush, never a straight or a flush. Readings are shared frozen objects.
 */
export function classify(faces: readonly Face[], rules: BigTwoRules): B2Reading | null {
  const n = faces.length;
  if (n !== 1 && n !== 2 && n !== 3 && n !== 5) return null;
  let seen = 0;
  let seenHigh = 0;
  for (let i = 0; i < n; i += 1) {
    const value = cardValue(faces[i] ?? '');
    if (value < 0) return null;
    // A 52-bit set in two words: a repeated card is no combination.
    if (value < 26) {
      if ((seen >> value) & 1) return null;
      seen |= 1 << value;
    } else {
      if ((seenHigh >> (value - 26)) & 1) return null;
      seenHigh |= 1 << (value - 26);
    }
    values[i] = value;
  }
  const v0 = values[0] ?? 0;
  if (n === 1) return readingOf(T_SINGLE, v0 >> 2, v0 & 3);
  if (n === 2) {
    const v1 = values[1] ?? 0;
    if (v0 >> 2 !== v1 >> 2) return null;
    // B2-CMP-3: a pair is named by its higher-suited card.
    return readingOf(T_PAIR, v0 >> 2, Math.max(v0 & 3, v1 & 3));
  }
  if (n === 3) {
    const r = v0 >> 2;
    return (values[1] ?? 0) >> 2 === r && (values[2] ?? 0) >> 2 === r ? readingOf(T_TRIPLE, r, 0) : null;
  }
  return classifyFive(rules);
}

function classifyFive(rules: BigTwoRules): B2Reading | null {
  rankCount.fill(0);
  let mask = 0;
  let suits = 0;
  let top = -1;
  for (let i = 0; i < 5; i += 1) {
    const value = values[i] ?? 0;
    const rank = value >> 2;
    rankCount[rank] = (rankCount[rank] ?? 0) + 1;
    mask |= 1 << rank;
    suits |= 1 << (value & 3);
    if (value > top) top = value;
  }
  const oneSuit = (suits & (suits - 1)) === 0;
  const straight = STRAIGHT_OF_MASK[mask] ?? -1;
  if (straight >= 0) {
    const keyRank = straightKeyRanks(rules)[straight] ?? 0;
    let keySuit = 0;
    for (let i = 0; i < 5; i += 1) {
      const value = values[i] ?? 0;
      if (value >> 2 === keyRank) keySuit = value & 3;
    }
    // B2-COMBO-8 before B2-COMBO-4: consecutive and of one suit is a straight flush.
    return readingOf(oneSuit ? T_STRAIGHT_FLUSH : T_STRAIGHT, keyRank, keySuit);
  }
  // B2-COMBO-5 and B2-CMP-4: a flush is named by its highest card.
  if (oneSuit) return readingOf(T_FLUSH, top >> 2, top & 3);
  let three = -1;
  let four = -1;
  let pairs = 0;
  for (let r = 0; r < 13; r += 1) {
    const k = rankCount[r] ?? 0;
    if (k === 4) four = r;
    else if (k === 3) three = r;
    else if (k === 2) pairs += 1;
  }
  if (four >= 0) return readingOf(T_FOUR, four, 0); // B2-COMBO-7: the four plus any one card
  if (three >= 0 && pairs === 1) return readingOf(T_FULL_HOUSE, three, 0); // B2-COMBO-6
  return null;
}
