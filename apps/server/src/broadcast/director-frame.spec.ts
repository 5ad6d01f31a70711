import type { FeedFrame } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import { momentsReleasedBy } from '../director/director-moments';
import { GameMoments } from '../director/module-moments';
import { ReleasedMatchEnds } from '../director/program-proposals';
import { playDdzReleasedFeed } from '../director/testing/ddz-released-frames';
import { playReleasedFeed } from '../director/testing/released-frames';
import { directorFrameOf } from './director-frame';

/** What the director and the program's proposals make of a run of broadcast frames. */
function directorReads(
  released: readonly { readonly frame: FeedFrame; readonly now: number }[],
  pare: boolean,
) {
  const games = new GameMoments();
  const ends = new ReleasedMatchEnds();
  return released.map(({ frame, now }) => {
    const read = pare ? structuredClone(directorFrameOf(frame)) : frame;
    return {
      moments: momentsReleasedBy(read, now),
      gameMoments: games.releasedBy(read, now),
      end: ends.releasedBy(read, now),
    };
  });
}

describe("the director's fields of a broadcast frame (sent beside it by the feeds thread)", () => {
  it("makes the same Guandan moments, match points and match end as the whole frames, and keeps none of the view's hands", () => {
    const played = playReleasedFeed({ seed: 'director-moments', delayMs: 5_000, stepMs: 1_000 });
    const whole = directorReads(played.released, false);
    expect(directorReads(played.released, true)).toEqual(whole);
    const kinds = new Set(whole.flatMap((read) => read.moments.map((m) => m.moment)));
    expect([...kinds]).toEqual(expect.arrayContaining(['bomb', 'handEnd', 'tribute', 'matchPoint']));
    expect(whole.filter((read) => read.end !== null)).toHaveLength(1);

    const last = played.released.at(-1)?.frame;
    if (last?.view == null) throw new Error('no released view');
    const pared = directorFrameOf(last);
    expect(Object.keys(pared.view ?? {}).sort()).toEqual(['hand', 'levels', 'moment', 'status']);
    expect(pared.event).toBe(last.event);
    expect(JSON.stringify(pared).length).toBeLessThan(JSON.stringify(last).length / 2);
  });

  it("makes the same Dou Dizhu moments and match end as the whole frames (the game's module folds the events)", () => {
    const played = playDdzReleasedFeed({ seed: 'director-frame', boards: 3, delayMs: 2_000, stepMs: 500 });
    const whole = directorReads(played.released, false);
    expect(directorReads(played.released, true)).toEqual(whole);
    expect(whole.flatMap((read) => read.gameMoments).length).toBeGreaterThan(0);
    const viewed = played.released.find(({ frame }) => frame.view !== null)?.frame;
    if (viewed === undefined) throw new Error('no released view');
    expect(Object.keys(directorFrameOf(viewed).view ?? {}).sort()).toEqual(['game', 'status']);
  });

  it('keeps a frame with no view as it is', () => {
    const played = playReleasedFeed({
      seed: 'director-frame-building',
      maxHands: 1,
      delayMs: 5_000,
      stepMs: 1_000,
    });
    const building = played.released.find(({ frame }) => frame.view === null)?.frame;
    if (building === undefined) throw new Error('no frame while the delay builds');
    expect(directorFrameOf(building)).toEqual(building);
  });
});
