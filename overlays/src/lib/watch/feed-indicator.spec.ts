import { describe, expect, it } from 'vitest';
import { recordedFeed, scene } from '../feed/fixtures/recorded';
import { feedIndicator } from './feed-indicator';

/** The recorded broadcast feed's own statuses: the delay building, then live with its delay. */
describe('live / delay indicator', () => {
  it('is live, delayed by the feed’s delay in seconds, once the broadcast releases', () => {
    const { status } = scene('trick', 'broadcast');
    expect(status.state).toBe('live');
    expect(feedIndicator('open', status, 0)).toEqual({
      kind: 'live',
      delaySeconds: Math.round(recordedFeed.broadcastDelayMs / 1000),
    });
  });

  it('says the delay is building, with the seconds until the first release when known', () => {
    const { status } = recordedFeed.building;
    if (status.state !== 'delayBuilding') throw new Error('the recorded building frame is not building');
    const at = (status.resumesAt ?? 0) - 2_500;
    expect(feedIndicator('open', status, at)).toEqual({
      kind: 'building',
      resumesInSeconds: status.resumesAt === null ? null : 3,
    });
    expect(feedIndicator('open', { ...status, resumesAt: null }, 0)).toEqual({
      kind: 'building',
      resumesInSeconds: null,
    });
  });

  it('shows nothing live while the socket is not open or before the first frame', () => {
    const { status } = scene('trick', 'broadcast');
    expect(feedIndicator('reconnecting', status, 0)).toEqual({ kind: 'connecting' });
    expect(feedIndicator('open', null, 0)).toEqual({ kind: 'connecting' });
  });
});
