import { MatchFeed, feedPolicy, type FeedInput } from '@tablecast/broadcast';
import {
  GUANDAN_RULESETS as RULESETS,
  playRandomGuandanMatch as playRandomMatch,
} from '@tablecast/games/testing';
import { guandanFeed } from '@tablecast/games';
import type { FeedFrame } from '@tablecast/protocol';

export const T0 = Date.UTC(2027, 0, 1, 12, 0, 0);

export interface PlayedFeed {
  /** The match's events as the feed got them, one every `stepMs` from T0. */
  readonly inputs: readonly FeedInput[];
  /** Every broadcast frame, with the time it was released. */
  readonly released: readonly { readonly frame: FeedFrame; readonly now: number }[];
}

/**
 * A match played by the rules engine's random bots, fed through the real `MatchFeed` (the pure
 * core of the server's feed producer) on a fake clock: events recorded every `stepMs`, the feed
 * ticked at each event and every `stepMs` after the last, so each broadcast frame comes out at
 * the first tick at or after its release time, exactly as the server would send it.
 */
export function playReleasedFeed(options: {
  readonly seed: string;
  readonly maxHands?: number;
  readonly delayMs: number;
  readonly stepMs: number;
}): PlayedFeed {
  const played = playRandomMatch({
    ruleset: RULESETS.cga2017,
    seed: options.seed,
    maxHands: options.maxHands,
  });
  if (!played.ok) throw new Error(`playout failed: ${played.violation.message}`);
  const feed = new MatchFeed(feedPolicy(`dir_${options.seed}`, { broadcastDelayMs: options.delayMs }), {
    game: guandanFeed,
  });
  const inputs: FeedInput[] = played.events.map((event, revision) => {
    const recordedAtMs = T0 + revision * options.stepMs;
    return {
      event,
      revision,
      position: String(revision + 1),
      recordedAt: new Date(recordedAtMs).toISOString(),
      recordedAtMs,
    };
  });
  const released: { frame: FeedFrame; now: number }[] = [];
  const keep = (outputs: ReturnType<MatchFeed['tick']>, now: number): void => {
    for (const { audience, frame } of outputs) if (audience === 'broadcast') released.push({ frame, now });
  };
  for (const input of inputs) keep(feed.append(input, input.recordedAtMs), input.recordedAtMs);
  const last = inputs.at(-1)?.recordedAtMs ?? T0;
  for (
    let now = last + options.stepMs;
    now <= last + options.delayMs + options.stepMs;
    now += options.stepMs
  ) {
    keep(feed.tick(now), now);
  }
  return { inputs, released };
}
