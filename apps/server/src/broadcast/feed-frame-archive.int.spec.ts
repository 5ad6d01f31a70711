import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ARCHIVED_FRAMES, DisclosureStore } from './disclosure-store';

describe('the feed frame archive in disclosures.sqlite (real SQLite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tablecast-archive-'));
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives back the bytes as published across a reopen, only whole ranges, and prunes past the window', () => {
    const frame = (seq: number): Buffer => Buffer.from(`{"seq":${String(seq)}}`);
    const first = new DisclosureStore(dir);
    const last = ARCHIVED_FRAMES + 600;
    for (let seq = 1; seq <= last; seq += 1) first.recordFrame('m1', 'venue', seq, frame(seq));
    first.recordFrame('m1', 'broadcast', 1, frame(1));
    first.close();

    const reopened = new DisclosureStore(dir);
    try {
      expect(reopened.framesBetween('m1', 'venue', last - 2, last)?.map(String)).toEqual(
        [last - 2, last - 1, last].map((seq) => `{"seq":${String(seq)}}`),
      );
      expect(reopened.framesBetween('m1', 'broadcast', 1, 1)?.map(String)).toEqual(['{"seq":1}']);
      expect(reopened.framesBetween('m1', 'venue', last + 1, last)).toEqual([]);
      // Not all kept: a frame never recorded, another match, and the pruned beginning.
      expect(reopened.framesBetween('m1', 'venue', last, last + 1)).toBeNull();
      expect(reopened.framesBetween('m2', 'venue', 1, 1)).toBeNull();
      expect(reopened.framesBetween('m1', 'venue', 1, 10)).toBeNull();
      // The newest window is always kept whole.
      expect(reopened.framesBetween('m1', 'venue', last - ARCHIVED_FRAMES + 1, last)).toHaveLength(
        ARCHIVED_FRAMES,
      );
    } finally {
      reopened.close();
    }
  });
});
