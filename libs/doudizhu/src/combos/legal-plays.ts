import type { Face } from '@tablecast/cards';
import { ACE, BIG_JOKER, RANK_COUNT, SMALL_JOKER, rankIndexOf, rankOfFace } from '../cards/rank-of';
import {
  DDZ_COMBO_TYPES,
  T_AIRPLANE,
  T_AIRPLANE_PAIRS,
  T_AIRPLANE_SINGLES,
  T_BOMB,
  T_FOUR_PAIRS,
  T_FOUR_SINGLES,
  T_PAIR,
  T_PAIR_SEQ,
  T_ROCKET,
  T_SINGLE,
  T_STRAIGHT,
  T_TRIPLE,
  T_TRIPLE_PAIR,
  T_TRIPLE_SINGLE,
  readingOf,
  type DdzReading,
} from './reading';

/** A candidate play: faces from the hand and the reading they are played as. */
export interface DdzPlay {
  readonly cards: readonly Face[];
  readonly as: DdzReading;
}

/** Return false to stop the enumeration. */
export type DdzPlayVisitor = (play: DdzPlay) => boolean | undefined;

const SUIT_ORDER = 'SHCD';
/** Stands in for an index the loops never miss; keeps the arrays' element type exact. */
const NO_FACE: Face = 'S3';

/**
 * Calls `visit` once for every distinct legal play from `hand` (DDZ-PLAY-2, DDZ-COMBO-*, DDZ-CMP-*):
 * leading (`toBeat` null) any combination, following the same type and length with a higher key
 * rank, or a bomb or the rocket. Plays differing only in suits are one play: each is listed once,
 * with the hand's cards of each rank taken in suit order ♠ ♥ ♣ ♦. The same cards under two
 * readings are two plays. Order: by type (DDZ_COMBO_TYPES order), then key rank, then length.
 */
export function forEachDdzLegalPlay(
  hand: readonly Face[],
  toBeat: DdzReading | null,
  visit: DdzPlayVisitor,
): void {
  run(new Generator(hand, null, visit), toBeat);
}

export function ddzLegalPlays(hand: readonly Face[], toBeat: DdzReading | null): DdzPlay[] {
  const out: DdzPlay[] = [];
  run(new Generator(hand, out, null), toBeat);
  return out;
}

function run(generator: Generator, toBeat: DdzReading | null): void {
  if (toBeat === null) generator.lead();
  else generator.follow(toBeat);
}

/** Whether any play beats `toBeat` (a follower who has none can only pass). */
export function hasDdzLegalPlay(hand: readonly Face[], toBeat: DdzReading | null): boolean {
  let found = false;
  forEachDdzLegalPlay(hand, toBeat, () => {
    found = true;
    return false;
  });
  return found;
}

class Generator {
  /** Cards held per rank. */
  private readonly c = new Uint8Array(RANK_COUNT);
  /** Index in `faces` of each rank's first card. */
  private readonly start = new Uint8Array(RANK_COUNT);
  /** The hand bucketed by rank, each rank's cards in suit order. */
  private readonly faces: Face[];
  /** Consecutive ranks ending here (≤ A) holding at least 1, 2, 3 cards: sequence lengths. */
  private readonly run1 = new Uint8Array(RANK_COUNT);
  private readonly run2 = new Uint8Array(RANK_COUNT);
  private readonly run3 = new Uint8Array(RANK_COUNT);
  private readonly size: number;
  /** Airplane wings: the ranks that may carry wings, how many each, the wing cards chosen so far. */
  private readonly candidateRank = new Int8Array(RANK_COUNT);
  private readonly candidateCap = new Int8Array(RANK_COUNT);
  /** The chain's cards, then the wing cards chosen so far; packed so `slice` copies it fast. */
  private readonly buffer = new Array<Face>(20).fill('S3');
  private chainLength = 0;
  private chainReading: DdzReading = readingOf(T_AIRPLANE, 1, 6);
  private stopped = false;

