import type { FeedFrame, ServerMessage } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import { recordedFeed, scene } from './fixtures/recorded';
import { disconnected, initialFeedState, receive, subscribeMessage, type FeedState } from './feed-state';

const frames = recordedFeed.sequence.filter((m): m is FeedFrame => m.type === 'feed');
const fold = (messages: readonly ServerMessage[], from?: FeedState): FeedState =>
  messages.reduce(receive, from ?? initialFeedState(recordedFeed.matchId, 'broadcast'));

describe('feed state, from frames recorded off a real server', () => {
  it('starts with the delay building, then shows each released view in order', () => {
    const building = fold(recordedFeed.sequence.slice(0, 3));
    expect(building.connection).toBe('open');
    expect(building.status?.state).toBe('delayBuilding');
    expect(building.view).toBeNull();
    const all = fold(recordedFeed.sequence);
    const last = frames.at(-1);
    expect(all.seq).toBe(last?.seq);
    expect(all.view?.revision).toBe(last?.view?.revision);
    expect(all.status?.state).toBe('live');
  });

  it('ignores a frame that is late (older seq) or older than the view shown (revision check)', () => {
    const shown = fold(recordedFeed.sequence);
    const older = frames[5];
    if (!older) throw new Error('fixture too short');
    expect(receive(shown, older)).toBe(shown);
    // Same seq space, newer seq, but an older view: a stale producer must not roll the page back.
    const stale: FeedFrame = { ...older, seq: shown.seq + 1 };
    expect(receive(shown, stale)).toBe(shown);
  });

  it('resumes after a drop with lastSeq and keeps the view on screen meanwhile (no flicker to empty)', () => {
    const shown = fold(recordedFeed.sequence.slice(0, 20));
    const dropped = disconnected(shown);
    expect(dropped.connection).toBe('reconnecting');
    expect(dropped.view).toBe(shown.view);
    expect(subscribeMessage(dropped)).toEqual({
      type: 'subscribe',
      matchId: recordedFeed.matchId,
      audience: 'broadcast',
      lastSeq: shown.seq,
    });
    const resumed = fold(
      [
        {
          type: 'subscribed',
          matchId: recordedFeed.matchId,
          audience: 'broadcast',
          latestSeq: 0,
          resumed: true,
        },
      ],
      dropped,
    );
    expect(resumed.connection).toBe('open');
    expect(resumed.view).toBe(shown.view);
    const rest = fold(recordedFeed.sequence.slice(20), resumed);
    expect(rest.seq).toBe(frames.at(-1)?.seq);
  });

  it('takes the snapshot after a failed resume, even with a lower seq (server restarted), but not an older view', () => {
    const shown = fold([scene('bomb', 'broadcast')], {
      ...initialFeedState(recordedFeed.matchId, 'broadcast'),
    });
    const notResumed = receive(disconnected(shown), {
      type: 'subscribed',
      matchId: recordedFeed.matchId,
      audience: 'broadcast',
      latestSeq: 3,
      resumed: false,
    });
    const newer = { ...scene('latest', 'broadcast'), seq: 3 };
    expect(receive(notResumed, newer).view?.revision).toBe(scene('latest', 'broadcast').view?.revision);
    const older = { ...scene('trick', 'broadcast'), seq: 3 };
    expect(receive(notResumed, older)).toBe(notResumed);
  });

  it("ignores another match's or another audience's frames", () => {
    const start = initialFeedState(recordedFeed.matchId, 'venue');
    expect(receive(start, scene('trick', 'broadcast'))).toBe(start);
    expect(receive(initialFeedState('other', 'broadcast'), scene('trick', 'broadcast')).view).toBeNull();
  });

  it('keeps the last view under a status-only frame (the page covers it with the delay card)', () => {
    const shown = fold([scene('trick', 'broadcast')]);
    const held: FeedFrame = {
      ...recordedFeed.building,
      seq: shown.seq + 1,
      status: { state: 'delayBuilding', delayMs: 1000, reason: 'clock', resumesAt: null },
    };
    const next = receive(shown, held);
    expect(next.status?.state).toBe('delayBuilding');
    expect(next.view).toBe(shown.view);
  });
});
