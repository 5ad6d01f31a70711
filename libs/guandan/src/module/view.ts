import { maySee, seesEverything, type Viewer } from '@tablecast/game-kit';
import type { CardId, Rank } from '@tablecast/cards';
import type { HandState, MatchState } from '../engine/state';
import type { MatchFormat } from '../events/match-events';
import type { Reading } from '../model/reading';
import { SEATS, type Seat, type Team } from '../model/seats';
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
  const seat = (s: Seat): GuandanSeatView => {
    const held = hand?.hands[s] ?? [];
    const place = hand === null ? -1 : hand.finished.indexOf(s);
    return {
      playerId: state.players[s],
      cardsLeft: held.length,
      // A hand is seen whole or not at all: its holder, staff and the delayed broadcast.
      hand: seesEverything(viewer) || (viewer.kind === 'seat' && viewer.seat === s) ? [...held] : null,
      place: place < 0 ? null : place + 1,
      reported: hand?.reported.includes(s) ?? false,
    };
  };
  const seats = Object.fromEntries(SEATS.map((s) => [s, seat(s)])) as Record<Seat, GuandanSeatView>;
  return {
    game: 'guandan',
    status: state.status,
    ruleset: state.ruleset,
    format: state.status === 'new' ? null : state.format,
    levels: { NS: state.levels.NS, EW: state.levels.EW },
    handsPlayed: state.handsPlayed,
    timeCalled: state.timeCalled,
    seats,
    hand: hand === null ? null : handView(hand, viewer),
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

function handView(hand: HandState, viewer: Viewer): GuandanHandView {
  const assigned = new Map(hand.assignments.map((a) => [a.from, a.to]));
  return {
    number: hand.number,
    level: hand.level,
    levelTeam: hand.levelTeam,
    phase: hand.phase,
    tribute: hand.tribute,
    tributes: hand.tributesGiven.map((t) => {
      const to = assigned.get(t.from) ?? null;
      return { from: t.from, to, card: maySee(viewer, seenBy(hand, t.card, to)) ? t.card : null };
    }),
    assignments: hand.assignments.map(({ from, to, card }) => ({
      from,
      to,
      card: maySee(viewer, seenBy(hand, card, to)) ? card : null,
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