  /** Either collects every play into `out` (the common case, no callback) or calls `visit`. */
  constructor(
    hand: readonly Face[],
    private readonly out: DdzPlay[] | null,
    private readonly visit: DdzPlayVisitor | null,
  ) {
    const c = this.c;
    const n = hand.length;
    this.size = n;
    const ranks = new Int8Array(n);
    for (let i = 0; i < n; i += 1) {
      const rank = rankOfFace(hand[i] ?? NO_FACE);
      ranks[i] = rank;
      c[rank] = (c[rank] ?? 0) + 1;
    }
    let offset = 0;
    for (let r = 0; r < RANK_COUNT; r += 1) {
      this.start[r] = offset;
      offset += c[r] ?? 0;
    }
    const fill = new Uint8Array(RANK_COUNT);
    const faces = new Array<Face>(n);
    for (let i = 0; i < n; i += 1) {
      const rank = ranks[i] ?? 0;
      const face = hand[i] ?? NO_FACE;
      // Insertion within the rank's bucket (at most four cards) keeps suit order.
      let at = (this.start[rank] ?? 0) + (fill[rank] ?? 0);
      const base = this.start[rank] ?? 0;
      const suit = SUIT_ORDER.indexOf(face[0] ?? '');
      while (at > base && SUIT_ORDER.indexOf((faces[at - 1] ?? 'S3')[0] ?? '') > suit) {
        faces[at] = faces[at - 1] ?? NO_FACE;
        at -= 1;
      }
      faces[at] = face;
      fill[rank] = (fill[rank] ?? 0) + 1;
    }
    this.faces = faces;
    let a = 0;
    let b = 0;
    let d = 0;
    for (let r = 0; r <= ACE; r += 1) {
      const k = c[r] ?? 0;
      a = k >= 1 ? a + 1 : 0;
      b = k >= 2 ? b + 1 : 0;
      d = k >= 3 ? d + 1 : 0;
      this.run1[r] = a;
      this.run2[r] = b;
      this.run3[r] = d;
    }
  }

  lead(): void {
    this.sets(T_SINGLE, 1, -1);
    this.sets(T_PAIR, 2, -1);
    this.sets(T_TRIPLE, 3, -1);
    this.tripleWith(T_TRIPLE_SINGLE, 1, -1);
    this.tripleWith(T_TRIPLE_PAIR, 2, -1);
    this.sequences(T_STRAIGHT, 1, 5, 0, -1);
    this.sequences(T_PAIR_SEQ, 2, 3, 0, -1);
    this.sequences(T_AIRPLANE, 3, 2, 0, -1);
    this.airplanesWithSingles(0, -1);
    this.airplanesWithPairs(0, -1);
    this.fourWithSingles(-1);
    this.fourWithPairs(-1);
    this.sets(T_BOMB, 4, -1);
    this.rocket();
  }

  follow(toBeat: DdzReading): void {
    const type = DDZ_COMBO_TYPES.indexOf(toBeat.type);
    if (type === T_ROCKET) return;
    const min = toBeat.rank === undefined ? -1 : rankIndexOf(toBeat.rank);
    const length = toBeat.length;
    switch (type) {
      case T_SINGLE:
        this.sets(T_SINGLE, 1, min);
        break;
      case T_PAIR:
        this.sets(T_PAIR, 2, min);
        break;
      case T_TRIPLE:
        this.sets(T_TRIPLE, 3, min);
        break;
      case T_TRIPLE_SINGLE:
        this.tripleWith(T_TRIPLE_SINGLE, 1, min);
        break;
      case T_TRIPLE_PAIR:
        this.tripleWith(T_TRIPLE_PAIR, 2, min);
        break;
      case T_STRAIGHT:
        this.sequences(T_STRAIGHT, 1, 5, length, min);
        break;
      case T_PAIR_SEQ:
        this.sequences(T_PAIR_SEQ, 2, 3, length / 2, min);
        break;
      case T_AIRPLANE:
        this.sequences(T_AIRPLANE, 3, 2, length / 3, min);
        break;
      case T_AIRPLANE_SINGLES:
        this.airplanesWithSingles(length / 4, min);
        break;
      case T_AIRPLANE_PAIRS:
        this.airplanesWithPairs(length / 5, min);
        break;
      case T_FOUR_SINGLES:
        this.fourWithSingles(min);
        break;
      case T_FOUR_PAIRS:
        this.fourWithPairs(min);
        break;
      case T_BOMB:
        this.sets(T_BOMB, 4, min);
        this.rocket();
        return;
      default:
        return;
    }
    // DDZ-CMP-1: any bomb and the rocket beat every regular combination.
    this.sets(T_BOMB, 4, -1);
    this.rocket();
  }

  private emit(cards: Face[], type: number, rank: number): void {
    if (this.stopped) return;
    this.deliver(cards, readingOf(type, rank, cards.length));
  }

  private deliver(cards: Face[], as: DdzReading): void {
    const play: DdzPlay = { cards, as };
    if (this.out !== null) this.out.push(play);
    else if (this.visit?.(play) === false) this.stopped = true;
  }

  /** Appends `count` cards of `rank` to `cards`. */
  private take(cards: Face[], rank: number, count: number): void {
    const from = this.start[rank] ?? 0;
    for (let i = 0; i < count; i += 1) cards.push(this.faces[from + i] ?? NO_FACE);
  }

