import { MatchFeed, feedPolicy, type FeedInput } from '@tablecast/broadcast';
import { playRandomBoards, type DoudizhuEvent } from '@tablecast/doudizhu';
import { doudizhuFeed } from '@tablecast/games';
import type { FeedFrame } from '@tablecast/protocol';
import { T0 } from './released-frames';

export interface DdzReleasedFeed {
  /** The match's events, one every `stepMs` from T0. */
  readonly events: readonly DoudizhuEvent[];
  /** Every broadcast frame, with the time it was released. */
  readonly released: readonly { readonly frame: FeedFrame; readonly now: number }[];
}

/**
 * Dou Dizhu boards played by the module's random legal bots from `seed`, fed through the real
 * `MatchFeed` with Dou Dizhu's feed game on a fake clock, ticked every `stepMs` until all is released.
 */
export function playDdzReleasedFeed(options: {
  readonly seed: string;
  readonly boards: number;
  readonly delayMs: number;
  readonly stepMs: number;
}): DdzReleasedFeed {
  const played = playRandomBoards({ seed: options.seed, boards: options.boards });
  if (!played.ok) throw new Error(`playout failed: ${played.violation.message}`);
  const feed = new MatchFeed(feedPolicy(`ddz_${options.seed}`, { broadcastDelayMs: options.delayMs }), {
    game: doudizhuFeed,
  });
  const released: { frame: FeedFrame; now: number }[] = [];
  const keep = (outputs: ReturnType<(typeof feed)['tick']>, now: number): void => {
    for (const { audience, frame } of outputs)
      if (audience === 'broadcast') released.push({ frame: frame as unknown as FeedFrame, now });
  };
  played.events.forEach((event, revision) => {
    const recordedAtMs = T0 + revision * options.stepMs;
    const input: FeedInput = {
      event: event as unknown as FeedInput['event'],
      revision,
      position: String(revision + 1),
      recordedAt: new Date(recordedAtMs).toISOString(),
      recordedAtMs,
    };
    keep(feed.append(input, recordedAtMs), recordedAtMs);
  });
  const last = T0 + (played.events.length - 1) * options.stepMs;
  for (let now = last + options.stepMs; now <= last + options.delayMs + options.stepMs; now += options.stepMs)
    keep(feed.tick(now), now);
  return { events: played.events, released };
}
