import { FACES, RANKS, SUITS, type Face, type Rank } from '@tablecast/cards';
import type { ComboType, Reading } from '../model/reading';
import { beats } from './compare';
import {
  BJ_INDEX,
  countFaces,
  DEFAULT_COMBO_RULES,
  RJ_INDEX,
  wildFaceIndex,
  type ComboRules,
} from './counts';
import { rankAtPosition, rankNameAtPosition } from './order';

/** Read once: the barrel re-exports through getters, too slow for the inner loop. */
const FACE_TABLE: readonly Face[] = [...FACES];

/** A candidate play: faces from the hand and the reading they are played as. */
export interface Play {
  readonly cards: readonly Face[];
  readonly as: Reading;
}

/** Return false to stop the enumeration. */
export type PlayVisitor = (play: Play) => boolean | undefined;

/**
 * Calls `visit` once for every distinct legal play (GD-PLAY-1/2, GD-CMP-*): distinct by the
 * multiset of faces used and the reading. Two physical copies of a face are interchangeable for the
 * rules, so a play is listed once per face multiset; the decider accepts any copies the player holds.
 * `toBeat` null means leading.
 */
export function forEachLegalPlay(
  hand: readonly Face[],
  toBeat: Reading | null,
  level: Rank,
  visit: PlayVisitor,
  rules: ComboRules = DEFAULT_COMBO_RULES,
): void {
  new Enumerator(countFaces(hand), RANKS.indexOf(level), level, toBeat, visit, rules).run();
}

export function legalPlays(
  hand: readonly Face[],
  toBeat: Reading | null,
  level: Rank,
  rules: ComboRules = DEFAULT_COMBO_RULES,
): Play[] {
  const out: Play[] = [];
  forEachLegalPlay(
    hand,
    toBeat,
    level,
    (play) => {
      out.push(play);
      return true;
    },
    rules,
  );
  return out;
}

/**
 * The legal plays of one combination type only, e.g. for an operator asking "which straights?";
 * bots use it to pick a type first, which is far cheaper than enumerating every lead.
 */
export function legalPlaysOfType(
  hand: readonly Face[],
  toBeat: Reading | null,
  level: Rank,
  type: ComboType,
  rules: ComboRules = DEFAULT_COMBO_RULES,
): Play[] {
  const out: Play[] = [];
  const visit: PlayVisitor = (play) => {
    out.push(play);
    return true;
  };
  new Enumerator(countFaces(hand), RANKS.indexOf(level), level, toBeat, visit, rules).run(type);
  return out;
}

/** Whether any legal play exists; stops at the first one found. */
export function hasLegalPlay(
  hand: readonly Face[],
  toBeat: Reading | null,
  level: Rank,
  rules: ComboRules = DEFAULT_COMBO_RULES,
): boolean {
  let found = false;
  forEachLegalPlay(
    hand,
    toBeat,
    level,
    () => {
      found = true;
      return false;
    },
    rules,
  );
  return found;
}

class Enumerator {
  private stopped = false;
  private readonly wildIdx: number;
  private readonly wilds: number;
  private readonly wildFace: Face;
  /** Memo: per rank, per size, the natural face-index multisets of that size. */
  private readonly subsetMemo: (number[][] | undefined)[] = [];
  /** Natural (non-wild, non-joker) cards held per rank. */
  private readonly naturalCount = new Array<number>(13).fill(0);

  constructor(
    private readonly counts: Uint8Array,
    private readonly levelIdx: number,
    private readonly level: Rank,
    private readonly toBeat: Reading | null,
    private readonly visit: PlayVisitor,
    private readonly rules: ComboRules,
  ) {
    this.wildIdx = wildFaceIndex(levelIdx);
    this.wilds = counts[this.wildIdx] ?? 0;
    this.wildFace = FACES[this.wildIdx] ?? 'RJ';
    for (let i = 0; i < 52; i += 1) {
      if (i !== this.wildIdx) this.naturalCount[i % 13] = (this.naturalCount[i % 13] ?? 0) + (counts[i] ?? 0);
    }
  }