  /** Singles, pairs, triples and bombs: `width` cards of one rank above `min`. */
  private sets(type: number, width: number, min: number): void {
    const c = this.c;
    for (let r = min + 1; r < RANK_COUNT; r += 1) {
      if ((c[r] ?? 0) < width) continue;
      if (width === 4 && c[r] !== 4) continue;
      const cards: Face[] = [];
      this.take(cards, r, width);
      this.emit(cards, type, r);
    }
  }

  /** DDZ-COMBO-6: a triple above `min` with one single or one pair of another rank. */
  private tripleWith(type: number, kicker: number, min: number): void {
    const c = this.c;
    for (let r = min + 1; r < RANK_COUNT; r += 1) {
      if ((c[r] ?? 0) < 3) continue;
      for (let k = 0; k < RANK_COUNT; k += 1) {
        if (k === r || (c[k] ?? 0) < kicker) continue;
        const f = this.faces;
        const t = this.start[r] ?? 0;
        const w = this.start[k] ?? 0;
        const triple0 = f[t] ?? NO_FACE;
        const triple1 = f[t + 1] ?? NO_FACE;
        const triple2 = f[t + 2] ?? NO_FACE;
        this.emit(
          kicker === 1
            ? [triple0, triple1, triple2, f[w] ?? NO_FACE]
            : [triple0, triple1, triple2, f[w] ?? NO_FACE, f[w + 1] ?? NO_FACE],
          type,
          r,
        );
      }
    }
  }

  /**
   * Straights, pair sequences and airplanes (DDZ-COMBO-7/8/9): `width` cards of each of
   * `units` consecutive ranks up to the A; `units` 0 means every length from `minUnits`.
   */
  private sequences(type: number, width: number, minUnits: number, units: number, min: number): void {
    const run = width === 1 ? this.run1 : width === 2 ? this.run2 : this.run3;
    const maxUnits = width === 1 ? 12 : Math.floor(20 / width);
    for (let hi = Math.max(min + 1, 0); hi <= ACE; hi += 1) {
      const longest = run[hi] ?? 0;
      const from = units === 0 ? minUnits : units;
      const to = units === 0 ? Math.min(longest, maxUnits) : Math.min(units, longest);
      for (let u = from; u <= to; u += 1) {
        const cards: Face[] = [];
        for (let r = hi - u + 1; r <= hi; r += 1) this.take(cards, r, width);
        this.emit(cards, type, hi);
      }
    }
  }

  /** Airplane chains of `k` triples (0: every k ≥ 2 that fits with its wings) ending above `min`. */
  private chains(k: number, perUnit: number, min: number, each: (lo: number, hi: number) => void): void {
    for (let hi = Math.max(min + 1, 1); hi <= ACE; hi += 1) {
      const longest = this.run3[hi] ?? 0;
      const from = k === 0 ? 2 : k;
      const to = k === 0 ? Math.min(longest, Math.floor(this.size / perUnit)) : Math.min(k, longest);
      for (let u = from; u <= to; u += 1) each(hi - u + 1, hi);
    }
  }

  /** DDZ-COMBO-10, DEC-DDZ-3: k single wings of non-chain ranks; no rocket, no four, no triple next to the chain. */
  private airplanesWithSingles(k: number, min: number): void {
    this.chains(k, 4, min, (lo, hi) => {
      const units = hi - lo + 1;
      if (4 * units > this.size) return;
      const c = this.c;
      let candidates = 0;
      for (let r = 0; r < RANK_COUNT; r += 1) {
        const held = c[r] ?? 0;
        if (held === 0 || (r >= lo && r <= hi)) continue;
        // How many of this rank the wings may hold: never 4, never 3 next to the chain.
        const cap = r === lo - 1 || r === hi + 1 ? 2 : 3;
        this.candidateRank[candidates] = r;
        this.candidateCap[candidates] = held < cap ? held : cap;
        candidates += 1;
      }
      this.chainOf(lo, hi);
      this.chainReading = readingOf(T_AIRPLANE_SINGLES, hi, 4 * units);
      this.singleWings(units, 0, 0, candidates, false);
    });
  }

  /** Chooses wings `chosen`… from candidates `from`… in rank order, a rank's cards taken together. */
  private singleWings(
    units: number,
    chosen: number,
    from: number,
    candidates: number,
    smallJoker: boolean,
  ): void {
    const room = units - chosen;
    const at = this.chainLength + chosen;
    if (room === 1) {
      // The last wing: emit straight from the loop (most of the plays are made here).
      for (let j = from; j < candidates && !this.stopped; j += 1) {
        const r = this.candidateRank[j] ?? 0;
        if (r === BIG_JOKER && smallJoker) continue;
        this.buffer[at] = this.faces[this.start[r] ?? 0] ?? NO_FACE;
        this.emitChain(units);
      }
      return;
    }
    for (let j = from; j < candidates && !this.stopped; j += 1) {
      const r = this.candidateRank[j] ?? 0;
      if (r === BIG_JOKER && smallJoker) continue;
      const held = this.candidateCap[j] ?? 0;
      const cap = held < room ? held : room;
      const first = this.start[r] ?? 0;
      const joker = smallJoker || r === SMALL_JOKER;
      for (let m = 1; m <= cap; m += 1) {
        this.buffer[at + m - 1] = this.faces[first + m - 1] ?? NO_FACE;
        if (m === room) this.emitChain(units);
        else this.singleWings(units, chosen + m, j + 1, candidates, joker);
      }
    }
  }

