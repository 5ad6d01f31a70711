import type { FeedFrame, MatchView } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import { delayClockOf } from './delay-clock';

const frame = (status: FeedFrame['status'], asOf: string | null): FeedFrame => ({
  type: 'feed',
  matchId: 'F1',
  audience: 'broadcast',
  seq: 3,
  status,
  event: null,
  view: asOf === null ? null : ({ asOf } as MatchView),
});

describe('delayClockOf (the dashboard delay clock)', () => {
  it('no broadcast frame yet: building, nothing released (fail closed like the feed)', () => {
    expect(delayClockOf('F1', undefined, 120_000)).toEqual({
      matchId: 'F1',
      delaySeconds: 120,
      feedState: 'building',
      releasedUpTo: null,
      buildingEndsAt: null,
    });
  });

  it('building with the time the first release is due', () => {
    const building = frame(
      { state: 'delayBuilding', delayMs: 30_000, reason: 'starting', resumesAt: Date.UTC(2026, 10, 24, 6) },
      null,
    );
    expect(delayClockOf('F1', building, 30_000)).toMatchObject({
      feedState: 'building',
      buildingEndsAt: '2026-11-24T06:00:00.000Z',
      releasedUpTo: null,
    });
  });

  it('live: released up to the table time of the view on air; the delay in force now is reported', () => {
    const live = frame({ state: 'live', delayMs: 30_000 }, '2026-11-24T05:10:00.000Z');
    expect(delayClockOf('F1', live, 45_000)).toEqual({
      matchId: 'F1',
      delaySeconds: 45,
      feedState: 'live',
      releasedUpTo: '2026-11-24T05:10:00.000Z',
      buildingEndsAt: null,
    });
  });

  it('held back after a fault: building again, and what was released stays released', () => {
    const held = frame({ state: 'delayBuilding', delayMs: 30_000, reason: 'clock', resumesAt: null }, null);
    expect(delayClockOf('F1', held, 30_000, '2026-11-24T05:10:00.000Z')).toMatchObject({
      feedState: 'building',
      releasedUpTo: '2026-11-24T05:10:00.000Z',
      buildingEndsAt: null,
    });
  });
});