  /** `only`: restrict to one combination type (the caller's filter; the rules still apply). */
  run(only?: ComboType): void {
    const type = this.toBeat?.type;
    const want = (t: ComboType): boolean =>
      (only === undefined || only === t) && (type === undefined || type === t);
    if (want('single')) this.singles();
    if (want('pair')) this.sameRank(2, 'pair');
    if (want('triple')) this.sameRank(3, 'triple');
    if (want('fullHouse')) this.fullHouses();
    if (want('straight')) this.runs(5, 1, false);
    if (want('pairSequence')) this.runs(3, 2, false);
    if (want('tripleSequence')) this.runs(2, 3, false);
    // Bomb-class plays follow anything but four jokers (GD-CMP-4…7).
    if (type !== 'fourJokers') {
      if (only === undefined || only === 'bomb') {
        for (let n = 4; n <= this.rules.maxBombLength; n += 1) this.sameRank(n, 'bomb');
      }
      if (only === undefined || only === 'straightFlush') this.runs(5, 1, true);
    }
    if (only === undefined || only === 'fourJokers') this.fourJokers();
  }

  /** Whether plays read as `reading` are worth generating at all (GD-CMP-*), checked before enumerating. */
  private allowed(reading: Reading): boolean {
    return this.toBeat === null || beats(reading, this.toBeat, this.level);
  }

  /** Emits the faces `a` + `b` + `wildCount` wildcards as `reading`; callers have checked `allowed`. */
  private emit(a: readonly number[], b: readonly number[] | null, wildCount: number, reading: Reading): void {
    if (this.stopped) return;
    const cards: Face[] = [];
    for (const i of a) cards.push(FACE_TABLE[i] ?? 'RJ');
    if (b !== null) for (const i of b) cards.push(FACE_TABLE[i] ?? 'RJ');
    for (let k = 0; k < wildCount; k += 1) cards.push(this.wildFace);
    if (this.visit({ cards, as: reading }) === false) this.stopped = true;
  }

  private singles(): void {
    for (let i = 0; i < 54; i += 1) {
      if ((this.counts[i] ?? 0) === 0) continue;
      const rank = i === BJ_INDEX ? 'BJ' : i === RJ_INDEX ? 'RJ' : (RANKS[i % 13] ?? '2');
      const reading: Reading = { type: 'single', rank, length: 1 };
      if (this.allowed(reading)) this.emit([i], null, 0, reading);
    }
  }

  /** Pairs, triples and bombs of one rank (GD-COMBO-2, 4, 8), naturals topped up with wildcards. */
  private sameRank(n: number, type: 'pair' | 'triple' | 'bomb'): void {
    for (let r = 0; r < 13; r += 1) {
      const natural = this.naturalCount[r] ?? 0;
      if (natural + this.wilds < n) continue;
      const reading: Reading = { type, rank: RANKS[r] ?? '2', length: n };
      if (!this.allowed(reading)) continue;
      for (let k = Math.max(0, n - natural); k <= Math.min(this.wilds, n); k += 1) {
        // Wildcards alone read as the level card (GD-WILD-3), so only the level rank takes them bare.
        if (k === n && r !== this.levelIdx) continue;
        for (const naturals of this.subsets(r, n - k)) this.emit(naturals, null, k, reading);
      }
    }
    if (type === 'pair') {
      // GD-RANK-3: identical jokers pair up.
      for (const [joker, rank] of [
        [BJ_INDEX, 'BJ'],
        [RJ_INDEX, 'RJ'],
      ] as const) {
        const reading: Reading = { type, rank, length: 2 };
        if ((this.counts[joker] ?? 0) === 2 && this.allowed(reading))
          this.emit([joker, joker], null, 0, reading);
      }
    }
  }

  /** GD-COMBO-6, DEC-GD-6: a triple and a pair of another rank (or of identical jokers). */
  private fullHouses(): void {
    for (let t = 0; t < 13; t += 1) {
      if ((this.naturalCount[t] ?? 0) === 0) continue;
      const reading: Reading = { type: 'fullHouse', rank: RANKS[t] ?? '2', length: 5 };
      if (!this.allowed(reading)) continue;
      for (let k1 = 0; k1 <= Math.min(2, this.wilds); k1 += 1) {
        for (const triple of this.subsets(t, 3 - k1)) {
          const spare = this.wilds - k1;
          // A pair of two wildcards reads the same whatever rank it stands for: list it once.
          if (spare >= 2) this.emit(triple, null, k1 + 2, reading);
          for (let p = 0; p < 13; p += 1) {
            if (p === t || (this.naturalCount[p] ?? 0) === 0) continue;
            for (let k2 = 0; k2 <= Math.min(1, spare); k2 += 1) {
              for (const pair of this.subsets(p, 2 - k2)) this.emit(triple, pair, k1 + k2, reading);
            }
          }
          for (const joker of [BJ_INDEX, RJ_INDEX]) {
            if ((this.counts[joker] ?? 0) === 2) this.emit(triple, [joker, joker], k1, reading);
          }
        }
      }
    }
  }

