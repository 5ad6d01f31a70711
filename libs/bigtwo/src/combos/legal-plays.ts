import type { Face, SuitedFace } from '@tablecast/cards';
import { FACE_OF_VALUE, cardValue } from '../cards/card-value';
import {
  T_FLUSH,
  T_FOUR,
  T_FULL_HOUSE,
  T_PAIR,
  T_SINGLE,
  T_STRAIGHT,
  T_STRAIGHT_FLUSH,
  T_TRIPLE,
  isFiveCardType,
  keyOf,
  readingOf,
  typeIndex,
  type B2Reading,
} from './reading';
import type { BigTwoRules } from './rules';
import { STRAIGHT_COUNT, STRAIGHT_OF_MASK, WINDOW_MASKS, WINDOW_RANKS, straightKeyRanks } from './straights';

/** A candidate play: cards from the hand and their reading. */
export interface B2Play {
  readonly faces: readonly Face[];
  readonly reading: B2Reading;
}

// The generator is synchronous and never re-entered: one set of scratch vectors serves every call.
/** Suits held per rank, a 4-bit mask (bit s = suit s, ♦ = 0 … ♠ = 3). */
const suitsOf = new Uint8Array(13);
/** Ranks held per suit, a 13-bit mask. */
const ranksOf = new Int32Array(4);
/** Suit mask → the suits in it, low to high. */
const SUITS_IN: readonly (readonly number[])[] = Array.from({ length: 16 }, (_, mask) =>
  [0, 1, 2, 3].filter((s) => (mask >> s) & 1),
);
const F = FACE_OF_VALUE;
const NO_FACE: SuitedFace = 'D3';

let out: B2Play[] = [];
/** Set while `hasLegalPlay` asks: each generator returns at its first play. */
let firstOnly = false;
let keyRanks: Int8Array = straightKeyRanks({ straightKey: 'a' } as BigTwoRules);

/**
 * Every legal play from `hand` (B2-COMBO-*, B2-CMP-*, B2-PLAY-2/3): leading (`toBeat` null) any
 * combination; following, the same type with a higher key card, or for a five-card play also any
 * five-card play of a higher class. Each distinct set of cards appears once (a set has one
 * reading). Order: by type, then key card; faces within a play low to high, straights in sequence
 * order. The caller guarantees distinct cards of the one deck. The engine adds the ♦3 lead
 * (B2-PLAY-1) and the one-card restriction (B2-PLAY-7) on top.
 */
export function legalPlays(
  hand: readonly Face[],
  toBeat: B2Reading | null,
  rules: BigTwoRules,
): readonly B2Play[] {
  const result: B2Play[] = [];
  out = result;
  keyRanks = straightKeyRanks(rules);
  load(hand);
  if (toBeat === null) {
    singles(-1);
    pairs(-1);
    triples(-1);
    straights(-1);
    flushes(-1);
    fullHouses(-1);
    fours(-1);
    straightFlushes(-1);
  } else follow(toBeat);
  out = [];
  return result;
}

/** Whether any play leads or beats `toBeat` (a follower who has none can only pass). */
export function hasLegalPlay(hand: readonly Face[], toBeat: B2Reading | null, rules: BigTwoRules): boolean {
  if (toBeat === null) return hand.length > 0;
  const result: B2Play[] = [];
  out = result;
  firstOnly = true;
  try {
    keyRanks = straightKeyRanks(rules);
    load(hand);
    follow(toBeat);
  } finally {
    firstOnly = false;
    out = [];
  }
  return result.length > 0;
}

function load(hand: readonly Face[]): void {
  suitsOf.fill(0);
  ranksOf.fill(0);
  for (const face of hand) {
    const value = cardValue(face);
    if (value < 0) continue;
    const rank = value >> 2;
    const suit = value & 3;
    suitsOf[rank] = (suitsOf[rank] ?? 0) | (1 << suit);
    ranksOf[suit] = (ranksOf[suit] ?? 0) | (1 << rank);
  }
}

