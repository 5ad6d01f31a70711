import { MatchFeed, feedPolicy, type Audience, type FeedGame, type FeedOutput } from '@tablecast/broadcast';
import { feedInputAt } from '@tablecast/broadcast/testing';
import { nextBelow, seededPrng } from '@tablecast/cards';
import {
  DDZ_SEATS,
  decideDoudizhu,
  evolveDoudizhu,
  initialDoudizhuState,
  playRandomBoards,
  type DoudizhuEvent,
  type DoudizhuState,
} from '@tablecast/doudizhu';
import type { FeedFrame } from '@tablecast/protocol';
import type { DoudizhuFeedView } from '../../feeds/doudizhu-feed';

/**
 * The feeds' property for one random Dou Dizhu match played by libs/doudizhu's random legal bots
 * (with their clock run-outs), with arbiters' warnings whose note names a card the seat holds:
 * - venue: no frame names a card still hidden at that moment (in a hand and not in the revealed
 *   kitty, or in the face-down kitty), nor the deal's seed or salt before the deck is revealed;
 * - every audience but staff: no `DoubleChosen` at all, and no view shows a defender's double
 *   before both are revealed at the view's own moment (DDZ-DBL-1);
 * - broadcast and commentary: no event and no view before its recorded time plus the delay, and
 *   each view shows every hand exactly as it was at its revision (all hands, after the delay);
 * - staff: the events of its frames are the full log, in order, unchanged; seq has no gap anywhere.
 * No test framework here: it throws, so specs can run it against mutants and expect a failure.
 */
export const DDZ_BOARDS_PER_MATCH = 2;

type DdzFeedView = DoudizhuFeedView;

export interface DdzTally {
  matches: number;
  boards: number;
  events: number;
  venueFrames: number;
  delayedFrames: number;
  /** Boards where one defender's double stood sealed in the log while the other had not chosen. */
  sealedDoubles: number;
  /** Arbiters' warnings whose note names a held card. */
  penalties: number;
}

export function emptyDdzTally(): DdzTally {
  return {
    matches: 0,
    boards: 0,
    events: 0,
    venueFrames: 0,
    delayedFrames: 0,
    sealedDoubles: 0,
    penalties: 0,
  };
}

function fail(message: string): never {
  throw new Error(message);
}

/**
 * A card id anywhere in a frame (one 54-card deck: H5, ST, BJ, RJ): a field of its own or inside
 * a text such as an arbiter's note, never part of a longer word.
 */
const CARD_ID = /(?<![A-Za-z0-9])(?:[SHCD][2-9TJQKA]|BJ|RJ)(?![A-Za-z0-9])/g;

/** Cards nobody in the hall may see yet: those in hands (bar the revealed kitty) and a face-down kitty. */
function hiddenCards(state: DoudizhuState): Set<string> {
  const hidden = new Set<string>();
  const board = state.board;
  if (board === null || board.phase === 'over') return hidden;
  const shown = new Set<string>(board.kittyRevealed ? board.kitty : []);
  for (const seat of DDZ_SEATS) for (const card of board.hands[seat]) if (!shown.has(card)) hidden.add(card);
  if (!board.kittyRevealed) for (const card of board.kitty) hidden.add(card);
  return hidden;
}

/** The random match, with a warning now and then whose note names a card of the warned seat's hand. */
function playMatch(seed: string, tally: DdzTally): DoudizhuEvent[] {
  const steps: DoudizhuEvent[][] = [];
  const played = playRandomBoards({
    seed,
    boards: DDZ_BOARDS_PER_MATCH,
    onStep: ({ events }) => steps.push([...events]),
  });
  if (!played.ok) fail(`playout ${seed} failed: ${played.violation.message}`);
  const arbiter = seededPrng(`arbiter:${seed}`);
  const log: DoudizhuEvent[] = [];
  let state = initialDoudizhuState();
  const add = (events: readonly DoudizhuEvent[]): void => {
    for (const event of events) state = evolveDoudizhu(state, event);
    log.push(...events);
  };
  for (const events of steps) {
    const board = state.board;
    if (board !== null && board.phase === 'play' && nextBelow(arbiter, 30) === 0) {
      const seat = DDZ_SEATS[nextBelow(arbiter, 3)] ?? 0;
      const decision = decideDoudizhu(
        {
          type: 'IssuePenalty',
          seat,
          rule: 'DDZ-PLAY-7',
          sanction: 'warning',
          points: 0,
          refereeId: 'arbiter-1',
          note: `seat ${String(seat)} showed ${board.hands[seat].join(' ')}`,
          now: state.clockSince,
        },
        state,
      );
      if (!decision.ok) fail(`warning refused: ${decision.message}`);
      add(decision.events);
      tally.penalties += 1;
    }
    add(events);
  }
  return log;
}

