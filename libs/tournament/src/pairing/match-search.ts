import { Blossom } from './blossom';

export interface SearchOutcome {
  /** The pairs found, as indices, or null when provably none exists. */
  readonly pairs: (readonly [number, number])[] | null;
  /** Depth-first steps taken (at most the budget). */
  readonly steps: number;
}

/**
 * Depth-first search for a perfect pairing of `seq` (an even list of indices into an n×n
 * `allowed` matrix), taking the first unpaired entrant in `seq` and trying its opponents nearest
 * first, so the first pairing found is the one closest to "high against high" order. Each entrant
 * keeps a count of allowed opponents still unpaired; a branch that leaves anyone with none is cut
 * at once, which keeps a 1,000-entrant Swiss round linear in practice.
 *
 * Whether any pairing exists is settled first, exactly, by a blossom matching; should the
 * depth-first search use up its step budget, the same first-in-order pairing is built pair by pair
 * instead, each pair kept only when the blossom matching shows the rest can still be paired.
 */
export function searchPairing(
  seq: readonly number[],
  n: number,
  allowed: Uint8Array,
  budget: number,
): SearchOutcome {
  const m = seq.length;
  const blossom = new Blossom(m, (i, j) => allowed[(seq[i] ?? 0) * n + (seq[j] ?? 0)] === 1);
  if (!blossom.maximise()) return { pairs: null, steps: 0 };
  const used = new Uint8Array(n);
  const avail = new Int32Array(n);
  for (const a of seq)
    for (const b of seq) if (a !== b && allowed[a * n + b] === 1) avail[a] = (avail[a] ?? 0) + 1;

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

  if (dfs(0)) return { pairs, steps };
  return { pairs: guided(seq, blossom, allowed, n), steps };
}

/** The first-in-order pairing, each pair fixed only if the rest stays pairable (exact, polynomial). */
function guided(
  seq: readonly number[],
  blossom: Blossom,
  allowed: Uint8Array,
  n: number,
): (readonly [number, number])[] {
  const pairs: (readonly [number, number])[] = [];
  const done = new Uint8Array(seq.length);
  for (let i = 0; i < seq.length; i += 1) {
    if (done[i] === 1) continue;
    const a = seq[i] ?? 0;
    for (let k = i + 1; k < seq.length; k += 1) {
      const b = seq[k] ?? 0;
      if (done[k] === 1 || allowed[a * n + b] !== 1 || !blossom.fix(i, k)) continue;
      pairs.push([a, b]);
      done[i] = 1;
      done[k] = 1;
      break;
    }
  }
  return pairs;
}
