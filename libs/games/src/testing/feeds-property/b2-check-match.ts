import { MatchFeed, feedPolicy, type Audience, type FeedGame, type FeedOutput } from '@tablecast/broadcast';
import { feedInputAt } from '@tablecast/broadcast/testing';
import { nextBelow, seededPrng } from '@tablecast/cards';
import {
  B2_SEATS,
  evolveBigTwo,
  initialBigTwoState,
  playRandomB2Boards,
  type BigTwoEvent,
  type BigTwoState,
} from '@tablecast/bigtwo';
import type { FeedFrame } from '@tablecast/protocol';
import type { BigTwoFeedView } from '../../feeds/bigtwo-feed';

/**
 * The feeds' property for one random Big Two match played by libs/bigtwo's random legal bots
 * (with their clock run-outs and a show now and then):
 * - venue: a frame names a card only if it was played, or its holder's HandShown came before it
 *   (B2-SHOW-1), or the board is over and the deal revealed; never the deal's seed or salt early;
 * - broadcast and commentary: no event and no view before its recorded time plus the delay, and
 *   each view shows every hand exactly as it was at its revision;
 * - staff: the events of its frames are the full log, in order, unchanged; seq has no gap anywhere.
 * No test framework here: it throws, so specs can run it against mutants and expect a failure.
 */
export const B2_BOARDS_PER_MATCH = 2;

export interface B2Tally {
  matches: number;
  boards: number;
  events: number;
  venueFrames: number;
  delayedFrames: number;
  /** Hands shown (B2-SHOW-1) while the board was in play: the venue had to get those cards. */
  shownHands: number;
  /** Venue frames that named a card of a shown hand still held. */
  shownCardsOnVenue: number;
}

export function emptyB2Tally(): B2Tally {
  return {
    matches: 0,
    boards: 0,
    events: 0,
    venueFrames: 0,
    delayedFrames: 0,
    shownHands: 0,
    shownCardsOnVenue: 0,
  };
}

function fail(message: string): never {
  throw new Error(message);
}

/** A card id anywhere in a frame (S3, HT, D2), never part of a longer word. */
const CARD_ID = /(?<![A-Za-z0-9])[SHCD][2-9TJQKA](?![A-Za-z0-9])/g;

/** Cards nobody in the hall may see yet: those in the hands of seats that have not shown. */
function hiddenCards(state: BigTwoState): Set<string> {
  const hidden = new Set<string>();
  const board = state.board;
  if (board === null || board.phase === 'over') return hidden;
  for (const seat of B2_SEATS) {
    if (board.shown[seat] !== true) for (const card of board.hands[seat]) hidden.add(card);
  }
  return hidden;
}

/** Cards in hands that their holders have shown: the venue may, and should, name them. */
function shownHeld(state: BigTwoState): Set<string> {
  const open = new Set<string>();
  const board = state.board;
  if (board === null || board.phase === 'over') return open;
  for (const seat of B2_SEATS)
    if (board.shown[seat] === true) for (const card of board.hands[seat]) open.add(card);
  return open;
}

