export interface SearchOutcome {
  /** The pairs found, as indices, or null when none exists (or the budget ran out). */
  readonly pairs: (readonly [number, number])[] | null;
  /** True when the search stopped on its step budget rather than proving there is no pairing. */
  readonly exhausted: boolean;
  readonly steps: number;
}

/**
 * Depth-first search for a perfect pairing of `seq` (an even list of indices into an n×n
 * `allowed` matrix), taking the first unpaired entrant in `seq` and trying its opponents nearest
 * first, so the first pairing found is the one closest to "high against high" order. Each entrant
 * keeps a count of allowed opponents still unpaired; a branch that leaves anyone with none is cut
 * at once, which keeps a 1,000-entrant Swiss round linear in practice.
 */
export function searchPairing(
  seq: readonly number[],
  n: number,
  allowed: Uint8Array,
  budget: number,
): SearchOutcome {
  const m = seq.length;
  const used = new Uint8Array(n);
  const avail = new Int32Array(n);
  for (const a of seq)
    for (const b of seq) if (a !== b && allowed[a * n + b] === 1) avail[a] = (avail[a] ?? 0) + 1;
  if (seq.some((a) => avail[a] === 0)) return { pairs: null, exhausted: false, steps: 0 };

  const pairs: (readonly [number, number])[] = [];
  let steps = 0;
  let exhausted = false;

  /** Marks a and b paired; false when some unpaired entrant is left without an allowed opponent. */
  const place = (a: number, b: number): boolean => {
    used[a] = 1;
    used[b] = 1;
    let alive = true;
    for (const j of seq) {
      if (used[j] === 1) continue;
      if (allowed[j * n + a] === 1) avail[j] = (avail[j] ?? 0) - 1;
      if (allowed[j * n + b] === 1) avail[j] = (avail[j] ?? 0) - 1;
      if (avail[j] === 0) alive = false;
    }
    return alive;
  };
  const unplace = (a: number, b: number): void => {
    for (const j of seq) {
      if (used[j] === 1) continue;
      if (allowed[j * n + a] === 1) avail[j] = (avail[j] ?? 0) + 1;
      if (allowed[j * n + b] === 1) avail[j] = (avail[j] ?? 0) + 1;
    }
    used[a] = 0;
    used[b] = 0;
  };

  const dfs = (from: number): boolean => {
    let i = from;
    while (i < m && used[seq[i] ?? 0] === 1) i += 1;
    const a = seq[i];
    if (a === undefined) return true;
    for (let k = i + 1; k < m; k += 1) {
      const b = seq[k] ?? a;
      if (used[b] === 1 || allowed[a * n + b] !== 1) continue;
      steps += 1;
      if (steps > budget) {
        exhausted = true;
        return false;
      }
      if (place(a, b)) {
        pairs.push([a, b]);
        if (dfs(i + 1)) return true;
        pairs.pop();
      }
      unplace(a, b);
      if (exhausted) return false;
    }
    return false;
  };

  return dfs(0) ? { pairs, exhausted: false, steps } : { pairs: null, exhausted, steps };
}
