import { Decimal } from 'decimal.js';
import type { Contribution, StepExplanation, StepValue } from './explanation';

/** A step's value for one entry, with the terms it was computed from. */
export interface StepResult {
  readonly value: StepValue;
  readonly contributions: readonly Contribution[];
  /**
   * The same value as an exact safe integer in some fixed unit (tenths, seconds), where the step
   * has one: groups whose members all carry it are compared on it without decimal parsing.
   */
  readonly sortKey?: number;
}

/** One step of a tie-break chain. `tied` is the group still equal on every earlier step. */
export interface ChainStep<E> {
  readonly key: string;
  readonly better: 'higher' | 'lower';
  readonly method: string;
  /** `explain` false: the contributions may be left out (nobody reads them). */
  compute(entry: E, tied: readonly E[], explain: boolean): StepResult;
}

export interface Chain<E> {
  readonly rule: string;
  readonly steps: readonly ChainStep<E>[];
  readonly idOf: (entry: E) => string;
}

export interface Ranked<E> {
  readonly entry: E;
  /** Competition ranking: entries equal on every step share a rank, and later ranks are skipped. */
  readonly rank: number;
  readonly explanations: readonly StepExplanation[];
}

export interface FinalStep {
  /** False: ranks only, no explanations kept (an earlier round's ranking, TRN-TB-2 step 7). */
  readonly explain?: boolean;
  /**
   * The chain's last step: a shared place, or the order drawn by lot or settled by a play-off
   * (the arbiter's recorded order of entrant ids; entrants it omits stay shared).
   */
  readonly drawnOrder?: readonly string[];
}

/** Compares two step values for ranking: < 0 when `a` ranks first. Nothing (`none`) never separates. */
export function compareValues(a: StepValue, b: StepValue, better: 'higher' | 'lower'): number {
  let order = 0;
  if (a.kind === 'number' && b.kind === 'number') order = new Decimal(a.value).comparedTo(b.value);
  else if (a.kind === 'counts' && b.kind === 'counts') {
    const length = Math.max(a.value.length, b.value.length);
    for (let i = 0; i < length && order === 0; i++) order = Math.sign((a.value[i] ?? 0) - (b.value[i] ?? 0));
  }
  return better === 'higher' ? 0 - order : order;
}

/**
 * Ranks entries by a chain, step by step: each step splits every group still tied into the groups
 * its value separates, so a step that depends on the tied group (games among the tied pairs) sees
 * exactly that group. The result does not depend on the input order: groups start in id order.
 * A step whose value is `none` for any member of a group leaves that group tied.
 */
export function rankByChain<E>(entries: readonly E[], chain: Chain<E>, final: FinalStep = {}): Ranked<E>[] {
  const ids = new Set<string>();
  for (const entry of entries) {
    const id = chain.idOf(entry);
    if (ids.has(id)) throw new RangeError(`entries: ${id} appears twice`);
    ids.add(id);
  }
  const explanations = new Map<string, StepExplanation[]>();
  // Each step's tied groups, one run object shared by the group's explanations: its `from` is
  // known once the final order is (a group is always a run of it), set below.
  const runs: { readonly run: { from: number; count: number }; readonly group: readonly E[] }[] = [];
  let groups: E[][] = [[...entries].sort((x, y) => cmp(chain.idOf(x), chain.idOf(y)))];
  chain.steps.forEach((step, index) => {
    const next: E[][] = [];
    for (const group of groups) {
      const among = { from: 0, count: group.length };
      if (final.explain !== false) runs.push({ run: among, group });
      const valued = group.map((entry) => ({
        entry,
        result: step.compute(entry, group, final.explain !== false),
      }));
      for (const { entry, result } of final.explain === false ? [] : valued) {
        const list = explanations.get(chain.idOf(entry)) ?? [];
        list.push({
          rule: chain.rule,
          step: index + 1,
          key: step.key,
          better: step.better,
          method: step.method,
          value: result.value,
          contributions: result.contributions,
          among,
        });
        explanations.set(chain.idOf(entry), list);
      }
      if (group.length === 1 || valued.some((v) => v.result.value.kind === 'none')) {
        next.push(group);
        continue;
      }
      // A stable sort keeps id order inside each equal run.
      const keyed = valued.every((v) => v.result.sortKey !== undefined);
      const compare = (x: StepResult, y: StepResult): number =>
        keyed
          ? (step.better === 'higher' ? -1 : 1) * Math.sign((x.sortKey ?? 0) - (y.sortKey ?? 0)) || 0
          : compareValues(x.value, y.value, step.better);
      valued.sort((x, y) => compare(x.result, y.result));
      let run: E[] = [];
      valued.forEach((v, i) => {
        const previous = valued[i - 1];
        if (previous !== undefined && compare(previous.result, v.result) !== 0) {
          next.push(run);
          run = [];
        }
        run.push(v.entry);
      });
      next.push(run);
    }
    groups = next;
  });
  const drawn = new Map((final.drawnOrder ?? []).map((id, i) => [id, i]));
  const ranked: Ranked<E>[] = [];
  for (const group of groups) {
    const start = ranked.length + 1;
    const ordered = [...group].sort(
      (x, y) =>
        (drawn.get(chain.idOf(x)) ?? Infinity) - (drawn.get(chain.idOf(y)) ?? Infinity) ||
        cmp(chain.idOf(x), chain.idOf(y)),
    );
    // Drawn entrants take consecutive ranks in the drawn order; the rest share the rank after them.
    const placed = ordered.filter((o) => drawn.has(chain.idOf(o))).length;
    ordered.forEach((entry, i) => {
      const id = chain.idOf(entry);
      ranked.push({
        entry,
        rank: start + Math.min(i, placed),
        explanations: explanations.get(id) ?? [],
      });
    });
  }
  const place = new Map(ranked.map((r, i) => [chain.idOf(r.entry), i + 1]));
  for (const { run, group } of runs)
    run.from = group.reduce(
      (first, entry) => Math.min(first, place.get(chain.idOf(entry)) ?? first),
      Infinity,
    );
  return ranked;
}

function cmp(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}
