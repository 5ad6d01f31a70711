import { nextBelow, seededPrng } from '@tablecast/cards';
import type { TablecastEvent } from '@tablecast/events';
import { RULESETS, RULESET_NAMES, type MatchState } from '@tablecast/guandan';
import type { FeedFrame } from '@tablecast/protocol';
import { feedPolicy, type Audience, type FeedOutput } from '@tablecast/broadcast';
import { feedInputAt } from '@tablecast/broadcast/testing';
import { guandanMatchFeed } from '../guandan-feeds';
import { DEFAULT_BLINDSPOT_RATES, inEffect, playEventfulMatch, type BlindspotRates } from './eventful-match';
import { LeakScan } from './leak-scan';

/**
 * The feeds' property for one random match played by the rules engine's random legal bots, with
 * penalties, rulings, keying corrections and anti-tribute deals mixed in (eventful-match.ts):
 * - venue: no frame names a card that is still in a hand (or passing into one) at that moment,
 *   nor the deal's seed or salt; after a confirmed keying correction that is the hands of the
 *   events still in effect, so a card taken back into a hand is hidden again;
 * - broadcast and commentary: no frame carries an event, or a view including an event, before
 *   that event's recorded time plus the delay; seq has no gap;
 * - staff: the events of its frames are the full log, in order, unchanged.
 * No test framework here: it throws, so the spec and the worker processes (shard.ts) share it.
 */
export const HANDS_PER_MATCH = 4;

function fail(message: string): never {
  throw new Error(message);
}

/**
 * The cards in a hand (or passing into one) of `state`. The engine replaces a deal's `hands` and
 * `tributesGiven` whenever a card moves and keeps them otherwise (a pass, a trick won), so the set
 * of the previous event is reused while both are the same objects.
 */
function heldCardsOf(): (state: MatchState) => ReadonlySet<string> {
  let last: { hands: unknown; tributes: unknown; assigned: boolean; held: ReadonlySet<string> } | null = null;
  return (state) => {
    const hand = state.hand;
    if (hand === null) return new Set();
    const assigned = hand.assignments.length > 0;
    if (last?.hands === hand.hands && last.tributes === hand.tributesGiven && last.assigned === assigned)
      return last.held;
    const held = new Set<string>();
    for (const seat of ['S', 'E', 'N', 'W'] as const) for (const card of hand.hands[seat]) held.add(card);
    // Given but not yet assigned: in nobody's hand in the state, but passing into one.
    if (!assigned) for (const t of hand.tributesGiven) held.add(t.card);
    last = { hands: hand.hands, tributes: hand.tributesGiven, assigned, held };
    return held;
  };
}

export interface Tally {
  matches: number;
  hands: number;
  events: number;
  venueFrames: number;
  delayedFrames: number;
  /** Matches holding at least one of each (see eventful-match.ts). */
  withPenalty: number;
  withRuling: number;
  withCorrection: number;
  withCardsReturned: number;
  withAntiTribute: number;
  withClaimedAntiTribute: number;
}

export function emptyTally(): Tally {
  return {
    matches: 0,
    hands: 0,
    events: 0,
    venueFrames: 0,
    delayedFrames: 0,
    withPenalty: 0,
    withRuling: 0,
    withCorrection: 0,
    withCardsReturned: 0,
    withAntiTribute: 0,
    withClaimedAntiTribute: 0,
  };
}

/** The deal's secrets while they are secret: its seed and salt until the deck is revealed. */
function secretsOf(events: readonly TablecastEvent[]): string[] {
  let secrets: string[] = [];
  for (const event of events) {
    if (event.type === 'CardsDealt')
      secrets = [event.data.salt, ...(event.data.seed === null ? [] : [event.data.seed])];
    if (event.type === 'DeckRevealed') secrets = [];
  }
  return secrets;
}

