import { describe, expect, it } from 'vitest';
import type { MeasuredRow } from './feeds-rows';
import { holds, searchLargestN } from './feeds-search';

/** A row that holds (p99 under 100 ms, all delivered) at every N up to `limit`. */
function rowAt(n: number, limit: number): MeasuredRow {
  const ok = n <= limit;
  return { n, p99: ok ? 60 : 140, delivered: 100 } as MeasuredRow;
}

describe('the feeds bench search for the largest N with p99 under 100 ms', () => {
  it('bisects on the 250 grid between the last holding and first failing size, probing only in between', async () => {
    const probed: number[] = [];
    const table = [1000, 2000, 3000, 4000].map((n) => rowAt(n, 2600));
    const result = await searchLargestN(table, (n) => {
      probed.push(n);
      return Promise.resolve(rowAt(n, 2600));
    });
    expect(probed).toEqual([2500, 2750]);
    expect(result).toMatchObject({ n: 2500, capped: false });
    expect(result.probes.map((r) => r.n)).toEqual([2500, 2750]);
  });

  it('searches below the smallest size when even that one fails', async () => {
    const table = [1000, 2000].map((n) => rowAt(n, 300));
    const result = await searchLargestN(table, (n) => Promise.resolve(rowAt(n, 300)));
    expect(result.n).toBe(250);
    expect(result.probes.map((r) => r.n)).toEqual([500, 250]);
  });

  it('reports the largest size as a floor, probing nothing, when every size holds', async () => {
    const table = [1000, 2000, 3000, 4000].map((n) => rowAt(n, 10_000));
    const result = await searchLargestN(table, () => Promise.reject(new Error('no probe expected')));
    expect(result).toEqual({ n: 4000, capped: true, probes: [] });
  });

  it('stops at the first failing size even if a larger one happened to hold', async () => {
    const table = [rowAt(1000, 1000), rowAt(2000, 0), rowAt(3000, 3000)];
    const result = await searchLargestN(table, (n) => Promise.resolve(rowAt(n, 1000)));
    expect(result.n).toBe(1000);
  });

  it('counts a run that lost frames as failing even with a low p99', () => {
    expect(holds({ p99: 20, delivered: 99.5 } as MeasuredRow)).toBe(false);
    expect(holds({ p99: 99.9, delivered: 100 } as MeasuredRow)).toBe(true);
    expect(holds({ p99: 100, delivered: 100 } as MeasuredRow)).toBe(false);
  });
});
