import { Decimal } from 'decimal.js';
import type { Contribution } from './explanation';
import type { StepResult } from './chain';

/** A sum step: the exact total of its terms, each kept as a contribution. */
export function sumOf(terms: readonly Contribution[]): StepResult {
  const total = terms.reduce((acc, term) => acc.plus(term.value), new Decimal(0));
  return { value: { kind: 'number', value: total.toString() }, contributions: terms };
}

/** Tenths of a match point as an exact decimal string (15 → "1.5"). */
export function tenths(value: number): string {
  return new Decimal(value).div(10).toString();
}