  /**
   * Sequences of `width` positions × `each` cards (GD-COMBO-3, 5, 7, 9). With `flush`, straight
   * flushes: one suit per run, wildcards taking any suit (GD-WILD-1).
   */
  private runs(width: number, each: number, flush: boolean): void {
    const type =
      each === 2 ? 'pairSequence' : each === 3 ? 'tripleSequence' : flush ? 'straightFlush' : 'straight';
    for (let top = width - 1; top <= 13; top += 1) {
      const rank = rankNameAtPosition(top);
      if (flush) {
        for (let s = 0; s < 4; s += 1) {
          if (this.missing(top - width + 1, top, 1, s) > this.wilds) continue;
          const reading: Reading = { type, rank, length: 5, suit: SUITS[s] ?? 'S' };
          if (this.allowed(reading)) this.runFrom(top - width + 1, top, each, [], 0, reading, s);
        }
      } else {
        if (this.missing(top - width + 1, top, each, -1) > this.wilds) continue;
        const reading: Reading = { type, rank, length: width * each };
        if (this.allowed(reading)) this.runFrom(top - width + 1, top, each, [], 0, reading, -1);
      }
    }
  }

  /** Cards short of a full run from `low` to `top` (one suit if `suit` >= 0): the wildcards it would need. */
  private missing(low: number, top: number, each: number, suit: number): number {
    let short = 0;
    for (let p = low; p <= top; p += 1) {
      const r = rankAtPosition(p);
      const have =
        suit >= 0
          ? suit * 13 + r === this.wildIdx
            ? 0
            : (this.counts[suit * 13 + r] ?? 0)
          : (this.naturalCount[r] ?? 0);
      short += Math.max(0, each - have);
    }
    return short;
  }

  private runFrom(
    position: number,
    top: number,
    each: number,
    chosen: number[],
    wildsUsed: number,
    reading: Reading,
    suit: number,
  ): void {
    if (this.stopped) return;
    if (position > top) {
      // Q-SF, DEC-GD-4: a same-suit run is a plain straight only where the ruleset allows it.
      if (reading.type === 'straight' && !this.rules.sameSuitRunMayBeStraight && sameSuit(chosen)) return;
      this.emit(chosen, null, wildsUsed, reading);
      return;
    }
    const r = rankAtPosition(position);
    for (let m = each; m >= 0; m -= 1) {
      const k = each - m;
      if (wildsUsed + k > this.wilds) continue;
      for (const naturals of this.subsets(r, m)) {
        if (suit >= 0 && !allOfSuit(naturals, suit)) continue;
        for (const i of naturals) chosen.push(i);
        this.runFrom(position + 1, top, each, chosen, wildsUsed + k, reading, suit);
        for (let j = naturals.length; j > 0; j -= 1) chosen.pop();
      }
    }
  }

  private fourJokers(): void {
    const reading: Reading = { type: 'fourJokers', length: 4 };
    if ((this.counts[BJ_INDEX] ?? 0) === 2 && (this.counts[RJ_INDEX] ?? 0) === 2 && this.allowed(reading)) {
      this.emit([BJ_INDEX, BJ_INDEX, RJ_INDEX, RJ_INDEX], null, 0, reading);
    }
  }

  /** Natural (non-wild) face multisets of rank `r` and exactly `size` cards from the hand. */
  private subsets(r: number, size: number): number[][] {
    const key = r * 16 + size;
    const memo = this.subsetMemo[key];
    if (memo !== undefined) return memo;
    const pool: number[] = [];
    for (let s = 0; s < 4; s += 1) {
      const i = s * 13 + r;
      if (i !== this.wildIdx) for (let c = 0; c < (this.counts[i] ?? 0); c += 1) pool.push(i);
    }
    const out: number[][] = [];
    pick(pool, 0, size, [], out);
    this.subsetMemo[key] = out;
    return out;
  }
}

/** Distinct multisets of `size` from a sorted pool with repeats. */
function pick(pool: readonly number[], from: number, size: number, acc: number[], out: number[][]): void {
  if (size === 0) {
    out.push([...acc]);
    return;
  }
  for (let i = from; i < pool.length; i += 1) {
    if (i > from && pool[i] === pool[i - 1]) continue;
    acc.push(pool[i] ?? 0);
    pick(pool, i + 1, size - 1, acc, out);
    acc.pop();
  }
}

function sameSuit(indices: readonly number[]): boolean {
  const first = indices[0];
  return first !== undefined && indices.every((i) => Math.floor(i / 13) === Math.floor(first / 13));
}

function allOfSuit(indices: readonly number[], suit: number): boolean {
  for (const i of indices) if (Math.floor(i / 13) !== suit) return false;
  return true;
}
