import { LEVELS } from '../scoring/levels';
import { playedResult } from '../scoring/record';
import type { Ruleset, ScoredResult } from '../scoring/result';

/**
 * A small deterministic generator (a linear congruential one): the same seed draws the same
 * numbers, so one seed is one whole event, and a spec's failure replays.
 */
export function seededRandom(seed: number): (bound: number) => number {
  let state = seed >>> 0;
  return (bound) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % bound;
  };
}

/** The items in a random order drawn from `next` (Fisher–Yates, from the last place down). */
export function shuffled<T>(items: readonly T[], next: (bound: number) => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = next(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export interface SeededEvent {
  readonly entrants: string[];
  readonly results: ScoredResult[];
}

/**
 * An event of `entrantCount` pairs named P001…, every round paired at random and every match
 * played to random final levels, so every tie-break step has work to do. Always the same event
 * for the same arguments; `nameWidth` pads the pairs' numbers.
 */
export function seededEvent(
  ruleset: Ruleset,
  entrantCount: number,
  rounds: number,
  nameWidth = 3,
): SeededEvent {
  const next = seededRandom(0x2545f491);
  const level = () => LEVELS[next(LEVELS.length)] ?? '2';
  const entrants = Array.from(
    { length: entrantCount },
    (_, i) => `P${String(i + 1).padStart(nameWidth, '0')}`,
  );
  const results: ScoredResult[] = [];
  for (let round = 1; round <= rounds; round++) {
    const order = shuffled(entrants, next);
    for (let t = 0; t + 1 < order.length; t += 2)
      results.push(
        playedResult(
          ruleset,
          { id: `r${String(round)}-t${String(t / 2 + 1)}`, round },
          { entrant: order[t] ?? '', level: level() },
          { entrant: order[t + 1] ?? '', level: level() },
        ),
      );
  }
  return { entrants, results };
}
