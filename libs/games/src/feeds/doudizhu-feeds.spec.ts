import { MatchFeed, feedPolicy, type FeedGame, type FeedOutput } from '@tablecast/broadcast';
import { feedInputAt } from '@tablecast/broadcast/testing';
import {
  DDZ_SEATS,
  evolveDoudizhu,
  initialDoudizhuState,
  playRandomBoards,
  type DoudizhuEvent,
  type DoudizhuState,
} from '@tablecast/doudizhu';
import { describe, expect, it } from 'vitest';
import { doubleDisclosedAsPublic } from '../testing/ddz-mutants';
import type { DoudizhuFeedView } from './doudizhu-feed';
import { doudizhuFeed } from './feed-games';

type DdzFeedView = DoudizhuFeedView;

const T0 = Date.UTC(2026, 10, 22, 4, 0, 0);
const DELAY_MS = 5_000;

const played = playRandomBoards({ seed: 'ddz-feed-spec', boards: 2 });
if (!played.ok) throw new Error(`playout failed: ${played.violation.message}`);
const log: readonly DoudizhuEvent[] = played.events;

/** The engine's state after each event of the log. */
const states: readonly DoudizhuState[] = (() => {
  let state = initialDoudizhuState();
  return log.map((event) => (state = evolveDoudizhu(state, event)));
})();
const stateAt = (revision: number): DoudizhuState => {
  const state = states[revision];
  if (state === undefined) throw new Error(`no state at ${String(revision)}`);
  return state;
};

type Board = NonNullable<DoudizhuState['board']>;

/**
 * DDZ-SCORE-4 as it stands at a moment of the board, for the defender who doubled if either did:
 * bid × 2^(bombs + rockets), × 2 for a revealed double, × 2 again for the redouble (DDZ-DBL-3), and
 * × 2 for a spring or anti-spring once the board has ended.
 */
function liveMultiplier(board: Board): number {
  const doubled = board.doublesRevealed && DDZ_SEATS.some((seat) => board.doubles[seat] === true);
  const end = board.result === null ? 0 : Number(board.result.spring) + Number(board.result.antiSpring);
  const n = board.bombs + board.rockets + end + (doubled ? 1 + Number(board.redoubled) : 0);
  return (board.bid ?? 0) * 2 ** n;
}

/** Every frame of the match with when it went out, one event a second from T0, drained a delay after the last. */
function timedFrames(
  game: FeedGame<unknown, unknown, DdzFeedView>,
): { output: FeedOutput<DdzFeedView>; at: number }[] {
  const feed = new MatchFeed(feedPolicy('ddz_spec', { broadcastDelayMs: DELAY_MS }), { game });
  const out: { output: FeedOutput<DdzFeedView>; at: number }[] = [];
  const keep = (outputs: readonly FeedOutput<DdzFeedView>[], at: number): void => {
    for (const output of outputs) out.push({ output, at });
  };
  log.forEach((event, revision) => {
    const at = T0 + revision * 1000;
    keep(feed.append(feedInputAt(event, revision, at), at), at);
  });
  const end = T0 + log.length * 1000 + DELAY_MS;
  keep(feed.tick(end), end);
  return out;
}

function frames(game: FeedGame<unknown, unknown, DdzFeedView>): FeedOutput<DdzFeedView>[] {
  return timedFrames(game).map(({ output }) => output);
}

/**
 * DDZ-DBL-1 over every frame but staff's: no `DoubleChosen`, and no view that shows a defender's
 * double while the engine, at that view's moment, has not revealed both.
 */
function expectNoDoubleBeforeBothAreIn(outputs: readonly FeedOutput<DdzFeedView>[]): void {
  for (const { audience, frame } of outputs) {
    if (audience === 'staff') continue;
    expect(frame.event?.type, `${audience} frame ${String(frame.seq)}`).not.toBe('DoubleChosen');
    const view = frame.view;
    if (view === null || view.streamRevision < 0) continue;
    if (stateAt(view.streamRevision).board?.doublesRevealed === true) continue;
    expect(
      view.seats.map((seat) => seat.doubled),
      `${audience} view at ${String(view.streamRevision)}`,
    ).toEqual([null, null, null]);
  }
}

const real = frames(doudizhuFeed);
const of = (audience: string): FeedOutput<DdzFeedView>[] => real.filter((o) => o.audience === audience);

