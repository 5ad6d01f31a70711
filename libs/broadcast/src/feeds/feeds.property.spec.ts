import { nextBelow, seededPrng } from '@tablecast/cards';
import {
  RULESETS,
  RULESET_NAMES,
  evolve,
  initialState,
  playRandomMatch,
  type GuandanEvent,
  type MatchState,
} from '@tablecast/guandan';
import type { FeedFrame } from '@tablecast/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feedPolicy } from './policy';
import { MatchFeed, type FeedOutput } from './match-feed';
import type { FeedInput } from './feed-input';

/**
 * Issue 7's property over random Guandan deals played by the rules engine's random legal bots:
 * - venue: no frame names a card that is still in a hand (or passing into one) at that moment,
 *   nor the deal's seed or salt;
 * - broadcast and commentary: no frame carries an event, or a view including an event, before
 *   that event's recorded time plus the delay; seq has no gap;
 * - staff: the events of its frames are the full log, in order, unchanged.
 * The deal count is tunable (FEED_PROPERTY_HANDS) because the bots dominate the run time.
 */
const TOTAL_HANDS = Number(process.env.FEED_PROPERTY_HANDS ?? '5000');
const HANDS_PER_MATCH = 4;
const RUNS = Math.max(1, Math.ceil(TOTAL_HANDS / HANDS_PER_MATCH));

const CARD_ID = /(?:[SHCD][2-9TJQKA]|BJ|RJ)[ab]/g;

function heldCards(state: MatchState): Set<string> {
  const held = new Set<string>();
  const hand = state.hand;
  if (hand === null) return held;
  for (const seat of ['S', 'E', 'N', 'W'] as const) for (const card of hand.hands[seat]) held.add(card);
  // Given but not yet assigned: in nobody's hand in the state, but passing into one.
  if (hand.assignments.length === 0) for (const t of hand.tributesGiven) held.add(t.card);
  return held;
}

interface Tally {
  hands: number;
  events: number;
  venueFrames: number;
  delayedFrames: number;
}

function checkMatch(seed: string, rulesetIndex: number, delayMs: number, tally: Tally): void {
  const ruleset = RULESETS[RULESET_NAMES[rulesetIndex % RULESET_NAMES.length] ?? 'cga2017'];
  const played = playRandomMatch({ ruleset, seed, maxHands: HANDS_PER_MATCH });
  if (!played.ok) expect.fail(`playout failed: ${played.violation.message}`);
  tally.hands += played.hands;

  const timing = seededPrng(`timing:${seed}`);
  const feed = new MatchFeed(feedPolicy('m1', { broadcastDelayMs: delayMs }));
  const dueOf = new Map<number, number>();
  const staffEvents: FeedFrame['event'][] = [];
  const lastSeq = { staff: 0, venue: 0, broadcast: 0, commentary: 0 };
  let state = initialState();
  let hidden = new Set<string>();
  let secrets: string[] = [];
  let now = Date.UTC(2026, 10, 22, 4, 0, 0);

  const check = (outputs: readonly FeedOutput[], at: number): void => {
    for (const { audience, frame } of outputs) {
      if (frame.seq !== lastSeq[audience] + 1)
        expect.fail(`${audience} seq ${String(frame.seq)} after ${String(lastSeq[audience])}`);
      lastSeq[audience] = frame.seq;
      if (audience === 'venue') checkVenue(frame);
      else if (audience === 'staff') staffEvents.push(frame.event);
      else checkDelayed(frame, at);
    }
  };
  const checkVenue = (frame: FeedFrame): void => {
    tally.venueFrames += 1;
    const json = JSON.stringify(frame);
    for (const card of json.match(CARD_ID) ?? []) {
      if (hidden.has(card)) expect.fail(`venue frame ${String(frame.seq)} names held card ${card}: ${json}`);
    }
    for (const secret of secrets) {
      if (json.includes(JSON.stringify(secret))) expect.fail(`venue frame names the deal's secret ${secret}`);
    }
  };
  const checkDelayed = (frame: FeedFrame, at: number): void => {
    tally.delayedFrames += 1;
    if (frame.event !== null) {
      const due = dueOf.get(frame.event.revision);
      if (due === undefined || due > at) expect.fail(`event ${String(frame.event.revision)} released early`);
    }
    if (frame.view !== null) {
      const due = dueOf.get(frame.view.revision);
      if (due === undefined || due > at) expect.fail(`view at revision ${String(frame.view.revision)} early`);
    }
  };

  played.events.forEach((event: GuandanEvent, revision) => {
    // Bursts (several events in one command) and pauses, sometimes longer than the delay.
    const gap = nextBelow(timing, 4) === 0 ? 0 : nextBelow(timing, Math.ceil(delayMs / 10));
    const probe = now + nextBelow(timing, gap + 1);
    check(feed.tick(probe), probe);
    now += gap;
    state = evolve(state, event);
    hidden = heldCards(state);
    if (event.type === 'CardsDealt')
      secrets = [event.data.salt, ...(event.data.seed === null ? [] : [event.data.seed])];
    if (event.type === 'DeckRevealed') secrets = [];
    const input: FeedInput = {
      event,
      revision,
      position: String(revision + 1),
      recordedAt: new Date(now).toISOString(),
      recordedAtMs: now,
    };
    dueOf.set(revision, now + delayMs);
    tally.events += 1;
    check(feed.append(input, now), now);
  });
  // Drain: everything is released once its time has come, and nothing before.
  const end = now + delayMs;
  check(feed.tick(end - 1), end - 1);
  check(feed.tick(end), end);
  if (feed.pendingCount !== 0) expect.fail(`${String(feed.pendingCount)} events never released`);
  // Staff sees the log itself: every event, in order, its data untouched (the same object).
  if (staffEvents.length !== played.events.length) expect.fail('staff frames and log differ in length');
  played.events.forEach((event, revision) => {
    const shown = staffEvents[revision];
    if (shown?.type !== event.type || shown.data !== event.data || shown.revision !== revision) {
      expect.fail(`staff frame ${String(revision)} is not the logged ${event.type}`);
    }
  });
}

describe('feeds over random Guandan deals (property)', () => {
  it(
    `venue never names a held card, broadcast is never early, staff is the log (${String(TOTAL_HANDS)} deals)`,
    () => {
      const tally: Tally = { hands: 0, events: 0, venueFrames: 0, delayedFrames: 0 };
      const started = performance.now();
      fc.assert(
        fc.property(
          fc.string({ minLength: 1, maxLength: 12 }),
          fc.nat(),
          fc.integer({ min: 1_000, max: 300_000 }),
          (seed, rulesetIndex, delayMs) => {
            checkMatch(seed, rulesetIndex, delayMs, tally);
          },
        ),
        { numRuns: RUNS },
      );
      const seconds = (performance.now() - started) / 1000;
      console.info(
        `feeds property: ${String(tally.hands)} deals, ${String(tally.events)} events, ` +
          `${String(tally.venueFrames)} venue and ${String(tally.delayedFrames)} delayed frames in ${seconds.toFixed(1)} s`,
      );
      expect(tally.hands).toBeGreaterThanOrEqual(TOTAL_HANDS * 0.9);
    },
    Math.max(600_000, TOTAL_HANDS * 20),
  );
});
