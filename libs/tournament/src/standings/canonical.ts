import type { ScoredResult } from '../scoring/result';

/**
 * The recorded results as one set, whatever their order of arrival: per match id the highest
 * revision (a correction) wins, and the set is sorted by round and id. Two different results under
 * one id and revision are refused.
 */
export function canonicalResults(results: readonly ScoredResult[]): ScoredResult[] {
  const latest = new Map<string, ScoredResult>();
  for (const result of results) {
    const held = latest.get(result.id);
    if (held === undefined || result.revision > held.revision) latest.set(result.id, result);
    else if (result.revision === held.revision && JSON.stringify(held) !== JSON.stringify(result))
      throw new RangeError(
        `results: two different results for ${result.id} at revision ${String(result.revision)}`,
      );
  }
  return [...latest.values()].sort((x, y) => x.round - y.round || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}
