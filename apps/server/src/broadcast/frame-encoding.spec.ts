import { MatchFeed, feedPolicy, type FeedOutput } from '@tablecast/broadcast';
import { guandanFeed } from '@tablecast/games';
import { GUANDAN_RULESETS, playRandomGuandanMatch } from '@tablecast/games/testing';
import { describe, expect, it } from 'vitest';
import { FrameEncoder } from './frame-encoding';

const T0 = Date.UTC(2027, 0, 1, 12, 0, 0);
const STEP_MS = 400;
const DELAY_MS = 1_000;

/** Every step's frames of a played match (events, release ticks, a clock fault): one array per step. */
function playedSteps(): FeedOutput[][] {
  const played = playRandomGuandanMatch({
    ruleset: GUANDAN_RULESETS.cga2017,
    seed: 'frame-encoding',
    maxHands: 1,
  });
  if (!played.ok) throw new Error(played.violation.message);
  const feed = new MatchFeed(feedPolicy('enc_1', { broadcastDelayMs: DELAY_MS }), { game: guandanFeed });
  const steps: FeedOutput[][] = [];
  played.events.forEach((event, revision) => {
    const now = T0 + revision * STEP_MS;
    const input = {
      event,
      revision,
      position: String(revision + 1),
      recordedAt: new Date(now).toISOString(),
      recordedAtMs: now,
    };
    // A clock fault half-way: the delayed feeds say so with a frame carrying no view.
    const health = { clock: revision !== 20, log: true };
    steps.push(feed.append(input, now, health));
  });
  const last = T0 + played.events.length * STEP_MS;
  for (let now = last; now <= last + 2 * DELAY_MS; now += STEP_MS) steps.push(feed.tick(now));
  return steps;
}

describe('FrameEncoder (the bytes of a feed frame)', () => {
  const steps = playedSteps();
  const frames = steps.flat();

  it('encodes every frame of a played match as exactly its JSON: live, delayed and status frames', () => {
    for (const audience of ['staff', 'venue', 'broadcast', 'commentary'])
      expect(frames.some((o) => o.audience === audience && o.frame.view !== null)).toBe(true);
    expect(frames.some((o) => o.frame.view === null)).toBe(true);
    for (const step of steps) {
      const encoder = new FrameEncoder();
      for (const { frame } of step)
        expect(encoder.encode(frame).toString('utf8')).toBe(JSON.stringify(frame));
    }
  });

  it('a release gives broadcast and commentary the same view object (what the encoder shares)', () => {
    const shared = steps.filter((step) => {
      const broadcast = step.find((o) => o.audience === 'broadcast')?.frame.view;
      const commentary = step.find((o) => o.audience === 'commentary')?.frame.view;
      return broadcast !== undefined && broadcast !== null && broadcast === commentary;
    });
    expect(shared.length).toBeGreaterThan(10);
  });
});
