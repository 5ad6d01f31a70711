import type { Face } from '@tablecast/cards';
import { ACE, BIG_JOKER, RANK_COUNT, SMALL_JOKER, rankOfFace } from '../cards/rank-of';
import {
  T_AIRPLANE,
  T_AIRPLANE_PAIRS,
  T_AIRPLANE_SINGLES,
  T_BOMB,
  T_FOUR_PAIRS,
  T_FOUR_SINGLES,
  T_PAIR,
  T_PAIR_SEQ,
  T_SINGLE,
  T_STRAIGHT,
  T_TRIPLE,
  T_TRIPLE_PAIR,
  T_TRIPLE_SINGLE,
  T_ROCKET,
  readingOf,
  type DdzReading,
} from './reading';

// classify is synchronous and never re-entered, so one scratch vector serves every call.
const scratch = new Uint8Array(RANK_COUNT);

/**
 * Every reading of `cards` (DDZ-COMBO-1…12); empty when they form no combination. The caller
 * guarantees distinct faces of one deck. Readings are shared frozen objects.
 */
export function classify(cards: readonly Face[]): DdzReading[] {
  scratch.fill(0);
  for (const face of cards) {
    const rank = rankOfFace(face);
    scratch[rank] = (scratch[rank] ?? 0) + 1;
  }
  return classifyCounts(scratch, cards.length);
}

/** `classify` over a rank-count vector (index 0 = the 3 … 14 = the big joker) of `n` cards. */
export function classifyCounts(c: Uint8Array, n: number): DdzReading[] {
  const out: DdzReading[] = [];
  if (n === 0) return out;
  let distinct = 0;
  let lo = -1;
  let hi = -1;
  let n1 = 0;
  let n2 = 0;
  let n3 = 0;
  let n4 = 0;
  let r3 = -1;
  let r4 = -1;
  for (let r = 0; r < RANK_COUNT; r += 1) {
    const k = c[r] ?? 0;
    if (k === 0) continue;
    distinct += 1;
    if (lo < 0) lo = r;
    hi = r;
    if (k === 1) n1 += 1;
    else if (k === 2) n2 += 1;
    else if (k === 3) {
      n3 += 1;
      r3 = r;
    } else {
      n4 += 1;
      r4 = r;
    }
  }
  const bothJokers = c[SMALL_JOKER] === 1 && c[BIG_JOKER] === 1;
  if (distinct === 1) {
    // DDZ-COMBO-3/4/5/2: one rank; the two jokers are two ranks, so never a pair.
    if (n === 1) out.push(readingOf(T_SINGLE, lo, 1));
    else if (n === 2) out.push(readingOf(T_PAIR, lo, 2));
    else if (n === 3) out.push(readingOf(T_TRIPLE, lo, 3));
    else if (n === 4) out.push(readingOf(T_BOMB, lo, 4));
    return out;
  }
  if (n === 2) {
    if (bothJokers) out.push(readingOf(T_ROCKET, 0, 2)); // DDZ-COMBO-1
    return out;
  }
  // Sequences: one count throughout, consecutive ranks, never the 2 or a joker (DDZ-COMBO-7/8/9).
  if (hi - lo + 1 === distinct && hi <= ACE) {
    if (n1 === distinct && distinct >= 5) out.push(readingOf(T_STRAIGHT, hi, n));
    else if (n2 === distinct && distinct >= 3) out.push(readingOf(T_PAIR_SEQ, hi, n));
    else if (n3 === distinct) out.push(readingOf(T_AIRPLANE, hi, n));
  }
  // DDZ-COMBO-6: the kicker is of another rank than the triple.
  if (n === 4 && n3 === 1 && n1 === 1) out.push(readingOf(T_TRIPLE_SINGLE, r3, 4));
  if (n === 5 && n3 === 1 && n2 === 1) out.push(readingOf(T_TRIPLE_PAIR, r3, 5));
  // DDZ-COMBO-11, DEC-DDZ-3: two singles (one rank allowed) or two pairs, never the rocket or a bomb.
  if (n === 6 && n4 === 1 && !bothJokers) out.push(readingOf(T_FOUR_SINGLES, r4, 6));
  if (n === 8 && n4 === 1 && n2 === 2) out.push(readingOf(T_FOUR_PAIRS, r4, 8));
  if (n >= 8 && n % 4 === 0) airplaneWithSingles(c, n / 4, bothJokers, out);
  if (n >= 10 && n % 5 === 0) airplaneWithPairs(c, n / 5, out);
  return out;
}

/**
 * DDZ-COMBO-10, DEC-DDZ-3: k consecutive triples (exactly three of each rank: the wings are of
 * other ranks) and k single wings, never both jokers, never four of a kind, never a triple next to
 * the chain. Two wings may share a rank.
 */
function airplaneWithSingles(c: Uint8Array, k: number, bothJokers: boolean, out: DdzReading[]): void {
  if (bothJokers) return;
  for (let s = 0; s + k - 1 <= ACE; s += 1) {
    if (!chainOfTriples(c, s, k)) continue;
    let ok = true;
    for (let r = 0; r < RANK_COUNT && ok; r += 1) {
      if (r >= s && r < s + k) continue;
      const w = c[r] ?? 0;
      if (w === 4 || (w === 3 && (r === s - 1 || r === s + k))) ok = false;
    }
    if (ok) out.push(readingOf(T_AIRPLANE_SINGLES, s + k - 1, 4 * k));
  }
}

/** DDZ-COMBO-10: k consecutive triples and k pairs of k other, distinct ranks (two pairs of one rank are a bomb). */
function airplaneWithPairs(c: Uint8Array, k: number, out: DdzReading[]): void {
  for (let s = 0; s + k - 1 <= ACE; s += 1) {
    if (!chainOfTriples(c, s, k)) continue;
    let ok = true;
    for (let r = 0; r < RANK_COUNT && ok; r += 1) {
      if (r >= s && r < s + k) continue;
      const w = c[r] ?? 0;
      if (w !== 0 && w !== 2) ok = false;
    }
    if (ok) out.push(readingOf(T_AIRPLANE_PAIRS, s + k - 1, 5 * k));
  }
}

function chainOfTriples(c: Uint8Array, start: number, k: number): boolean {
  for (let r = start; r < start + k; r += 1) if (c[r] !== 3) return false;
  return true;
}
