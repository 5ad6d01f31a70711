import { tenthsToString } from '../scoring/tenths';
import type { Contribution } from './explanation';
import type { StepResult } from './chain';

/** One term of a sum: where it came from and the whole number it adds. */
export interface IntTerm {
  readonly round?: number;
  readonly opponent?: string | null;
  readonly n: number;
  readonly note?: string;
}

/**
 * A sum of whole numbers (level points, tenths, counts): exact in integers, shown by `show`.
 * Without `explain` the terms are not kept (a ranking nobody reads, TRN-TB-2 step 7).
 */
export function intSum(
  terms: readonly IntTerm[],
  show: (n: number) => string = String,
  explain = true,
): StepResult {
  let total = 0;
  const contributions: Contribution[] = [];
  for (const term of terms) {
    total += term.n;
    if (!explain) continue;
    // Built field by field: this runs for every round of every row of every step.
    const c: { value: string; round?: number; opponent?: string; note?: string } = { value: show(term.n) };
    if (term.round !== undefined) c.round = term.round;
    if (term.opponent !== undefined && term.opponent !== null) c.opponent = term.opponent;
    if (term.note !== undefined) c.note = term.note;
    contributions.push(c);
  }
  return { value: { kind: 'number', value: show(total) }, contributions, sortKey: total };
}

/** A sum of match points kept in tenths, shown as exact decimals ("7.5"). */
export function tenthsSum(terms: readonly IntTerm[], explain = true): StepResult {
  return intSum(terms, tenthsToString, explain);
}