describe('Dou Dizhu through the generic match feeds', () => {
  it('names the game in every frame header, the delay-building frames with no view too', () => {
    const building = of('broadcast').filter((o) => o.frame.status.state === 'delayBuilding');
    expect(building.length).toBeGreaterThan(0);
    expect(building.every((o) => o.frame.view === null)).toBe(true);
    expect(new Set(real.map((o) => o.frame.game))).toEqual(new Set(['doudizhu']));
  });

  it('DDZ-DBL-1: a defender’s double is on no feed (venue, broadcast, commentary) before both doubles are in', () => {
    const doubles = log.flatMap((event, revision) => (event.type === 'DoubleChosen' ? [revision] : []));
    // Each board has both choices, the first alone in the log until the second arrives.
    expect(doubles.length).toBeGreaterThanOrEqual(4);
    expect(log[(doubles[0] ?? 0) + 1]?.type).not.toBe('DoublesRevealed');
    // Staff (the referee) has the log itself; nobody else gets the sealed choice.
    expect(of('staff').filter((o) => o.frame.event?.type === 'DoubleChosen')).toHaveLength(doubles.length);
    expectNoDoubleBeforeBothAreIn(real);
    // Once revealed, both are on every feed at once.
    const revealed = log.findIndex((event) => event.type === 'DoublesRevealed');
    const venue = of('venue').find((o) => o.frame.event?.revision === revealed);
    expect(venue?.frame.event?.type).toBe('DoublesRevealed');
    const board = stateAt(revealed).board;
    expect(venue?.frame.view?.seats.map((seat) => seat.doubled)).toEqual(
      DDZ_SEATS.map((seat) => board?.doubles[seat]),
    );
    expect(venue?.frame.view?.seats.filter((seat) => seat.doubled !== null)).toHaveLength(2);
  });

  it('DDZ-DBL-1: the check fails on a module that discloses a double as public', () => {
    expect(() => {
      expectNoDoubleBeforeBothAreIn(frames(doubleDisclosedAsPublic));
    }).toThrow(/DoubleChosen/);
  });

  it('gives the venue, live, the bids, landlord, kitty once revealed, counts, multiplier and bombs, and no hand', () => {
    const venue = of('venue');
    expect(venue).toHaveLength(log.length);
    for (const { frame } of venue) {
      const view = frame.view;
      if (view === null) throw new Error('a live frame has a view');
      const board = stateAt(view.streamRevision).board;
      expect(view.seats.map((seat) => seat.hand)).toEqual([null, null, null]);
      if (board === null) continue;
      expect(view.seats.map((seat) => seat.cardsLeft)).toEqual(
        DDZ_SEATS.map((seat) => board.hands[seat].length),
      );
      expect(view.board?.bids).toEqual(board.bids);
      expect(view.board?.landlord).toBe(board.landlord);
      expect(view.board?.kitty).toEqual(board.kittyRevealed || board.phase === 'over' ? board.kitty : null);
      expect(view.board?.bombs).toBe(board.bombs);
      expect(view.board?.multiplier).toBe(liveMultiplier(board));
    }
    // Every play goes out live as it was made.
    const plays = log.filter((event) => event.type === 'CardsPlayed');
    expect(
      venue.filter((o) => o.frame.event?.type === 'CardsPlayed').map((o) => o.frame.event?.data),
    ).toEqual(plays.map((event) => event.data));
    // The deal: counts only (17 each, 3 in the kitty), no card, seed or salt.
    const dealt = venue.find((o) => o.frame.event?.type === 'CardsDealt');
    expect(dealt?.frame.event?.data).toEqual({
      board: 1,
      redeal: expect.any(Number) as unknown,
      counts: [17, 17, 17],
      kitty: 3,
    });
  });

  it('gives the broadcast every hand, a delay after the table, never earlier', () => {
    const broadcast = of('broadcast').filter((o) => o.frame.view !== null);
    expect(broadcast.length).toBeGreaterThan(0);
    for (const { frame } of broadcast) {
      const view = frame.view;
      if (view === null) continue;
      expect(view.seats.map((seat) => seat.hand)).toEqual(
        DDZ_SEATS.map((seat) => stateAt(view.streamRevision).board?.hands[seat] ?? []),
      );
    }
    // Nothing is released before its recorded time plus the delay, and everything is in the end.
    const released = timedFrames(doudizhuFeed).filter(
      ({ output }) => output.audience === 'broadcast' && output.frame.event !== null,
    );
    expect(released).toHaveLength(log.length - log.filter((event) => event.type === 'DoubleChosen').length);
    for (const { output, at } of released) {
      expect(Date.parse(output.frame.event?.recordedAt ?? '') + DELAY_MS).toBeLessThanOrEqual(at);
    }
  });
  it("keeps the module's view whole: its revision counts as the turn clock's since does, the log's revision goes beside it", () => {
    const venue = of('venue');
    let plays = 0;
    for (const { frame } of venue) {
      const view = frame.view;
      if (view === null) throw new Error('a live frame has a view');
      // A sealed double goes out as a frame with no event (DDZ-DBL-1); the view still moves on.
      if (frame.event !== null) expect(view.streamRevision).toBe(frame.event.revision);
      expect(view.revision).toBe(stateAt(view.streamRevision).revision);
      if (frame.event?.type !== 'CardsPlayed' || view.board?.phase !== 'play') continue;
      // The clock restarts at every play (DDZ-PLAY-6): it runs since the view's own revision.
      expect(view.board.clock?.since).toBe(view.revision);
      plays += 1;
    }
    expect(plays).toBeGreaterThan(10);
  });
  it("records in the disclosure ledger the log's revision each view shows, not the module's count", () => {
    const feed = new MatchFeed(feedPolicy('ddz_ledger', { broadcastDelayMs: DELAY_MS }), {
      game: doudizhuFeed,
    });
    log.forEach((event, revision) =>
      feed.append(feedInputAt(event, revision, T0 + revision * 1000), T0 + revision * 1000),
    );
    const venue = feed.ledger.list().filter((entry) => entry.audience === 'venue');
    expect(venue).toHaveLength(log.length);
    venue.forEach((entry, revision) => {
      expect(entry.viewRevision).toBe(revision);
    });
  });
});
