import type { FeedFrame } from '@tablecast/protocol';

/** The dashboard's delay clock for one match (issue 9). */
export interface DelayClock {
  readonly matchId: string;
  readonly delaySeconds: number;
  /** `building`: the delayed feeds show "delay building" (nothing released yet, or held back). */
  readonly feedState: 'building' | 'live';
  /** The table time (ISO) the broadcast feed has reached: recorded time of the newest event released. */
  readonly releasedUpTo: string | null;
  /** When the next release is due while building, if known (ISO). */
  readonly buildingEndsAt: string | null;
}

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
): DelayClock {
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
  const building = frame.status.state === 'delayBuilding';
  const resumesAt = frame.status.state === 'delayBuilding' ? frame.status.resumesAt : null;
  return {
    matchId,
    delaySeconds,
    feedState: building ? 'building' : 'live',
    // A status-only frame (held back after a fault) carries no view: what was released stays released.
    releasedUpTo: frame.view?.asOf ?? releasedBefore,
    buildingEndsAt: resumesAt === null ? null : new Date(resumesAt).toISOString(),
  };
}
