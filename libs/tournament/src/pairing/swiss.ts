import Decimal from 'decimal.js';
import { drawByLot } from './draw';
import { searchPairing } from './match-search';
import { DEFAULT_SWISS_OPTIONS, type SwissOptions } from './swiss-options';

/** One entrant as the pairing sees it: cumulative scores exact (DEC-T-2), never floats. */
export interface SwissEntrant {
  readonly id: string;
  /** Cumulative match points (场分), e.g. "7.5". */
  readonly score: Decimal.Value;
  /** Cumulative level points (级分), the second key when match points are equal (TRN-SWISS-1). */
  readonly levelPoints?: Decimal.Value;
  /** The organisation (单位), for TRN-SWISS-7. */
  readonly unit?: string;
  /** The pair number (编号); defaults to the position in the entrant list, from 1. */
  readonly number?: number;
  /** Byes already had (TRN-SWISS-8). */
  readonly byes?: number;
}

export interface SwissRoundInput {
  /** The round being paired, from 1. */
  readonly round: number;
  /** The entrants still in the event (a withdrawn pair is left out: TRN-WD-2). */
  readonly entrants: readonly SwissEntrant[];
  /** Every meeting so far, as pairs of ids; ids no longer entered are ignored. */
  readonly history: readonly (readonly [string, string])[];
}

export type SwissConstraint = 'oneByeEach' | 'sameUnit' | 'noRematch';

/** A constraint the pairing could not meet, with the rule it comes from and why it was let go. */
export interface Relaxation {
  readonly constraint: SwissConstraint;
  readonly rule: string;
  readonly reason: string;
}

export type SwissPairing =
  | {
      readonly ok: true;
      readonly pairs: (readonly [string, string])[];
      readonly bye: string | null;
      readonly relaxed: Relaxation[];
    }
  | { readonly ok: false; readonly rule?: string; readonly error: string };

const RULE_OF: Record<SwissConstraint, string> = {
  oneByeEach: 'TRN-SWISS-8',
  sameUnit: 'TRN-SWISS-7',
  noRematch: 'TRN-SWISS-1',
};

interface Ranked {
  readonly entrant: SwissEntrant;
  readonly index: number;
  readonly score: Decimal;
  readonly level: Decimal;
  readonly number: number;
}

/**
 * Pairs one Swiss round (TRN-SWISS-1, -7, -8): high against high by cumulative match points then
 * level points, no rematch, no same-unit meeting in the last two rounds, one bye for an odd field.
 * When no pairing meets every constraint it lets go of the weakest one first (a second bye, then
 * the same-unit rule, then, only if asked, the rematch rule) and says which and why.
 */
export function pairSwissRound(input: SwissRoundInput, options: Partial<SwissOptions> = {}): SwissPairing {
  const opts: SwissOptions = { ...DEFAULT_SWISS_OPTIONS, ...options };
  const problem = inputProblem(input, opts);
  if (problem !== null) return { ok: false, error: problem };
  const n = input.entrants.length;
  const ranked = standingsOrder(input.entrants);
  const drawn = input.round === 1 && opts.firstRound === 'lot' ? drawByLot(ranked, opts.seed ?? '') : null;
  const orderFor = (bye: number | null): number[] =>
    pickOrder(
      (drawn ?? ranked).filter((r) => r.index !== bye),
      input.round,
      opts,
    );
  // The bye goes to the lowest-placed pair first, or the last drawn in a draw by lot
  // (TRN-SWISS-8 open question; see SwissOptions.bye).
  const byeOrder = [...(drawn ?? ranked)].reverse();
  const index = new Map(input.entrants.map((e, i) => [e.id, i]));
  const met = new Uint8Array(n * n);
  for (const [a, b] of input.history) {
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined) continue;
    met[i * n + j] = 1;
    met[j * n + i] = 1;
  }
  const unitsActive =
    opts.avoidSameUnit === true ||
    (opts.totalRounds !== undefined && input.round >= opts.totalRounds - 1 && input.round > 1);
  const byeRelevant = n % 2 === 1 && opts.bye === 'lowestWithoutBye';

  const tiers: SwissConstraint[][] = [];
  const on = new Set<SwissConstraint>(['noRematch']);
  if (unitsActive) on.add('sameUnit');
  if (byeRelevant) on.add('oneByeEach');
  tiers.push([...on]);
  for (const weakest of ['oneByeEach', 'sameUnit'] as const) if (on.delete(weakest)) tiers.push([...on]);
  if (opts.whenNoLegalPairing === 'allowRematch') {
    on.delete('noRematch');
    tiers.push([...on]);
  }

  const relaxed: Relaxation[] = [];
  let lastFailure = '';
  let previous = new Set(tiers[0]);
  for (const tier of tiers) {
    const active = new Set(tier);
    for (const dropped of previous)
      if (!active.has(dropped)) relaxed.push(relaxation(dropped, n, lastFailure));
    previous = active;
    const found = tryTier(ranked, byeOrder, orderFor, active, met, opts);
    if (found.pairs !== null) {
      const ids = input.entrants.map((e) => e.id);
      return {
        ok: true,
        pairs: found.pairs.map(([a, b]) => [ids[a] ?? '', ids[b] ?? ''] as const),
        bye: found.bye === null ? null : (ids[found.bye] ?? null),
        relaxed,
      };
    }
    lastFailure = found.exhausted ? `the search budget of ${opts.budget} steps ran out` : 'no pairing exists';
  }
  return {
    ok: false,
    rule: 'TRN-SWISS-1',
    error: `no pairing of round ${input.round} avoids a rematch (${lastFailure}); no two pairs may meet twice`,
  };
}

