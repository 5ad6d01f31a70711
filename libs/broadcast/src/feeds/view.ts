import { type HandState, type MatchState, type Seat } from '@tablecast/guandan';
import type { DeckView, HandView, MatchFormatView, MatchView, SeatView } from '@tablecast/protocol';
import { ruleFor } from './audience-rules';
import type { FeedProjection } from './feed-projection';
import { clockView, exchangeView, momentView } from './overlay-view';

/**
 * The one choke point for state: what `audience` may see of the match. The projection holds every
 * hand; a `public` audience (venue, or any unknown name) gets counts and public facts only. Which
 * moment of the match it shows is the caller's: the broadcast feed passes the delayed projection.
 */
export function viewFor(projection: FeedProjection, audience: string): MatchView {
  const full = ruleFor(audience).sees === 'everything';
  const { match } = projection;
  const hand = match.hand;
  return {
    matchId: projection.matchId,
    revision: projection.revision,
    asOf: projection.asOf,
    status: match.status,
    table: projection.table,
    teams: projection.teams,
    levels: { NS: match.levels.NS, EW: match.levels.EW },
    handsPlayed: match.handsPlayed,
    format: formatView(match),
    seats: seatsView(projection, full),
    hand: hand === null ? null : handView(hand, full),
    deck: deckView(projection, full),
    lastHand:
      match.lastHand === null
        ? null
        : {
            places: match.lastHand.places,
            doubleDown: match.lastHand.doubleDown,
            winningTeam: match.lastHand.winningTeam,
          },
    penalties: match.penalties.map(({ seat, sanction, rule }) => ({ seat, sanction, rule })),
    result: match.result === null ? null : { winner: match.result.winner, reason: match.result.reason },
    // Plays are public once on the table; only tribute and return cards are redacted (GD-TRIB-5).
    actions: projection.facts.actions,
    clock: clockView(projection),
    exchange: exchangeView(projection.facts.exchange, full),
    moment: momentView(projection.facts.moment, full),
    history: projection.facts.history,
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

function seatsView(projection: FeedProjection, full: boolean): Record<Seat, SeatView> {
  const seat = (s: Seat): SeatView => seatView(projection.match, projection.names[s], s, full);
  return { S: seat('S'), E: seat('E'), N: seat('N'), W: seat('W') };
}

function seatView(match: MatchState, name: string, seat: Seat, full: boolean): SeatView {
  const hand = match.hand;
  const held = hand?.hands[seat] ?? [];
  const place = hand === null ? -1 : hand.finished.indexOf(seat);
  return {
    playerId: match.players[seat],
    playerName: name,
    cardsLeft: held.length,
    hand: full ? [...held] : null,
    place: place < 0 ? null : place + 1,
    reported: hand?.reported.includes(seat) ?? false,
  };
}

function handView(hand: HandState, full: boolean): HandView {
  const assigned = new Map(hand.assignments.map((a) => [a.from, a.to]));
  return {
    number: hand.number,
    level: hand.level,
    levelTeam: hand.levelTeam,
    phase: hand.phase,
    tribute: hand.tribute,
    tributes: hand.tributesGiven.map((t) => ({
      from: t.from,
      to: assigned.get(t.from) ?? null,
      card: full ? t.card : null,
    })),
    returnedBy: hand.returnedBy,
    turn: hand.turn,
    trick:
      hand.trick === null
        ? null
        : {
            leader: hand.trick.leader,
            last:
              hand.trick.last === null
                ? null
                : { seat: hand.trick.last.seat, cards: hand.trick.last.cards, as: hand.trick.last.as },
            passed: hand.trick.passed,
          },
    places: hand.finished,
  };
}

function deckView(projection: FeedProjection, full: boolean): DeckView | null {
  const { deck } = projection;
  if (deck === null) return null;
  return {
    handNumber: deck.handNumber,
    commitment: deck.commitment,
    salt: full ? deck.salt : null,
    order: full ? deck.order : null,
  };
}
