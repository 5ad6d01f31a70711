import { RANKS, SUITS, type Face, type Rank } from '@tablecast/cards';
import type { Reading } from '../model/reading';
import {
  BJ_INDEX,
  countFaces,
  DEFAULT_COMBO_RULES,
  RJ_INDEX,
  wildFaceIndex,
  type ComboRules,
} from './counts';
import { rankAtPosition, rankNameAtPosition } from './order';

/**
 * Every valid reading of a set of cards at `level` (GD-COMBO-1…11, GD-WILD-1…4); empty if none.
 * The two heart level cards are wildcards standing for any non-joker card (GD-WILD-1/2); a play of
 * wildcards only reads as the level card itself (GD-WILD-3), since standing for a lower card
 * could never help. Readings differ in type, key rank or suit; which of them the player meant is
 * settled by the declaration rule (GD-WILD-5, DEC-GD-5) in the decider.
 */
export function classify(
  cards: readonly Face[],
  level: Rank,
  rules: ComboRules = DEFAULT_COMBO_RULES,
): Reading[] {
  return classifyCounts(countFaces(cards), cards.length, RANKS.indexOf(level), rules);
}

export function classifyCounts(
  faceCounts: Uint8Array,
  n: number,
  levelIdx: number,
  rules: ComboRules,
): Reading[] {
  const wildIdx = wildFaceIndex(levelIdx);
  const wilds = faceCounts[wildIdx] ?? 0;
  const bj = faceCounts[BJ_INDEX] ?? 0;
  const rj = faceCounts[RJ_INDEX] ?? 0;
  // Natural (non-wild, non-joker) cards per rank, and the suits they use.
  const perRank = new Array<number>(13).fill(0);
  let suitMask = 0;
  let naturalRanks = 0;
  let singleRank = -1;
  for (let s = 0; s < 4; s += 1) {
    for (let r = 0; r < 13; r += 1) {
      const i = s * 13 + r;
      const c = i === wildIdx ? 0 : (faceCounts[i] ?? 0);
      if (c === 0) continue;
      if ((perRank[r] ?? 0) === 0) {
        naturalRanks += 1;
        singleRank = r;
      }
      perRank[r] = (perRank[r] ?? 0) + c;
      suitMask |= 1 << s;
    }
  }
  const out: Reading[] = [];
  if (bj + rj > 0) {
    classifyWithJokers(out, n, bj, rj, wilds, naturalRanks, singleRank, levelIdx);
    return out;
  }
  // Same-rank types (GD-COMBO-1, 2, 4, 8); wildcards alone are the level card (GD-WILD-3).
  if (naturalRanks <= 1) {
    const rank = RANKS[naturalRanks === 0 ? levelIdx : singleRank] ?? '2';
    if (n === 1) out.push({ type: 'single', rank, length: 1 });
    else if (n === 2) out.push({ type: 'pair', rank, length: 2 });
    else if (n === 3) out.push({ type: 'triple', rank, length: 3 });
    else if (n >= 4 && n <= rules.maxBombLength) out.push({ type: 'bomb', rank, length: n });
  }
  if (n === 5) {
    fullHouses(out, perRank, wilds);
    sequences(out, perRank, wilds, 5, 1, suitMask, rules);
  } else if (n === 6) {
    sequences(out, perRank, wilds, 3, 2, suitMask, rules);
    sequences(out, perRank, wilds, 2, 3, suitMask, rules);
  }
  return out;
}

function classifyWithJokers(
  out: Reading[],
  n: number,
  bj: number,
  rj: number,
  wilds: number,
  naturalRanks: number,
  singleRank: number,
  levelIdx: number,
): void {
  const jokers = bj + rj;
  if (n === 1) out.push({ type: 'single', rank: bj === 1 ? 'BJ' : 'RJ', length: 1 });
  // GD-RANK-3: two identical jokers are a pair; a small with a big joker is not.
  else if (n === 2 && (bj === 2 || rj === 2))
    out.push({ type: 'pair', rank: bj === 2 ? 'BJ' : 'RJ', length: 2 });
  // GD-COMBO-10: all four jokers, natural cards only (GD-WILD-2).
  else if (n === 4 && bj === 2 && rj === 2) out.push({ type: 'fourJokers', length: 4 });
  // DEC-GD-6: a full house may carry a pair of identical jokers.
  else if (
    n === 5 &&
    jokers === 2 &&
    (bj === 2 || rj === 2) &&
    naturalRanks <= 1 &&
    n - jokers - wilds >= 1
  ) {
    out.push({
      type: 'fullHouse',
      rank: RANKS[naturalRanks === 0 ? levelIdx : singleRank] ?? '2',
      length: 5,
    });
  }
}

/** GD-COMBO-6, DEC-GD-6: triple + pair of another rank; the key is the triple. */
function fullHouses(out: Reading[], perRank: readonly number[], wilds: number): void {
  for (let t = 0; t < 13; t += 1) {
    const ct = perRank[t] ?? 0;
    if (ct > 3 || ct + wilds < 3) continue;
    const left = wilds - (3 - ct);
    // The pair is whatever is left: its naturals must be one rank other than t.
    let pairRank = -1;
    let pairCount = 0;
    let ok = true;
    for (let r = 0; r < 13 && ok; r += 1) {
      const c = perRank[r] ?? 0;
      if (r === t || c === 0) continue;
      if (pairRank >= 0) ok = false;
      pairRank = r;
      pairCount = c;
    }
    if (!ok || pairCount > 2 || pairCount + left !== 2) continue;
    // A triple needs at least one natural unless the wildcards are the level card itself; with
    // three wildcards impossible (only two exist), ct >= 1 always holds here.
    out.push({ type: 'fullHouse', rank: RANKS[t] ?? '2', length: 5 });
  }
}

/**
 * Runs of `width` positions with `each` cards per position (GD-COMBO-3, 5, 7, 9): straights and
 * straight flushes (5×1), three consecutive pairs (3×2), two consecutive triples (2×3). A is low
 * (position 0) or high (13), never both, no wrap-around (GD-RANK-2).
 */
function sequences(
  out: Reading[],
  perRank: readonly number[],
  wilds: number,
  width: number,
  each: number,
  suitMask: number,
  rules: ComboRules,
): void {
  const naturals = perRank.reduce((sum, c) => sum + c, 0);
  for (let top = width - 1; top <= 13; top += 1) {
    let covered = 0;
    let fits = true;
    for (let p = top - width + 1; p <= top; p += 1) {
      const c = perRank[rankAtPosition(p)] ?? 0;
      if (c > each) {
        fits = false;
        break;
      }
      covered += c;
    }
    if (!fits || covered !== naturals || naturals + wilds !== width * each) continue;
    const rank = rankNameAtPosition(top);
    if (width === 5) {
      const flushSuit = singleSuit(suitMask);
      if (flushSuit !== null) out.push({ type: 'straightFlush', rank, length: 5, suit: flushSuit });
      if (flushSuit === null || rules.sameSuitRunMayBeStraight)
        out.push({ type: 'straight', rank, length: 5 });
    } else {
      out.push({ type: each === 2 ? 'pairSequence' : 'tripleSequence', rank, length: 6 });
    }
  }
}

function singleSuit(mask: number): (typeof SUITS)[number] | null {
  for (let s = 0; s < 4; s += 1) if (mask === 1 << s) return SUITS[s] ?? null;
  return null;
}