function relaxation(constraint: SwissConstraint, n: number, why: string): Relaxation {
  const what: Record<SwissConstraint, string> = {
    oneByeEach:
      'every pair that could take the bye has had one already, or giving it to one leaves the rest unpairable',
    sameUnit: `no pairing of the ${n} entrants keeps pairs of one unit apart without a rematch`,
    noRematch: `no pairing of the ${n} entrants avoids a rematch`,
  };
  return { constraint, rule: RULE_OF[constraint], reason: `${what[constraint]} (${why})` };
}

function inputProblem(input: SwissRoundInput, opts: SwissOptions): string | null {
  if (!Number.isInteger(input.round) || input.round < 1) return 'round: must be an integer ≥ 1';
  if (input.entrants.length < 2) return 'entrants: at least 2 are needed to pair a round';
  const seen = new Set<string>();
  for (const [i, e] of input.entrants.entries()) {
    if (seen.has(e.id)) return `entrants[${i}].id: ${e.id} appears twice`;
    seen.add(e.id);
    try {
      new Decimal(e.score);
      new Decimal(e.levelPoints ?? 0);
    } catch {
      return `entrants[${i}].score: not a number`;
    }
  }
  if (opts.firstRound === 'lot' && input.round === 1 && opts.seed === undefined)
    return 'seed: a draw by lot needs a seed';
  return null;
}

/** TRN-SWISS-1: match points, then level points, higher first; then the pair number. */
function standingsOrder(entrants: readonly SwissEntrant[]): Ranked[] {
  return entrants
    .map((entrant, index) => ({
      entrant,
      index,
      score: new Decimal(entrant.score),
      level: new Decimal(entrant.levelPoints ?? 0),
      number: entrant.number ?? index + 1,
    }))
    .sort((x, y) => y.score.cmp(x.score) || y.level.cmp(x.level) || x.number - y.number);
}

/** The order in which entrants are taken and offered opponents (nearest in this order first). */
function pickOrder(ranked: readonly Ranked[], round: number, opts: SwissOptions): number[] {
  const idx = ranked.map((r) => r.index);
  if (round === 1) {
    if (opts.firstRound === 'lot') return idx;
    const half = idx.length / 2;
    const out: number[] = [];
    for (let k = 0; k < half; k += 1) {
      const one = idx[k];
      const other = opts.firstRound === 'fold' ? idx[idx.length - 1 - k] : idx[half + k];
      if (one !== undefined && other !== undefined) out.push(one, other);
    }
    return out;
  }
  if (opts.rules === '000') return idx;
  const even = round % 2 === 0;
  if (opts.smallLargeMeans === 'standings') return even ? [...idx].reverse() : idx;
  const groups: Ranked[][] = [];
  for (const r of ranked) {
    const last = groups[groups.length - 1];
    if (last !== undefined && last[0]?.score.eq(r.score) === true) last.push(r);
    else groups.push([r]);
  }
  return groups.flatMap((g) =>
    [...g].sort((x, y) => (even ? y.number - x.number : x.number - y.number)).map((r) => r.index),
  );
}

function tryTier(
  ranked: readonly Ranked[],
  byeOrder: readonly Ranked[],
  orderFor: (bye: number | null) => number[],
  active: ReadonlySet<SwissConstraint>,
  met: Uint8Array,
  opts: SwissOptions,
): { pairs: (readonly [number, number])[] | null; bye: number | null; exhausted: boolean } {
  const n = ranked.length;
  const allowed = new Uint8Array(n * n);
  const byIndex = new Map(ranked.map((r) => [r.index, r.entrant]));
  for (let a = 0; a < n; a += 1)
    for (let b = 0; b < n; b += 1) {
      if (a === b) continue;
      if (active.has('noRematch') && met[a * n + b] === 1) continue;
      const ua = byIndex.get(a)?.unit;
      if (active.has('sameUnit') && ua !== undefined && ua === byIndex.get(b)?.unit) continue;
      allowed[a * n + b] = 1;
    }
  let budget = opts.budget;
  let exhausted = false;
  const byeCandidates: (number | null)[] =
    n % 2 === 0
      ? [null]
      : byeOrder
          .map((r) => r.index)
          .filter((i) => !active.has('oneByeEach') || (byIndex.get(i)?.byes ?? 0) === 0);
  for (const bye of byeCandidates) {
    const seq = orderFor(bye);
    const found = searchPairing(seq, n, allowed, budget);
    budget -= found.steps;
    if (found.pairs !== null) return { pairs: found.pairs, bye, exhausted: false };
    exhausted ||= found.exhausted;
    if (budget <= 0) break;
  }
  return { pairs: null, bye: null, exhausted };
}
