/** The feeds benchmark's search for a server's largest N with p99 under 100 ms (bench/feeds.bench.ts). */
import type { MeasuredRow, Row } from './feeds-rows';

/** Sizes between the table's last passing and first failing N are probed on this grid. */
export const SEARCH_STEP = 250;

/** The table's criterion, and the issue's: p99 under 100 ms with every frame delivered. */
export function holds(r: Row): boolean {
  return r.p99 < 100 && r.delivered >= 99.9;
}

export interface LargestN {
  /** The largest N that held (0 if none did); `capped` when the largest size measured held. */
  readonly n: number;
  readonly capped: boolean;
  /** The searched sizes' rows (each the median over the rounds, as in the table). */
  readonly probes: readonly MeasuredRow[];
}

/**
 * From one server's table rows: the last size that held before the first that did not, then a
 * bisection on the SEARCH_STEP grid between them (assumes holding is monotonic in N, as the
 * tables show): with the 1k-4k table, two probes settle it to 250.
 */
export async function searchLargestN(
  table: readonly Row[],
  probe: (n: number) => Promise<MeasuredRow>,
): Promise<LargestN> {
  const sizes = [...table].sort((a, b) => a.n - b.n);
  const firstFailing = sizes.find((r) => !holds(r));
  if (firstFailing === undefined) return { n: sizes.at(-1)?.n ?? 0, capped: true, probes: [] };
  let low = Math.max(0, ...sizes.filter((r) => r.n < firstFailing.n && holds(r)).map((r) => r.n));
  let high = firstFailing.n;
  const probes: MeasuredRow[] = [];
  while (high - low > SEARCH_STEP) {
    const middle = low + Math.round((high - low) / 2 / SEARCH_STEP) * SEARCH_STEP;
    const result = await probe(middle);
    probes.push(result);
    if (holds(result)) low = middle;
    else high = middle;
  }
  return { n: low, capped: false, probes };
}
