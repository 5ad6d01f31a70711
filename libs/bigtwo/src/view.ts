import type { Face } from '@tablecast/cards';
import {
  penaltiesView,
  playSeconds,
  seesEverything,
  type PenaltyView,
  type PlaySeconds,
  type Viewer,
} from '@tablecast/game-kit';
import { turnClock, type B2TurnClock } from './engine/clock';
import type { PlayReading } from './engine/commands';
import { matchTotals, type B2BoardState, type BigTwoState } from './engine/state';
import { SEATS, type Seat } from './events/primitives';

// What an overlay's skin takes of Big Two besides the view: the types its fields are made of.
export type { Face } from '@tablecast/cards';
export type { B2TurnClock } from './engine/clock';
export type { PlayReading as B2PlayReading } from './engine/commands';
export type { Seat as B2Seat } from './events/primitives';
export type { B2SeatChoices } from './module/seat-choices';

export interface BigTwoSeatView {
  readonly seat: Seat;
  readonly playerId: string;
  readonly name: string;
  /** Public: how many cards the seat holds. */
  readonly cardsLeft: number;
  /**
   * The cards still held: to the holder, staff and the delayed broadcast; to everyone once the
   * holder has shown his hand (明牌, B2-SHOW-1) or the board is over and its deal revealed (a
   * duplicate board's only once its set reveals it, DEC-B2-4).
   */
  readonly hand: readonly Face[] | null;
  /** B2-SHOW-1: 明牌 chosen (true), declined (false), not yet chosen (null). Public. */
  readonly shown: boolean | null;
  /** The 13 faces of a shown hand as shown, null when not shown. */
  readonly shownCards: readonly Face[] | null;
  /** B2-DBL-1: 加倍 chosen (true), declined (false), not yet chosen (null). Public. */
  readonly doubled: boolean | null;
  /** B2-DBL-2: the seat's live factor, 明牌 ×3 times 加倍 ×2, as chosen so far. */
  readonly factor: number;
  /** B2-PLAY-6: 報單, down to one card. */
  readonly oneCardAlert: boolean;
  readonly total: number;
  /** When this seat's turn clock runs out (epoch ms), while it runs for this seat; else null. */
  readonly deadline: number | null;
  /**
   * TRN-TB-5 steps 3-4 (DEC-B2-6): the player's own play time in whole seconds, on the board at
   * the table and over the match, from the recorded plays and passes. Public: the hall sees it.
   */
  readonly playSeconds: PlaySeconds;
}

export interface BigTwoBoardView {
  readonly number: number;
  readonly phase: B2BoardState['phase'];
  /** 首家, the holder of ♦3 (B2-TERM-1). */
  readonly firstSeat: Seat | null;
  readonly turn: Seat | null;
  readonly firstLead: boolean;
  readonly trick: {
    readonly leader: Seat;
    readonly last: { readonly seat: Seat; readonly cards: readonly Face[]; readonly as: PlayReading } | null;
    readonly passes: number;
  } | null;
  /** The deal, revealed after the board (DeckRevealed); before that staff and the broadcast only. */
  readonly order: readonly Face[] | null;
  readonly clock: B2TurnClock | null;
}

/** A Big Two match as one viewer may see it, built field by field from the state. */
export interface BigTwoView {
  readonly game: 'bigtwo';
  readonly status: BigTwoState['status'];
  readonly revision: number;
  readonly table: string;
  readonly boardsPlayed: number;
  readonly seats: readonly BigTwoSeatView[];
  readonly board: BigTwoBoardView | null;
  /** B2-SCORE-1/2: the last board's result, per seat in seat order. */
  readonly lastBoard: {
    readonly board: number;
    readonly outSeat: Seat;
    readonly seats: readonly {
      readonly seat: Seat;
      readonly left: number;
      readonly cardPoints: number;
      readonly showed: boolean;
      readonly doubled: boolean;
      readonly score: number;
      /** B2-TB-1: the player's own play time on the board, in ms. */
      readonly playTimeMs: number;
    }[];
  } | null;
  /** Rulings, without the arbiter's note. */
  readonly penalties: readonly PenaltyView<Seat>[];
}

