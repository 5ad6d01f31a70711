import { BYE, type Bracket, type BracketMatch, type Slot } from './bracket';

/**
 * Bracket lines for 2^n seeds: seed 1 and seed 2 can meet only in the final, seeds 1–4 only in the
 * semi-finals, and so on; each round-1 match sets seed k against seed 2^n + 1 − k.
 * Interpretation (TRN-KO-1/2 open question): 000 asks for a "snake arrangement" by strength and
 * its chart image (附录五) is missing; this standard placement is the reading we use.
 */
export function bracketLines(size: number): number[] {
  if (!Number.isInteger(Math.log2(size)) || size < 2)
    throw new RangeError(`size: need a power of 2 ≥ 2, got ${size}`);
  let lines = [1, 2];
  while (lines.length < size) {
    const next = lines.length * 2 + 1;
    lines = lines.flatMap((seed) => [seed, next - seed]);
  }
  return lines;
}

export interface SingleKnockoutOptions {
  /** A play-off for 3rd and 4th between the semi-final losers (TRN-KO-1; 000 第三十条 exception). */
  readonly thirdPlace?: boolean;
}

/** The smallest power of 2 that holds the field (byes fill the rest). */
export function bracketSize(entrants: number): number {
  if (!Number.isInteger(entrants) || entrants < 2)
    throw new RangeError(`entrants: need at least 2, got ${entrants}`);
  return 2 ** Math.ceil(Math.log2(entrants));
}

/** Entrant ids must be distinct and never the bye's id. */
export function entrantsProblem(seeded: readonly string[]): void {
  if (new Set(seeded).size !== seeded.length) throw new RangeError('entrants: an entrant appears twice');
  if (seeded.includes(BYE)) throw new RangeError(`entrants: "${BYE}" is reserved for a bye`);
}

/** Round-1 slots: seed k on the line of seed k, empty seeds as byes, so the top seeds get the byes. */
export function firstRoundSlots(seeded: readonly string[], size: number): Slot[] {
  return bracketLines(size).map((seed): Slot => {
    const id = seeded[seed - 1];
    return id === undefined ? { kind: 'bye' } : { kind: 'entrant', id };
  });
}

/** Winners' rounds of a single-elimination tree over the given round-1 slots, ids `${prefix}R{r}-M{m}`. */
export function eliminationRounds(slots: readonly Slot[], prefix = ''): BracketMatch[][] {
  const rounds: BracketMatch[][] = [];
  let current: Slot[] = [...slots];
  for (let r = 1; current.length > 1; r += 1) {
    const matches: BracketMatch[] = [];
    for (let m = 0; m * 2 < current.length; m += 1) {
      const a = current[m * 2];
      const b = current[m * 2 + 1];
      if (a === undefined || b === undefined) break;
      matches.push({ id: `${prefix}R${r}-M${m + 1}`, round: r, a, b });
    }
    rounds.push(matches);
    current = matches.map((match): Slot => ({ kind: 'winner', of: match.id }));
  }
  return rounds;
}

/**
 * TRN-KO-1: single elimination over the entrants in seed order. Fewer than 2^n entrants get byes,
 * the strongest first; optionally a third-place play-off.
 */
export function singleKnockout(seeded: readonly string[], options: SingleKnockoutOptions = {}): Bracket {
  entrantsProblem(seeded);
  const size = bracketSize(seeded.length);
  const rounds = eliminationRounds(firstRoundSlots(seeded, size));
  const final = rounds[rounds.length - 1]?.[0];
  if (final === undefined) throw new RangeError('entrants: need at least 2');
  const matches = rounds.flat();
  const places: Bracket['places'][number][] = [
    { place: 1, winnerOf: final.id },
    { place: 2, loserOf: final.id },
  ];
  const [s1, s2] = rounds[rounds.length - 2] ?? [];
  if (options.thirdPlace === true && s1 !== undefined && s2 !== undefined) {
    matches.push({
      id: 'P3',
      round: final.round,
      a: { kind: 'loser', of: s1.id },
      b: { kind: 'loser', of: s2.id },
    });
    places.push({ place: 3, winnerOf: 'P3' }, { place: 4, loserOf: 'P3' });
  }
  return { matches, places };
}