export function checkDoudizhuMatch(
  seed: string,
  delayMs: number,
  tally: DdzTally,
  game: FeedGame<unknown, unknown, DdzFeedView>,
): void {
  const log = playMatch(seed, tally);
  tally.matches += 1;
  tally.boards += DDZ_BOARDS_PER_MATCH;

  // The table as the engine has it after each event, independently of the feed.
  const handsAt: string[] = [];
  const revealedAt: boolean[] = [];
  let state = initialDoudizhuState();
  let open = 0;
  for (const event of log) {
    state = evolveDoudizhu(state, event);
    handsAt.push(JSON.stringify(DDZ_SEATS.map((seat) => state.board?.hands[seat] ?? [])));
    revealedAt.push(state.board?.doublesRevealed === true);
    if (event.type === 'DoubleChosen') open += 1;
    if (event.type === 'DoublesRevealed') {
      // Two choices means one stood sealed alone in the log first.
      if (open === 2) tally.sealedDoubles += 1;
      open = 0;
    }
  }

  const timing = seededPrng(`ddz-timing:${seed}`);
  const feed = new MatchFeed(feedPolicy('ddz1', { broadcastDelayMs: delayMs }), { game });
  const recorded = new Map<number, { readonly at: number; readonly delay: number }>();
  let delay = delayMs;
  let longest = delayMs;
  const dueOf = (revision: number): number | undefined => {
    const entry = recorded.get(revision);
    return entry === undefined ? undefined : entry.at + Math.max(entry.delay, delay);
  };
  const staffEvents: FeedFrame<DdzFeedView>['event'][] = [];
  const lastSeq: Record<Audience, number> = { staff: 0, venue: 0, broadcast: 0, commentary: 0 };
  const shownView: Record<Audience, number> = { staff: -1, venue: -1, broadcast: -1, commentary: -1 };
  let hidden = new Set<string>();
  let secrets: string[] = [];
  let now = Date.UTC(2026, 10, 22, 4, 0, 0);

  const checkSealed = (audience: Audience, frame: FeedFrame<DdzFeedView>): void => {
    if (frame.event?.type === 'DoubleChosen') {
      fail(`DDZ-DBL-1: ${audience} frame ${String(frame.seq)} carries a sealed double`);
    }
    const view = frame.view;
    if (view === null || view.streamRevision < 0) return;
    for (const seat of view.seats) {
      if (seat.doubled !== null && revealedAt[view.streamRevision] !== true) {
        fail(
          `DDZ-DBL-1: ${audience} view at ${String(view.streamRevision)} shows seat ${String(seat.seat)}'s double`,
        );
      }
    }
  };
  const checkVenue = (frame: FeedFrame<DdzFeedView>): void => {
    tally.venueFrames += 1;
    const json = JSON.stringify(frame);
    for (const [card] of json.matchAll(CARD_ID)) {
      if (hidden.has(card)) {
        fail(`venue frame ${String(frame.seq)} names hidden card ${card}: ${json}`);
      }
    }
    for (const secret of secrets) {
      if (json.includes(secret)) fail(`venue frame ${String(frame.seq)} names the deal's secret ${secret}`);
    }
  };
  const checkDelayed = (audience: Audience, frame: FeedFrame<DdzFeedView>, at: number): void => {
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
  const check = (outputs: readonly FeedOutput<DdzFeedView>[], at: number): void => {
    for (const { audience, frame } of outputs) {
      if (frame.seq !== lastSeq[audience] + 1) {
        fail(`${audience} seq ${String(frame.seq)} after ${String(lastSeq[audience])}`);
      }
      lastSeq[audience] = frame.seq;
      if (audience === 'staff') {
        staffEvents.push(frame.event);
        continue;
      }
      checkSealed(audience, frame);
      if (audience === 'venue') checkVenue(frame);
      else checkDelayed(audience, frame, at);
    }
  };

  state = initialDoudizhuState();
  log.forEach((event, revision) => {
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
    state = evolveDoudizhu(state, event);
    if (event.type === 'CardsDealt')
      secrets = [event.data.salt, ...(event.data.seed === null ? [] : [event.data.seed])];
    if (event.type === 'DeckRevealed') secrets = [];
    hidden = hiddenCards(state);
    recorded.set(revision, { at: now, delay });
    tally.events += 1;
    check(feed.append(feedInputAt(event, revision, now), now), now);
  });
  const end = now + longest;
  check(feed.tick(end - 1), end - 1);
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