  /** DDZ-COMBO-10: k pairs of distinct non-chain ranks. */
  private airplanesWithPairs(k: number, min: number): void {
    this.chains(k, 5, min, (lo, hi) => {
      const units = hi - lo + 1;
      if (5 * units > this.size) return;
      const c = this.c;
      let candidates = 0;
      for (let r = 0; r < SMALL_JOKER; r += 1) {
        if ((c[r] ?? 0) < 2 || (r >= lo && r <= hi)) continue;
        this.candidateRank[candidates] = r;
        candidates += 1;
      }
      if (candidates < units) return;
      this.chainOf(lo, hi);
      this.chainReading = readingOf(T_AIRPLANE_PAIRS, hi, 5 * units);
      this.pairWings(units, 0, 0, candidates);
    });
  }

  private pairWings(units: number, chosen: number, from: number, candidates: number): void {
    if (chosen === 2 * units) {
      this.emitChain(chosen);
      return;
    }
    for (let j = from; j < candidates && !this.stopped; j += 1) {
      const first = this.start[this.candidateRank[j] ?? 0] ?? 0;
      this.buffer[this.chainLength + chosen] = this.faces[first] ?? NO_FACE;
      this.buffer[this.chainLength + chosen + 1] = this.faces[first + 1] ?? NO_FACE;
      this.pairWings(units, chosen + 2, j + 1, candidates);
    }
  }

  /** Puts the chain's triples, low to high, at the head of the buffer. */
  private chainOf(lo: number, hi: number): void {
    let at = 0;
    for (let r = lo; r <= hi; r += 1) {
      const first = this.start[r] ?? 0;
      for (let i = 0; i < 3; i += 1) this.buffer[at++] = this.faces[first + i] ?? NO_FACE;
    }
    this.chainLength = at;
  }

  /** Emits the current chain with the first `wings` wing cards. */
  private emitChain(wings: number): void {
    this.deliver(this.buffer.slice(0, this.chainLength + wings), this.chainReading);
  }

  /** DDZ-COMBO-11, DEC-DDZ-3: four of a kind with two singles (one rank allowed), never the rocket. */
  private fourWithSingles(min: number): void {
    const c = this.c;
    for (let r = min + 1; r <= ACE + 1; r += 1) {
      if (c[r] !== 4) continue;
      for (let a = 0; a < RANK_COUNT; a += 1) {
        if (a === r || (c[a] ?? 0) === 0) continue;
        for (let b = a; b < RANK_COUNT; b += 1) {
          if (b === r || (c[b] ?? 0) === 0 || (b === a && (c[a] ?? 0) < 2)) continue;
          if (a === SMALL_JOKER && b === BIG_JOKER) continue;
          const cards: Face[] = [];
          this.take(cards, r, 4);
          if (a === b) this.take(cards, a, 2);
          else {
            this.take(cards, a, 1);
            this.take(cards, b, 1);
          }
          this.emit(cards, T_FOUR_SINGLES, r);
        }
      }
    }
  }

  /** DDZ-COMBO-11: four of a kind with two pairs of two other ranks (one rank twice is a bomb). */
  private fourWithPairs(min: number): void {
    const c = this.c;
    for (let r = min + 1; r <= ACE + 1; r += 1) {
      if (c[r] !== 4) continue;
      for (let a = 0; a < SMALL_JOKER; a += 1) {
        if (a === r || (c[a] ?? 0) < 2) continue;
        for (let b = a + 1; b < SMALL_JOKER; b += 1) {
          if (b === r || (c[b] ?? 0) < 2) continue;
          const cards: Face[] = [];
          this.take(cards, r, 4);
          this.take(cards, a, 2);
          this.take(cards, b, 2);
          this.emit(cards, T_FOUR_PAIRS, r);
        }
      }
    }
  }

  /** DDZ-COMBO-1. */
  private rocket(): void {
    if (this.c[SMALL_JOKER] === 1 && this.c[BIG_JOKER] === 1) {
      const cards: Face[] = [];
      this.take(cards, SMALL_JOKER, 1);
      this.take(cards, BIG_JOKER, 1);
      this.emit(cards, T_ROCKET, 0);
    }
  }
}
