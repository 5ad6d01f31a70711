/** Summary statistics for benchmark samples (nanoseconds or any unit; the caller names it). */
export interface Summary {
  readonly count: number;
  readonly median: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

/** Nearest-rank percentile over sorted samples; p in [0, 100]. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('percentile of no samples');
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const total = sorted.reduce((sum, x) => sum + x, 0);
  return {
    count: sorted.length,
    median: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean: total / sorted.length,
  };
}

/** Times `fn` once per sample with the monotonic clock; returns microseconds per call. */
export function sampleMicros(
  samples: number,
  fn: (i: number) => void,
  warmup = Math.min(200, samples),
): number[] {
  for (let i = 0; i < warmup; i += 1) fn(i);
  const out: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const start = process.hrtime.bigint();
    fn(i);
    out.push(Number(process.hrtime.bigint() - start) / 1_000);
  }
  return out;
}

/** A markdown table; each row is an array of already-formatted cells. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function fmt(value: number, digits = 2): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}