/** Whether `hasLegalPlay` has its answer: the generators stop at the first play. */
function found(): boolean {
  return firstOnly && out.length > 0;
}

function follow(toBeat: B2Reading): void {
  const type = typeIndex(toBeat.type);
  const min = keyOf(toBeat);
  if (type === T_SINGLE) singles(min);
  else if (type === T_PAIR) pairs(min);
  else if (type === T_TRIPLE) triples(min);
  else if (isFiveCardType(type)) {
    // B2-CMP-4: the same class higher, or any play of a higher class.
    if (type <= T_STRAIGHT) straights(type === T_STRAIGHT ? min : -1);
    if (found()) return;
    if (type <= T_FLUSH) flushes(type === T_FLUSH ? min : -1);
    if (found()) return;
    if (type <= T_FULL_HOUSE) fullHouses(type === T_FULL_HOUSE ? min : -1);
    if (found()) return;
    if (type <= T_FOUR) fours(type === T_FOUR ? min : -1);
    if (found()) return;
    straightFlushes(type === T_STRAIGHT_FLUSH ? min : -1);
  }
}

/** B2-COMBO-1, B2-CMP-2: every card above `min` (a card's value is its key). */
function singles(min: number): void {
  for (let rank = (min + 1) >> 2; rank < 13; rank += 1) {
    const held = suitsOf[rank] ?? 0;
    if (held === 0) continue;
    for (let suit = 0; suit < 4; suit += 1) {
      const value = rank * 4 + suit;
      if ((held >> suit) & 1 && value > min) {
        out.push({ faces: [F[value] ?? NO_FACE], reading: readingOf(T_SINGLE, rank, suit) });
        if (firstOnly) return;
      }
    }
  }
}

/** B2-COMBO-2, B2-CMP-3: every two cards of a rank, keyed by the higher suit. */
function pairs(min: number): void {
  for (let rank = min < 0 ? 0 : min >> 2; rank < 13; rank += 1) {
    const suits = SUITS_IN[suitsOf[rank] ?? 0] ?? [];
    const k = suits.length;
    if (k < 2) continue;
    const base = rank * 4;
    for (let j = 1; j < k; j += 1) {
      const high = suits[j] ?? 0;
      if (base + high <= min) continue;
      const reading = readingOf(T_PAIR, rank, high);
      const top = F[base + high] ?? NO_FACE;
      for (let i = 0; i < j; i += 1) {
        out.push({ faces: [F[base + (suits[i] ?? 0)] ?? NO_FACE, top], reading });
        if (firstOnly) return;
      }
    }
  }
}

/** The three-card subsets of a rank's suits: all of them, or the four leaving one out each. */
function forEachTriple(rank: number, each: (a: SuitedFace, b: SuitedFace, c: SuitedFace) => void): void {
  const held = suitsOf[rank] ?? 0;
  const base = rank * 4;
  if (held === 15) {
    for (let skip = 3; skip >= 0 && !found(); skip -= 1) {
      const s = SUITS_IN[15 & ~(1 << skip)] ?? [];
      each(
        F[base + (s[0] ?? 0)] ?? NO_FACE,
        F[base + (s[1] ?? 0)] ?? NO_FACE,
        F[base + (s[2] ?? 0)] ?? NO_FACE,
      );
    }
    return;
  }
  const s = SUITS_IN[held] ?? [];
  if (s.length === 3)
    each(
      F[base + (s[0] ?? 0)] ?? NO_FACE,
      F[base + (s[1] ?? 0)] ?? NO_FACE,
      F[base + (s[2] ?? 0)] ?? NO_FACE,
    );
}

/** B2-COMBO-3, B2-CMP-3: three cards of a rank above `min`. */
function triples(min: number): void {
  for (let rank = (min >> 2) + 1; rank < 13; rank += 1) {
    if ((SUITS_IN[suitsOf[rank] ?? 0]?.length ?? 0) < 3) continue;
    const reading = readingOf(T_TRIPLE, rank, 0);
    forEachTriple(rank, (a, b, c) => out.push({ faces: [a, b, c], reading }));
    if (found()) return;
  }
}

