import type { DelayClockView, FeedFrame } from '@tablecast/protocol';

/**
 * Reads the clock off the newest broadcast frame the server sent. No frame yet means nothing was
 * released: building (fail closed, as the feed itself). `delayMs` is the delay in force now (a
 * change applies to events recorded from then on, so it can differ from the frame's).
 * `releasedBefore`: the table time an earlier frame had reached, for a frame without a view.
 */
export function delayClockOf(
  matchId: string,
  frame: FeedFrame | undefined,
  delayMs: number,
  releasedBefore: string | null = null,
): DelayClockView {
  const delaySeconds = delayMs / 1_000;
  if (frame === undefined) {
    return {
      matchId,
      delaySeconds,
      feedState: 'building',
      releasedUpTo: releasedBefore,
      buildingEndsAt: null,
    };
  }
  const status = frame.status;
  const resumesAt = status.state === 'delayBuilding' ? status.resumesAt : null;
  return {
    matchId,
    delaySeconds,
    feedState: status.state === 'live' ? 'live' : status.reason === 'raised' ? 'behind' : 'building',
    // A status-only frame (held back after a fault) carries no view: what was released stays released.
    releasedUpTo: frame.view?.asOf ?? releasedBefore,
    buildingEndsAt: resumesAt === null ? null : new Date(resumesAt).toISOString(),
  };
}
