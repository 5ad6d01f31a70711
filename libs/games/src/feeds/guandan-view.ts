import type { FeedSnapshot } from '@tablecast/broadcast';
import { seesEverything, type Viewer } from '@tablecast/game-kit';
import {
  guandanModule,
  type GuandanHandView,
  type GuandanSeatView,
  type MatchState,
  type Seat,
} from '@tablecast/guandan';
import type { DeckView, HandView, MatchFormatView, MatchView, SeatView } from '@tablecast/protocol';
import type { GuandanFeedFacts } from './guandan-facts';
import { clockView, exchangeView, momentView } from './overlay-view';

/**
 * What a viewer may see of a Guandan match on a feed: the module's view (`guandanModule.view`,
 * which decides every hand and tribute card) with the names, the deck's commit-reveal and the
 * overlay facts around it. Which moment of the match it shows is the caller's: the broadcast feed
 * passes the delayed projection.
 */
export function guandanFeedView(
  snapshot: FeedSnapshot<MatchState, GuandanFeedFacts>,
  viewer: Viewer,
): MatchView {
  const full = seesEverything(viewer);
  const { match, facts } = snapshot;
  const view = guandanModule.view(match, viewer);
  const seat = (s: Seat): SeatView => seatView(view.seats[s], facts.names[s]);
  return {
    matchId: snapshot.matchId,
    revision: snapshot.revision,
    asOf: snapshot.asOf,
    status: view.status,
    table: facts.table,
    teams: facts.teams,
    levels: view.levels,
    handsPlayed: view.handsPlayed,
    format: formatView(match),
    seats: { S: seat('S'), E: seat('E'), N: seat('N'), W: seat('W') },
    hand: view.hand === null ? null : handView(view.hand),
    deck: deckView(facts, full),
    lastHand: view.lastHand,
    // The referee's note only behind the delay: PenaltyIssued's public form drops it (it may name
    // cards still in a hand).
    penalties: match.penalties.map(({ seat: s, sanction, rule, note }) => ({
      seat: s,
      sanction,
      rule,
      note: full ? note : null,
    })),
    result: view.result,
    // Plays are public once on the table; only tribute and return cards are redacted (GD-TRIB-5).
    actions: facts.overlay.actions,
    clock: clockView(match, facts.overlay),
    exchange: exchangeView(facts.overlay.exchange, full),
    moment: momentView(facts.overlay.moment, full),
    history: facts.overlay.history,
  };
}

/** The format is public on every audience (GD-FMT-1…4): it was announced before the first deal. */
function formatView(match: MatchState): MatchFormatView | null {
  if (match.status === 'new') return null;
  const { format } = match;
  const timed = format.kind === 'timed' || format.kind === 'timedOrFixedDeals';
  return {
    kind: format.kind,
    deals: format.kind === 'fixedDeals' || format.kind === 'timedOrFixedDeals' ? format.deals : null,
    minutes: timed ? format.minutes : null,
    startsAt: timed ? new Date(match.startsAt).toISOString() : null,
    timeCalled: match.timeCalled,
  };
}

/** The feed's deal, field by field: the module's view carries more for staff (the ruleset, assignments). */
function handView(hand: GuandanHandView): HandView {
  return {
    number: hand.number,
    level: hand.level,
    levelTeam: hand.levelTeam,
    phase: hand.phase,
    tribute: hand.tribute,
    tributes: hand.tributes,
    returnedBy: hand.returnedBy,
    turn: hand.turn,
    trick: hand.trick,
    places: hand.places,
  };
}

function seatView(seat: GuandanSeatView, name: string): SeatView {
  return {
    playerId: seat.playerId,
    playerName: name,
    cardsLeft: seat.cardsLeft,
    hand: seat.hand,
    place: seat.place,
    reported: seat.reported,
  };
}

function deckView(facts: GuandanFeedFacts, full: boolean): DeckView | null {
  const { deck } = facts;
  if (deck === null) return null;
  return {
    handNumber: deck.handNumber,
    commitment: deck.commitment,
    salt: full ? deck.salt : null,
    order: full ? deck.order : null,
  };
}