/**
 * B2-COMBO-4, DEC-B2-1: five consecutive ranks in the A-2-3-…-K-A sequence, one card of each, not
 * all of one suit (B2-COMBO-8); keyed by the ruleset's key card (B2-CMP-4).
 */
function straights(min: number): void {
  for (let s = 0; s < STRAIGHT_COUNT; s += 1) {
    const w = WINDOW_RANKS[s] ?? [];
    const r0 = w[0] ?? 0;
    const r1 = w[1] ?? 0;
    const r2 = w[2] ?? 0;
    const r3 = w[3] ?? 0;
    const r4 = w[4] ?? 0;
    const h0 = suitsOf[r0] ?? 0;
    const h1 = suitsOf[r1] ?? 0;
    const h2 = suitsOf[r2] ?? 0;
    const h3 = suitsOf[r3] ?? 0;
    const h4 = suitsOf[r4] ?? 0;
    if (h0 === 0 || h1 === 0 || h2 === 0 || h3 === 0 || h4 === 0) continue;
    const keyRank = keyRanks[s] ?? 0;
    if (keyRank * 4 + 3 <= min) continue;
    // The key card's position in the window; its suit must lift the play above `min`.
    const at = w.indexOf(keyRank);
    const b0 = r0 * 4;
    const b1 = r1 * 4;
    const b2 = r2 * 4;
    const b3 = r3 * 4;
    const b4 = r4 * 4;
    for (const s0 of SUITS_IN[h0] ?? []) {
      for (const s1 of SUITS_IN[h1] ?? []) {
        for (const s2 of SUITS_IN[h2] ?? []) {
          for (const s3 of SUITS_IN[h3] ?? []) {
            for (const s4 of SUITS_IN[h4] ?? []) {
              if (s0 === s1 && s1 === s2 && s2 === s3 && s3 === s4) continue;
              const keySuit = at === 0 ? s0 : at === 1 ? s1 : at === 2 ? s2 : at === 3 ? s3 : s4;
              if (keyRank * 4 + keySuit <= min) continue;
              out.push({
                faces: [
                  F[b0 + s0] ?? NO_FACE,
                  F[b1 + s1] ?? NO_FACE,
                  F[b2 + s2] ?? NO_FACE,
                  F[b3 + s3] ?? NO_FACE,
                  F[b4 + s4] ?? NO_FACE,
                ],
                reading: readingOf(T_STRAIGHT, keyRank, keySuit),
              });
              if (firstOnly) return;
            }
          }
        }
      }
    }
  }
}

/** Rank bit positions of a 13-bit mask, low to high. */
const scratchRanks = new Int8Array(13);

/** B2-COMBO-5, B2-CMP-4: five non-consecutive cards of one suit, keyed by the highest card. */
function flushes(min: number): void {
  for (let suit = 0; suit < 4; suit += 1) {
    const mask = ranksOf[suit] ?? 0;
    let k = 0;
    for (let r = 0; r < 13; r += 1) if ((mask >> r) & 1) scratchRanks[k++] = r;
    if (k < 5) continue;
    const ranks = scratchRanks;
    for (let e = 4; e < k; e += 1) {
      const top = ranks[e] ?? 0;
      if (top * 4 + suit <= min) continue;
      const reading = readingOf(T_FLUSH, top, suit);
      const fe = F[top * 4 + suit] ?? NO_FACE;
      for (let d = 3; d < e; d += 1) {
        const rd = ranks[d] ?? 0;
        const fd = F[rd * 4 + suit] ?? NO_FACE;
        for (let c = 2; c < d; c += 1) {
          const rc = ranks[c] ?? 0;
          const fc = F[rc * 4 + suit] ?? NO_FACE;
          for (let b = 1; b < c; b += 1) {
            const rb = ranks[b] ?? 0;
            const fb = F[rb * 4 + suit] ?? NO_FACE;
            for (let a = 0; a < b; a += 1) {
              const ra = ranks[a] ?? 0;
              const m = (1 << ra) | (1 << rb) | (1 << rc) | (1 << rd) | (1 << top);
              if ((STRAIGHT_OF_MASK[m] ?? -1) >= 0) continue; // a straight flush
              out.push({ faces: [F[ra * 4 + suit] ?? NO_FACE, fb, fc, fd, fe], reading });
              if (firstOnly) return;
            }
          }
        }
      }
    }
  }
}

