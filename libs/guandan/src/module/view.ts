import { maySee, seesEverything, type Viewer } from '@tablecast/game-kit';
import type { CardId, Rank } from '@tablecast/cards';
import type { HandState, MatchState } from '../engine/state';
import type { MatchFormat } from '../events/match-events';
import type { Reading } from '../model/reading';
import type { Seat, Team } from '../model/seats';
import type { Ruleset } from '../ruleset/ruleset';
import { seenBy } from './secrets';

/** One seat as a viewer may see it: its hand only where the viewer may see those cards. */
export interface GuandanSeatView {
  readonly playerId: string;
  readonly cardsLeft: number;
  readonly hand: readonly CardId[] | null;
  readonly place: number | null;
  readonly reported: boolean;
}

export interface GuandanHandView {
  readonly number: number;
  readonly level: Rank;
  readonly levelTeam: Team | null;
  readonly phase: HandState['phase'];
  readonly tribute: HandState['tribute'];
  /** Who paid whom; the card only where the viewer may see it (GD-TRIB-5: returns are face down). */
  readonly tributes: readonly {
    readonly from: Seat;
    readonly to: Seat | null;
    readonly card: CardId | null;
  }[];
  /**
   * Who returns to whom (GD-TRIB-4), in the order the tributes were assigned (the larger tribute
   * first); the card only where the viewer may see it.
   */
  readonly assignments: readonly { readonly from: Seat; readonly to: Seat; readonly card: CardId | null }[];
  readonly returnedBy: readonly Seat[];
  readonly turn: Seat | null;
  readonly trick: {
    readonly leader: Seat;
    readonly last: { readonly seat: Seat; readonly cards: readonly CardId[]; readonly as: Reading } | null;
    readonly passed: readonly Seat[];
  } | null;
  readonly places: readonly Seat[];
}

/** A Guandan match as one viewer may see it, built field by field from the state. */
export interface GuandanView {
  readonly game: 'guandan';
  readonly status: MatchState['status'];
  /** The ruleset the match is played under: announced before the first deal, so every viewer's. */
  readonly ruleset: Ruleset;
  readonly format: MatchFormat | null;
  readonly levels: { readonly NS: number; readonly EW: number };
  readonly handsPlayed: number;
  readonly timeCalled: boolean;
  readonly seats: Readonly<Record<Seat, GuandanSeatView>>;
  readonly hand: GuandanHandView | null;
  readonly lastHand: {
    readonly places: readonly Seat[];
    readonly doubleDown: boolean;
    readonly winningTeam: Team;
  } | null;
  /** The sanctions, without the referee's note (it may name cards). */
  readonly penalties: readonly { readonly seat: Seat; readonly sanction: string; readonly rule: string }[];
  readonly result: { readonly winner: Team | null; readonly reason: string } | null;
}

export function guandanView(state: MatchState, viewer: Viewer): GuandanView {
  const hand = state.hand;
  const full = seesEverything(viewer);
  const seat = (s: Seat): GuandanSeatView => {
    const held = hand?.hands[s] ?? [];
    const place = hand === null ? -1 : hand.finished.indexOf(s);
    return {
      playerId: state.players[s],
      cardsLeft: held.length,
      // A hand is seen whole or not at all: its holder, staff and the delayed broadcast.
      hand: full || (viewer.kind === 'seat' && viewer.seat === s) ? [...held] : null,
      place: place < 0 ? null : place + 1,
      reported: hand?.reported.includes(s) ?? false,
    };
  };
  // In SEATS order (S, E, N, W), written out: one view per event and audience on every feed.
  const seats: Record<Seat, GuandanSeatView> = { S: seat('S'), E: seat('E'), N: seat('N'), W: seat('W') };
  return {
    game: 'guandan',
    status: state.status,
    ruleset: state.ruleset,
    format: state.status === 'new' ? null : state.format,
    levels: { NS: state.levels.NS, EW: state.levels.EW },
    handsPlayed: state.handsPlayed,
    timeCalled: state.timeCalled,
    seats,
    hand: hand === null ? null : handView(hand, viewer, full),
    lastHand:
      state.lastHand === null
        ? null
        : {
            places: state.lastHand.places,
            doubleDown: state.lastHand.doubleDown,
            winningTeam: state.lastHand.winningTeam,
          },
    penalties: state.penalties.map(({ seat: s, sanction, rule }) => ({ seat: s, sanction, rule })),
    result: state.result === null ? null : { winner: state.result.winner, reason: state.result.reason },
  };
}

/** Who a tribute from `from` was assigned to (GD-TRIB-4), null before the assignment. */
function assignedTo(hand: HandState, from: Seat): Seat | null {
  let to: Seat | null = null;
  for (const a of hand.assignments) if (a.from === from) to = a.to;
  return to;
}

function handView(hand: HandState, viewer: Viewer, full: boolean): GuandanHandView {
  // A viewer who sees everything sees every tribute card: who has seen it need not be worked out.
  const sees = (card: CardId, holder: Seat | null): boolean =>
    full || maySee(viewer, seenBy(hand, card, holder));
  return {
    number: hand.number,
    level: hand.level,
    levelTeam: hand.levelTeam,
    phase: hand.phase,
    tribute: hand.tribute,
    tributes: hand.tributesGiven.map((t) => {
      const to = assignedTo(hand, t.from);
      return { from: t.from, to, card: sees(t.card, to) ? t.card : null };
    }),
    assignments: hand.assignments.map(({ from, to, card }) => ({
      from,
      to,
      card: sees(card, to) ? card : null,
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
