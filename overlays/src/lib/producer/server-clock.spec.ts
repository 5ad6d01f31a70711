import { describe, expect, it } from 'vitest';
import { clockText, delayCountdown, serverOffsetMs } from './server-clock';
import type { DelayClockView } from './producer-types';

const building = (buildingEndsAt: string | null): DelayClockView => ({
  matchId: 'F1',
  delaySeconds: 120,
  feedState: 'building',
  releasedUpTo: null,
  buildingEndsAt,
});

describe('server clock', () => {
  it('measures how far the server clock is ahead of (or behind) this laptop', () => {
    const local = Date.parse('2026-11-24T05:00:00.000Z');
    expect(serverOffsetMs('2026-11-24T05:00:03.500Z', local)).toBe(3_500);
    expect(serverOffsetMs('2026-11-24T04:59:58.000Z', local)).toBe(-2_000);
    expect(serverOffsetMs('not a date', local)).toBe(0);
  });

  it('counts the building delay down against the server clock, rounding up, never below 0', () => {
    const ends = '2026-11-24T05:02:00.000Z';
    const at = (iso: string): number => Date.parse(iso);
    expect(delayCountdown(building(ends), at('2026-11-24T05:00:00.000Z'))).toEqual({
      kind: 'building',
      delaySeconds: 120,
      secondsLeft: 120,
    });
    expect(delayCountdown(building(ends), at('2026-11-24T05:01:59.100Z'))).toMatchObject({ secondsLeft: 1 });
    expect(delayCountdown(building(ends), at('2026-11-24T05:02:05.000Z'))).toMatchObject({ secondsLeft: 0 });
    expect(delayCountdown(building(null), at('2026-11-24T05:00:00.000Z'))).toMatchObject({
      secondsLeft: null,
    });
  });

  it('says how far behind the broadcast is while a raised delay rebuilds', () => {
    const behind = { ...building('2026-11-24T05:01:00.000Z'), feedState: 'behind' as const };
    expect(delayCountdown(behind, Date.parse('2026-11-24T05:00:00.400Z'))).toEqual({
      kind: 'behind',
      delaySeconds: 120,
      secondsLeft: 60,
    });
  });

  it('says live once the feed is live, and nothing without a match', () => {
    expect(delayCountdown({ ...building(null), feedState: 'live' }, 0)).toEqual({
      kind: 'live',
      delaySeconds: 120,
    });
    expect(delayCountdown(null, 0)).toEqual({ kind: 'none' });
  });

  it('writes m:ss, and h:mm:ss past an hour', () => {
    expect(clockText(0)).toBe('0:00');
    expect(clockText(65)).toBe('1:05');
    expect(clockText(3_600)).toBe('1:00:00');
    expect(clockText(-3)).toBe('0:00');
  });
});