/** B2-COMBO-6, B2-CMP-4: a triple above `min` and a pair of another rank. */
function fullHouses(min: number): void {
  for (let rank = (min >> 2) + 1; rank < 13; rank += 1) {
    if ((SUITS_IN[suitsOf[rank] ?? 0]?.length ?? 0) < 3) continue;
    const reading = readingOf(T_FULL_HOUSE, rank, 0);
    forEachTriple(rank, (a, b, c) => {
      for (let p = 0; p < 13; p += 1) {
        if (p === rank) continue;
        const suits = SUITS_IN[suitsOf[p] ?? 0] ?? [];
        const k = suits.length;
        const base = p * 4;
        for (let j = 1; j < k; j += 1) {
          const fj = F[base + (suits[j] ?? 0)] ?? NO_FACE;
          for (let i = 0; i < j; i += 1) {
            out.push({ faces: [a, b, c, F[base + (suits[i] ?? 0)] ?? NO_FACE, fj], reading });
            if (firstOnly) return;
          }
        }
      }
    });
    if (found()) return;
  }
}

/** B2-COMBO-7, B2-CMP-4: all four of a rank above `min` and any one other card. */
function fours(min: number): void {
  for (let rank = (min >> 2) + 1; rank < 13; rank += 1) {
    if (suitsOf[rank] !== 15) continue;
    const reading = readingOf(T_FOUR, rank, 0);
    const base = rank * 4;
    const f0 = F[base] ?? NO_FACE;
    const f1 = F[base + 1] ?? NO_FACE;
    const f2 = F[base + 2] ?? NO_FACE;
    const f3 = F[base + 3] ?? NO_FACE;
    for (let other = 0; other < 13; other += 1) {
      if (other === rank) continue;
      const held = suitsOf[other] ?? 0;
      for (let suit = 0; suit < 4; suit += 1)
        if ((held >> suit) & 1) {
          out.push({ faces: [f0, f1, f2, f3, F[other * 4 + suit] ?? NO_FACE], reading });
          if (firstOnly) return;
        }
    }
  }
}

/** B2-COMBO-8, B2-CMP-4: five consecutive cards of one suit, keyed as straights. */
function straightFlushes(min: number): void {
  for (let suit = 0; suit < 4; suit += 1) {
    const mask = ranksOf[suit] ?? 0;
    for (let s = 0; s < STRAIGHT_COUNT; s += 1) {
      const window = WINDOW_MASKS[s] ?? 0;
      if ((mask & window) !== window) continue;
      const keyRank = keyRanks[s] ?? 0;
      if (keyRank * 4 + suit <= min) continue;
      const w = WINDOW_RANKS[s] ?? [];
      out.push({
        faces: [
          F[(w[0] ?? 0) * 4 + suit] ?? NO_FACE,
          F[(w[1] ?? 0) * 4 + suit] ?? NO_FACE,
          F[(w[2] ?? 0) * 4 + suit] ?? NO_FACE,
          F[(w[3] ?? 0) * 4 + suit] ?? NO_FACE,
          F[(w[4] ?? 0) * 4 + suit] ?? NO_FACE,
        ],
        reading: readingOf(T_STRAIGHT_FLUSH, keyRank, suit),
      });
      if (firstOnly) return;
    }
  }
}