export function bigtwoView(state: BigTwoState, viewer: Viewer): BigTwoView {
  const board = state.board;
  const totals = matchTotals(state);
  const clock = board === null ? null : turnClock(state);
  const last = board?.result ?? null;
  return {
    game: 'bigtwo',
    status: state.status,
    revision: state.revision,
    table: state.table,
    boardsPlayed: state.boardsPlayed,
    seats: SEATS.map((s) => seatView(state, s, viewer, totals[s], clock)),
    board: board === null ? null : boardView(state, board, viewer, clock),
    lastBoard:
      last === null
        ? null
        : {
            board: last.board,
            outSeat: last.outSeat,
            seats: SEATS.map((seat) => ({
              seat,
              left: last.left[seat],
              cardPoints: last.cardPoints[seat],
              showed: last.showed[seat],
              doubled: last.doubled[seat],
              score: last.scores[seat],
              playTimeMs: board?.playTime[seat] ?? 0,
            })),
          },
    penalties: penaltiesView(state.penalties),
  };
}

function seatView(
  state: BigTwoState,
  s: Seat,
  viewer: Viewer,
  total: number,
  clock: B2TurnClock | null,
): BigTwoSeatView {
  const board = state.board;
  const held = board?.hands[s] ?? [];
  const shown = board?.shown[s] ?? null;
  const doubled = board?.doubled[s] ?? null;
  const own = viewer.kind === 'seat' && viewer.seat === s;
  const open = seesEverything(viewer) || own || shown === true || revealedHere(state);
  const player = state.players[s];
  return {
    seat: s,
    playerId: player.id,
    name: player.name,
    cardsLeft: held.length,
    hand: open ? [...held] : null,
    shown,
    shownCards: shown === true && board !== null ? shownFaces(board, s) : null,
    doubled,
    factor: (shown === true ? 3 : 1) * (doubled === true ? 2 : 1),
    oneCardAlert: board?.reported.includes(s) === true && held.length === 1,
    total,
    deadline: clock?.seats.includes(s) === true ? clock.deadline : null,
    playSeconds: playSeconds(
      board === null ? null : board.playTime[s],
      board?.result != null,
      state.completed.map((b) => b.playTime[s]),
    ),
  };
}

/** The 13 faces dealt to a seat: what its HandShown showed (B2-SHOW-1). */
function shownFaces(board: B2BoardState, seat: Seat): Face[] {
  const index = SEATS.indexOf(seat);
  return board.order.filter((_, i) => i % 4 === index);
}

/**
 * Whether the board's deal is public at this table: over and revealed. A duplicate board stays
 * sealed after its end here until its set reveals it (DEC-B2-4): other tables may still play it.
 */
function revealedHere(state: BigTwoState): boolean {
  const board = state.board;
  return board?.phase === 'over' && !state.sealed.some((s) => s.board === board.number);
}

function boardView(
  state: BigTwoState,
  board: B2BoardState,
  viewer: Viewer,
  clock: B2TurnClock | null,
): BigTwoBoardView {
  const trick = board.trick;
  return {
    number: board.number,
    phase: board.phase,
    firstSeat: board.phase === 'dealing' ? null : board.firstSeat,
    turn: board.turn,
    firstLead: board.firstLead,
    trick:
      trick === null
        ? null
        : {
            leader: trick.leader,
            last:
              trick.last === null
                ? null
                : { seat: trick.last.seat, cards: [...trick.last.cards], as: { ...trick.last.as } },
            passes: trick.passes,
          },
    order: revealedHere(state) || seesEverything(viewer) ? [...board.order] : null,
    clock: clock === null ? null : { ...clock, seats: [...clock.seats] },
  };
}
