import { MatchFeed, feedPolicy, type FeedOutput } from '@tablecast/broadcast';
import { guandanFeed } from '@tablecast/games';
import { GUANDAN_RULESETS, playRandomGuandanMatch } from '@tablecast/games/testing';

const T0 = Date.UTC(2027, 0, 1, 12, 0, 0);
const STEP_MS = 400;
const DELAY_MS = 1_000;

/** Every step's frames of a played match (events, release ticks, a clock fault): one array per step. */
export function playedSteps(): FeedOutput[][] {
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