export function checkMatch(
  seed: string,
  rulesetIndex: number,
  delayMs: number,
  tally: Tally,
  rates: BlindspotRates = DEFAULT_BLINDSPOT_RATES,
): void {
  const ruleset = RULESETS[RULESET_NAMES[rulesetIndex % RULESET_NAMES.length] ?? 'cga2017'];
  const played = playEventfulMatch({ ruleset, seed, maxHands: HANDS_PER_MATCH, rates });
  tally.matches += 1;
  tally.hands += played.hands;
  const { counts } = played;
  if (counts.penalties > 0) tally.withPenalty += 1;
  if (counts.rulings > 0) tally.withRuling += 1;
  if (counts.corrections > 0) tally.withCorrection += 1;
  if (counts.cardsReturned > 0) tally.withCardsReturned += 1;
  if (counts.antiTributes > 0) tally.withAntiTribute += 1;
  if (counts.claimedAntiTributes > 0) tally.withClaimedAntiTribute += 1;

  const timing = seededPrng(`timing:${seed}`);
  const feed = guandanMatchFeed(feedPolicy('m1', { broadcastDelayMs: delayMs }));
  // Each event's recorded time and the delay in force then (TC-FEED-1); the delay changes now and
  // then mid-match, up or down, as a producer's PUT would (TC-FEED-2/3).
  const recorded = new Map<number, { readonly at: number; readonly delay: number }>();
  let delay = delayMs;
  let longest = delayMs;
  const dueOf = (revision: number): number | undefined => {
    const entry = recorded.get(revision);
    return entry === undefined ? undefined : entry.at + Math.max(entry.delay, delay);
  };
  const staffEvents: FeedFrame['event'][] = [];
  const lastSeq = { staff: 0, venue: 0, broadcast: 0, commentary: 0 };
  const shownView = { staff: -1, venue: -1, broadcast: -1, commentary: -1 };
  const heldCards = heldCardsOf();
  const venueScan = new LeakScan();
  let secrets: string[] = [];
  let now = Date.UTC(2026, 10, 22, 4, 0, 0);

  const check = (outputs: readonly FeedOutput[], at: number): void => {
    for (const { audience, frame } of outputs) {
      if (frame.seq !== lastSeq[audience] + 1)
        fail(`${audience} seq ${String(frame.seq)} after ${String(lastSeq[audience])}`);
      lastSeq[audience] = frame.seq;
      if (audience === 'venue') checkVenue(frame);
      else if (audience === 'staff') staffEvents.push(frame.event);
      else checkDelayed(audience, frame, at);
    }
  };
  const checkVenue = (frame: FeedFrame): void => {
    tally.venueFrames += 1;
    const leak = venueScan.leakIn(frame);
    if (leak !== null) fail(`venue frame ${String(frame.seq)} names ${leak}: ${JSON.stringify(frame)}`);
  };
  const checkDelayed = (audience: Audience, frame: FeedFrame, at: number): void => {
    tally.delayedFrames += 1;
    if (frame.event !== null) {
      const due = dueOf(frame.event.revision);
      if (due === undefined || due > at) fail(`event ${String(frame.event.revision)} released early`);
    }
    // A view already shown may be shown again (a status frame after a raise: what was released stays
    // released, TC-FEED-3); a view that moves forward must be due.
    if (frame.view !== null && frame.view.revision > shownView[audience]) {
      const due = dueOf(frame.view.revision);
      if (due === undefined || due > at) fail(`view at revision ${String(frame.view.revision)} early`);
      shownView[audience] = frame.view.revision;
    }
  };

  played.events.forEach((event: TablecastEvent, revision) => {
    // Bursts (several events in one command) and pauses, sometimes longer than the delay.
    const gap = nextBelow(timing, 4) === 0 ? 0 : nextBelow(timing, Math.ceil(delayMs / 10));
    const probe = now + nextBelow(timing, gap + 1);
    check(feed.tick(probe), probe);
    now += gap;
    if (nextBelow(timing, 60) === 0) {
      delay = 1_000 + nextBelow(timing, 299_001);
      longest = Math.max(longest, delay);
      check(feed.setDelay(delay, now), now);
    }
    // The product's fold (after a correction, of the events still in effect: effectiveEvents), as
    // the playout folded it while deciding.
    const state = played.states[revision] ?? fail(`no state after event ${String(revision)}`);
    if (event.type === 'CorrectionConfirmed') {
      secrets = secretsOf(inEffect(played.events.slice(0, revision + 1)));
    } else if (event.type === 'CardsDealt') {
      secrets = [event.data.salt, ...(event.data.seed === null ? [] : [event.data.seed])];
    } else if (event.type === 'DeckRevealed') {
      secrets = [];
    }
    venueScan.hide(heldCards(state), secrets);
    const input = feedInputAt(event, revision, now);
    recorded.set(revision, { at: now, delay });
    tally.events += 1;
    check(feed.append(input, now), now);
  });
  // Drain: everything is released once its time has come, and nothing before.
  const end = now + longest;
  check(feed.tick(end - 1), end - 1);
  check(feed.tick(end), end);
  if (feed.pendingCount !== 0) fail(`${String(feed.pendingCount)} events never released`);
  // Staff sees the log itself: every event, in order, its data untouched (the same object).
  if (staffEvents.length !== played.events.length) fail('staff frames and log differ in length');
  played.events.forEach((event, revision) => {
    const shown = staffEvents[revision];
    if (shown?.type !== event.type || shown.data !== event.data || shown.revision !== revision) {
      fail(`staff frame ${String(revision)} is not the logged ${event.type}`);
    }
  });
}
