import type { Audience } from '@tablecast/broadcast';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ARCHIVED_FRAMES, DISCLOSURES_FILE_NAME, DisclosureStore } from './disclosure-store';
import { FrameEncoder } from './frame-encoding';
import { playedSteps } from './testing/played-feed-steps';

const AUDIENCES: readonly Audience[] = ['staff', 'venue', 'broadcast', 'commentary'];

/** Rows of a table of the ledger's file, read on a connection of the test's own. */
function countRows(dir: string, sql: string): number {
  const raw = new Database(join(dir, DISCLOSURES_FILE_NAME), { readonly: true });
  try {
    return raw.prepare<[], number>(sql).pluck().get() ?? -1;
  } finally {
    raw.close();
  }
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tablecast-archived-views-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('feed frames archived with their views kept once per match (real SQLite)', () => {
  it('gives back every frame of a played match byte for byte across a reopen, each distinct view stored once', () => {
    // Archived as the producer does: one encoder per step, each frame with where its view sits.
    const sent = new Map<Audience, Buffer[]>(AUDIENCES.map((audience) => [audience, []]));
    const distinctViews = new Set<string>();
    let framesWithViews = 0;
    const store = new DisclosureStore(dir);
    for (const step of playedSteps()) {
      const encoder = new FrameEncoder();
      for (const { audience, frame } of step) {
        const { payload, view } = encoder.archived(frame);
        store.recordFrame(frame.matchId, audience, frame.seq, payload, view);
        sent.get(audience)?.push(payload);
        if (frame.view !== null) {
          framesWithViews += 1;
          distinctViews.add(JSON.stringify(frame.view));
        }
      }
    }
    store.close();

    // The delayed audiences see the staff view of each released event: far fewer views than frames.
    expect(distinctViews.size).toBeLessThan(framesWithViews * 0.6);
    expect(countRows(dir, 'SELECT count(*) FROM feed_views')).toBe(distinctViews.size);

    const reopened = new DisclosureStore(dir);
    try {
      for (const audience of AUDIENCES) {
        const frames = sent.get(audience) ?? [];
        const archived = reopened.framesBetween('enc_1', audience, 1, frames.length);
        expect(
          archived?.map((frame) => frame.toString('utf8')),
          audience,
        ).toEqual(frames.map((frame) => frame.toString('utf8')));
      }
      // A new holder resending what the bus never acknowledged sends the same bytes.
      const unpublished = reopened.unpublishedFrames();
      for (const audience of AUDIENCES) {
        expect(
          unpublished
            .filter((frame) => frame.audience === audience)
            .map((frame) => frame.payload.toString('utf8')),
          audience,
        ).toEqual((sent.get(audience) ?? []).map((frame) => frame.toString('utf8')));
      }
    } finally {
      reopened.close();
    }
  });

  it('prunes the views no kept frame refers to, and keeps one a later frame still refers to', () => {
    const encoder = (): FrameEncoder => new FrameEncoder();
    const frame = (audience: Audience, seq: number, view: unknown) =>
      encoder().archived({
        type: 'feed',
        matchId: 'm1',
        audience,
        seq,
        status: { state: 'live', delayMs: 0 },
        event: null,
        view,
      });
    const store = new DisclosureStore(dir);
    const last = ARCHIVED_FRAMES + 256;
    const first = frame('staff', 1, { n: 1 });
    const released = frame('broadcast', 1, { n: 1 });
    try {
      store.atomically(() => {
        store.recordFrame('m1', 'staff', 1, first.payload, first.view);
        store.recordFrame('m1', 'broadcast', 1, released.payload, released.view);
        for (let seq = 2; seq <= last; seq += 1) {
          const { payload, view } = frame('staff', seq, { n: seq });
          store.recordFrame('m1', 'staff', seq, payload, view);
        }
      });
      // The staff frames up to seq 256 went at seq `last`; view 1 stays for the broadcast frame.
      expect(store.framesBetween('m1', 'staff', 1, 1)).toBeNull();
      expect(store.framesBetween('m1', 'broadcast', 1, 1)?.map(String)).toEqual([
        released.payload.toString(),
      ]);
      expect(store.framesBetween('m1', 'staff', last, last)?.map(String)).toEqual([
        frame('staff', last, { n: last }).payload.toString(),
      ]);
    } finally {
      store.close();
    }
    expect(countRows(dir, 'SELECT count(*) FROM feed_views')).toBe(last - 256 + 1);
  });

  it('reads the whole frames of a data dir made before views were shared, and shares views in it from then on', () => {
    const before = new DisclosureStore(dir);
    before.close();
    const raw = new Database(join(dir, DISCLOSURES_FILE_NAME));
    raw.exec(`DROP TABLE feed_frames; DROP TABLE feed_views;
      CREATE TABLE feed_frames (
        match_id TEXT NOT NULL, audience TEXT NOT NULL, seq INTEGER NOT NULL, payload BLOB NOT NULL,
        PRIMARY KEY (match_id, audience, seq)
      );`);
    const old = '{"type":"feed","matchId":"m1","audience":"venue","seq":1,"view":{"old":true}}';
    raw.prepare("INSERT INTO feed_frames VALUES ('m1', 'venue', 1, ?)").run(Buffer.from(old));
    raw.close();

    const store = new DisclosureStore(dir);
    try {
      const next = new FrameEncoder().archived({
        type: 'feed',
        matchId: 'm1',
        audience: 'venue',
        seq: 2,
        status: { state: 'live', delayMs: 0 },
        event: null,
        view: { old: false },
      });
      store.recordFrame('m1', 'venue', 2, next.payload, next.view);
      expect(store.framesBetween('m1', 'venue', 1, 2)?.map(String)).toEqual([old, next.payload.toString()]);
    } finally {
      store.close();
    }
    expect(countRows(dir, 'SELECT count(*) FROM feed_views')).toBe(1);
  });
});
