import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { ARCHIVED_FRAMES, DISCLOSURES_FILE_NAME, DisclosureStore } from './disclosure-store';

describe('the feed frame archive in disclosures.sqlite (real SQLite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tablecast-archive-'));
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const entry = (seq: number) =>
    ({
      audience: 'venue',
      seq,
      eventType: 'Passed',
      revision: seq,
      position: String(seq),
      recordedAt: '2026-05-02T10:00:00.000Z',
      releasedAt: 1_000 + seq,
      viewRevision: seq,
      status: 'live',
    }) as const;
  const turnEnds = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

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

  it("commits a live event's ledger rows and frames together: nothing is visible before the end, a throw leaves nothing", () => {
    const writer = new DisclosureStore(dir);
    const reader = new DisclosureStore(dir);
    try {
      writer.atomically(() => {
        writer.record('m1', entry(1));
        writer.recordFrame('m1', 'venue', 1, Buffer.from('{"seq":1}'));
        // Another connection (a CLI or second reader) sees neither yet.
        expect(reader.list('m1')).toEqual([]);
        expect(reader.framesBetween('m1', 'venue', 1, 1)).toBeNull();
      });
      expect(reader.list('m1').map((e) => e.seq)).toEqual([1]);
      expect(reader.framesBetween('m1', 'venue', 1, 1)?.map(String)).toEqual(['{"seq":1}']);

      expect(() => {
        writer.atomically(() => {
          writer.record('m1', entry(2));
          writer.recordFrame('m1', 'venue', 2, Buffer.from('{"seq":2}'));
          throw new Error('the feed failed mid-event');
        });
      }).toThrow('the feed failed mid-event');
      expect(reader.list('m1').map((e) => e.seq)).toEqual([1]);
      expect(writer.framesBetween('m1', 'venue', 2, 2)).toBeNull();
    } finally {
      writer.close();
      reader.close();
    }
  });

  it("writes the live events of one turn of the event loop in one commit: another connection sees none of them before the turn ends, each event's callback runs after the commit, a throw undoes that event only", async () => {
    const writer = new DisclosureStore(dir);
    const reader = new DisclosureStore(dir);
    const committed: string[] = [];
    const event = (seq: number, fail = false): void => {
      writer.inGroup(
        () => {
          writer.record('m1', entry(seq));
          writer.recordFrame('m1', 'venue', seq, Buffer.from(`{"seq":${String(seq)}}`));
          if (fail) throw new Error('the feed failed mid-event');
        },
        (error) => {
          // What another connection sees when the frame may go out.
          committed.push(`${String(seq)}: ${String(error)}, read ${String(reader.list('m1').length)}`);
        },
      );
    };
    try {
      event(1);
      expect(() => {
        event(2, true);
      }).toThrow('the feed failed mid-event');
      event(3);
      expect(reader.list('m1')).toEqual([]);
      expect(reader.framesBetween('m1', 'venue', 1, 1)).toBeNull();
      expect(committed).toEqual([]);

      await turnEnds();
      expect(committed).toEqual(['1: undefined, read 2', '3: undefined, read 2']);
      expect(reader.list('m1').map((e) => e.seq)).toEqual([1, 3]);
      expect(reader.framesBetween('m1', 'venue', 2, 2)).toBeNull();
      expect(reader.framesBetween('m1', 'venue', 3, 3)?.map(String)).toEqual(['{"seq":3}']);
    } finally {
      writer.close();
      reader.close();
    }
  });

  it('a read of the ledger or the archive during the turn commits the group first: it never hands out a frame not yet committed and released to the bus', () => {
    const store = new DisclosureStore(dir);
    const committed: number[] = [];
    try {
      store.inGroup(
        () => {
          store.recordFrame('m1', 'venue', 1, Buffer.from('{"seq":1}'));
        },
        () => committed.push(1),
      );
      expect(store.framesBetween('m1', 'venue', 1, 1)?.map(String)).toEqual(['{"seq":1}']);
      expect(committed).toEqual([1]);
      store.inGroup(
        () => {
          store.record('m1', entry(2));
        },
        () => committed.push(2),
      );
      expect(store.list('m1').map((e) => e.seq)).toEqual([2]);
      expect(committed).toEqual([1, 2]);
    } finally {
      store.close();
    }
  });

  it('keeps frames of real size (2-4 KB) in a new data dir and in one made before the archive became a WITHOUT ROWID table', () => {
    const frame = (seq: number): Buffer =>
      Buffer.from(`{"seq":${String(seq)},"view":"${'x'.repeat(3_000)}"}`);
    const check = (store: DisclosureStore): void => {
      const last = ARCHIVED_FRAMES + 300;
      store.atomically(() => {
        for (let seq = 1; seq <= last; seq += 1) store.recordFrame('m1', 'staff', seq, frame(seq));
      });
      expect(store.framesBetween('m1', 'staff', last - 1, last)?.map(String)).toEqual([
        frame(last - 1).toString(),
        frame(last).toString(),
      ]);
      expect(store.framesBetween('m1', 'staff', 1, 2)).toBeNull();
    };
    const fresh = new DisclosureStore(join(dir, 'new'));
    try {
      check(fresh);
    } finally {
      fresh.close();
    }

    const oldDir = join(dir, 'old');
    const before = new DisclosureStore(oldDir);
    before.close();
    const raw = new Database(join(oldDir, DISCLOSURES_FILE_NAME));
    raw.exec(`DROP TABLE feed_frames;
      CREATE TABLE feed_frames (
        match_id TEXT NOT NULL, audience TEXT NOT NULL, seq INTEGER NOT NULL, payload BLOB NOT NULL,
        PRIMARY KEY (match_id, audience, seq)
      ) WITHOUT ROWID;`);
    raw.close();
    const old = new DisclosureStore(oldDir);
    try {
      check(old);
    } finally {
      old.close();
    }
  });
});