export function checkBigTwoMatch(
  seed: string,
  delayMs: number,
  tally: B2Tally,
  game: FeedGame<unknown, unknown, BigTwoFeedView>,
): void {
  const played = playRandomB2Boards({
    seed,
    boards: B2_BOARDS_PER_MATCH,
    showPerMille: 250,
    timeoutPerMille: 50,
  });
  if (!played.ok) fail(`playout ${seed} failed: ${played.violation.message}`);
  const log: readonly BigTwoEvent[] = played.events;
  tally.matches += 1;
  tally.boards += B2_BOARDS_PER_MATCH;

  const handsAt: string[] = [];
  let replayed = initialBigTwoState();
  for (const event of log) {
    replayed = evolveBigTwo(replayed, event);
    handsAt.push(JSON.stringify(B2_SEATS.map((seat) => replayed.board?.hands[seat] ?? [])));
    if (event.type === 'HandShown') tally.shownHands += 1;
  }

  const timing = seededPrng(`b2-timing:${seed}`);
  const feed = new MatchFeed(feedPolicy('b2m1', { broadcastDelayMs: delayMs }), { game });
  const recorded = new Map<number, { readonly at: number; readonly delay: number }>();
  const dueOf = (revision: number): number | undefined => {
    const entry = recorded.get(revision);
    return entry === undefined ? undefined : entry.at + entry.delay;
  };
  const staffEvents: FeedFrame<BigTwoFeedView>['event'][] = [];
  const lastSeq: Record<Audience, number> = { staff: 0, venue: 0, broadcast: 0, commentary: 0 };
  const shownView: Record<Audience, number> = { staff: -1, venue: -1, broadcast: -1, commentary: -1 };
  let hidden = new Set<string>();
  let open = new Set<string>();
  let secrets: string[] = [];
  let now = Date.UTC(2026, 10, 28, 4, 0, 0);

  const checkVenue = (frame: FeedFrame<BigTwoFeedView>): void => {
    tally.venueFrames += 1;
    const json = JSON.stringify(frame);
    let namesShown = false;
    for (const [card] of json.matchAll(CARD_ID)) {
      if (hidden.has(card)) fail(`venue frame ${String(frame.seq)} names hidden card ${card}: ${json}`);
      if (open.has(card)) namesShown = true;
    }
    if (namesShown) tally.shownCardsOnVenue += 1;
    for (const secret of secrets) {
      if (json.includes(secret)) fail(`venue frame ${String(frame.seq)} names the deal's secret ${secret}`);
    }
  };
  const checkDelayed = (audience: Audience, frame: FeedFrame<BigTwoFeedView>, at: number): void => {
    tally.delayedFrames += 1;
    if (frame.event !== null) {
      const due = dueOf(frame.event.revision);
      if (due === undefined || due > at)
        fail(`${audience}: event ${String(frame.event.revision)} released early`);
    }
    const view = frame.view;
    if (view === null) return;
    if (view.streamRevision > shownView[audience]) {
      const due = dueOf(view.streamRevision);
      if (due === undefined || due > at)
        fail(`${audience}: view at revision ${String(view.streamRevision)} early`);
      shownView[audience] = view.streamRevision;
    }
    const hands = JSON.stringify(view.seats.map((seat) => seat.hand));
    if (hands !== handsAt[view.streamRevision]) {
      fail(
        `${audience}: view at ${String(view.streamRevision)} shows ${hands}, the table had ${String(handsAt[view.streamRevision])}`,
      );
    }
  };
  const check = (outputs: readonly FeedOutput<BigTwoFeedView>[], at: number): void => {
    for (const { audience, frame } of outputs) {
      if (frame.seq !== lastSeq[audience] + 1)
        fail(`${audience} seq ${String(frame.seq)} after ${String(lastSeq[audience])}`);
      lastSeq[audience] = frame.seq;
      if (audience === 'staff') staffEvents.push(frame.event);
      else if (audience === 'venue') checkVenue(frame);
      else checkDelayed(audience, frame, at);
    }
  };

  let state = initialBigTwoState();
  log.forEach((event, revision) => {
    const gap = nextBelow(timing, 4) === 0 ? 0 : nextBelow(timing, Math.ceil(delayMs / 10));
    const probe = now + nextBelow(timing, gap + 1);
    check(feed.tick(probe), probe);
    now += gap;
    state = evolveBigTwo(state, event);
    if (event.type === 'CardsDealt')
      secrets = [event.data.salt, ...(event.data.seed === null ? [] : [event.data.seed])];
    if (event.type === 'DeckRevealed') secrets = [];
    hidden = hiddenCards(state);
    open = shownHeld(state);
    recorded.set(revision, { at: now, delay: delayMs });
    tally.events += 1;
    check(feed.append(feedInputAt(event, revision, now), now), now);
  });
  const end = now + delayMs;
  check(feed.tick(end), end);
  if (feed.pendingCount !== 0) fail(`${String(feed.pendingCount)} events never released`);
  if (staffEvents.length !== log.length) fail('staff frames and log differ in length');
  log.forEach((event, revision) => {
    const shown = staffEvents[revision];
    if (shown?.type !== event.type || shown.data !== event.data || shown.revision !== revision) {
      fail(`staff frame ${String(revision)} is not the logged ${event.type}`);
    }
  });
}
