import type { Face } from '@tablecast/cards';
import {
  penaltiesView,
  playSeconds,
  seesEverything,
  type PenaltyView,
  type PlaySeconds,
  type Viewer,
} from '@tablecast/game-kit';
import { turnClock, type TurnClock } from '../engine/clock';
import type { PlayReading } from '../engine/commands';
import { matchTotals, type BoardState, type DoudizhuState } from '../engine/state';
import { SEATS, defendersOf, type Bid, type Seat } from '../events/primitives';
import { defenderFactors } from '../scoring/score';

export interface DoudizhuSeatView {
  readonly seat: Seat;
  readonly playerId: string;
  readonly name: string;
  readonly cardsLeft: number;
  /** The hand, only to its holder, staff and the delayed broadcast. */
  readonly hand: readonly Face[] | null;
  /** DDZ-PLAY-5: announced to the table when down to one card. */
  readonly reported: boolean;
  /** DDZ-DBL-1: whether this defender has chosen; what he chose only once revealed (or to himself). */
  readonly doubleChosen: boolean;
  readonly doubled: boolean | null;
  readonly total: number;
  /** When this seat's turn clock runs out (epoch ms), while it runs for this seat; else null. */
  readonly deadline: number | null;
  /**
   * TRN-TB-4 steps 1-2 (DEC-DDZ-6): the player's own play time in whole seconds, on the board at
   * the table and over the match, from the recorded plays and passes. Public: the hall sees it.
   */
  readonly playSeconds: PlaySeconds;
}

export interface DoudizhuBoardView {
  readonly number: number;
  readonly phase: BoardState['phase'];
  readonly firstBidder: Seat;
  readonly redeals: number;
  readonly bids: readonly { readonly seat: Seat; readonly bid: Bid }[];
  readonly landlord: Seat | null;
  readonly bid: 1 | 2 | 3 | null;
  readonly doublesRevealed: boolean;
  readonly redoubled: boolean;
  /** The kitty once revealed to all (DDZ-DEAL-2); before that staff and the broadcast only. */
  readonly kitty: readonly Face[] | null;
  readonly turn: Seat | null;
  readonly trick: {
    readonly leader: Seat;
    readonly last: { readonly seat: Seat; readonly cards: readonly Face[]; readonly as: PlayReading } | null;
    readonly passes: number;
  } | null;
  readonly bombs: number;
  readonly rockets: number;
  /**
   * The live 倍数: the larger of the two defenders' `multipliers` (the one who doubled, if either
   * did); bid × 2^(bombs + rockets) before the landlord is known.
   */
  readonly multiplier: number;
  /**
   * Each defender's 倍数 as DDZ-SCORE-1/4 reads it, bid × 2^n without W: n counts the bombs and
   * rockets so far, his double and the landlord's redouble once the doubles are revealed (DDZ-DBL-1,
   * DDZ-DBL-3), and a spring or anti-spring once the board has ended. At the board's end it is his
   * score's size. First defender first; empty until the landlord is known.
   */
  readonly multipliers: readonly { readonly seat: Seat; readonly multiplier: number }[];
  readonly clock: TurnClock | null;
}

/** One defender's board score and its factors (DDZ-SCORE-1…4), first defender first. */
export interface DoudizhuDefenderScore {
  readonly seat: Seat;
  readonly bid: number;
  readonly w: 1 | -1;
  readonly n: number;
  /** d_i: whether this defender doubled; the landlord's redouble counts against him only then (DDZ-DBL-3). */
  readonly doubled: boolean;
  readonly score: number;
}

/** A Dou Dizhu match as one viewer may see it, built field by field from the state. */
export interface DoudizhuView {
  readonly game: 'doudizhu';
  readonly status: DoudizhuState['status'];
  readonly revision: number;
  readonly table: string;
  readonly boardsPlayed: number;
  readonly seats: readonly DoudizhuSeatView[];
  readonly board: DoudizhuBoardView | null;
  readonly lastBoard: {
    readonly board: number;
    readonly landlord: Seat;
    readonly winner: 'landlord' | 'defenders';
    readonly bid: number;
    readonly bombs: number;
    readonly rockets: number;
    readonly spring: boolean;
    readonly antiSpring: boolean;
    readonly doubled: readonly boolean[];
    readonly redoubled: boolean;
    readonly scores: readonly number[];
    /**
     * Each defender's score as DDZ-SCORE-1 reads it, bid × W × 2^n, with the factors the scoring
     * used (DDZ-SCORE-3/4): the board-end card names them instead of working them out again.
     */
    readonly defenders: readonly DoudizhuDefenderScore[];
  } | null;
  /** Rulings, without the arbiter's note. */
  readonly penalties: readonly PenaltyView<Seat>[];
}

export function doudizhuView(state: DoudizhuState, viewer: Viewer): DoudizhuView {
  const board = state.board;
  const totals = matchTotals(state);
  const isSeat = (s: Seat): boolean => viewer.kind === 'seat' && viewer.seat === String(s);
  const clock = board === null ? null : turnClock(state);
  const seat = (s: Seat): DoudizhuSeatView => {
    const held = board?.hands[s] ?? [];
    const choice = board?.doubles[s] ?? null;
    // DDZ-DBL-1: a sealed choice is on no feed (not even the broadcast's) until both are revealed.
    const seesChoice = viewer.kind === 'staff' || isSeat(s) || board?.doublesRevealed === true;
    const player = state.players[s];
    return {
      seat: s,
      playerId: player.id,
      name: player.name,
      cardsLeft: held.length,
      hand: seesEverything(viewer) || isSeat(s) ? [...held] : null,
      reported: board?.reported.includes(s) ?? false,
      doubleChosen: choice !== null,
      doubled: seesChoice ? choice : null,
      total: totals[s],
      deadline: clock?.seats.includes(s) === true ? clock.deadline : null,
      playSeconds: playSeconds(
        board === null ? null : board.playTime[s],
        board?.result != null,
        state.completed.map((b) => b.playTime[s]),
      ),
    };
  };
  const last = state.board?.result ?? null;
  return {
    game: 'doudizhu',
    status: state.status,
    revision: state.revision,
    table: state.table,
    boardsPlayed: state.boardsPlayed,
    seats: SEATS.map(seat),
    board: board === null ? null : boardView(state, board, viewer, clock),
    lastBoard:
      last === null
        ? null
        : {
            board: last.board,
            landlord: last.landlord,
            winner: last.winner,
            bid: last.bid,
            bombs: last.bombs,
            rockets: last.rockets,
            spring: last.spring,
            antiSpring: last.antiSpring,
            doubled: [...last.doubled],
            redoubled: last.redoubled,
            scores: [...last.scores],
            defenders: defenderScores(last),
          },
    penalties: penaltiesView(state.penalties),
  };
}

function boardView(
  state: DoudizhuState,
  board: BoardState,
  viewer: Viewer,
  clock: TurnClock | null,
): DoudizhuBoardView {
  const kittyShown = board.kittyRevealed || board.phase === 'over' || seesEverything(viewer);
  const trick = board.trick;
  return {
    number: board.number,
    phase: board.phase,
    firstBidder: board.firstBidder,
    redeals: Math.max(0, board.deals.length - 1),
    bids: board.bids.map((b) => ({ seat: b.seat, bid: b.bid })),
    landlord: board.landlord,
    bid: board.bid,
    doublesRevealed: board.doublesRevealed,
    redoubled: board.redoubled,
    kitty: kittyShown ? [...board.kitty] : null,
    turn: board.turn,
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
    bombs: board.bombs,
    rockets: board.rockets,
    ...multipliers(board),
    clock: clock === null ? null : { ...clock, seats: [...clock.seats] },
  };
}

type BoardResult = NonNullable<BoardState['result']>;

/**
 * DDZ-SCORE-4 as it stands now: a defender's double counts only once both doubles are revealed
 * (DDZ-DBL-1: nobody may learn one early from the multiplier), the redouble only for a defender who
 * doubled (DDZ-DBL-3), spring and anti-spring only once the board has ended (DDZ-END-2/3).
 */
function multipliers(board: BoardState): Pick<DoudizhuBoardView, 'multiplier' | 'multipliers'> {
  const bid = board.bid ?? 0;
  const played = board.bombs + board.rockets;
  if (board.landlord === null) return { multiplier: bid * 2 ** played, multipliers: [] };
  const end = board.result === null ? 0 : Number(board.result.spring) + Number(board.result.antiSpring);
  const each = defendersOf(board.landlord).map((seat) => {
    const d = board.doublesRevealed && board.doubles[seat] === true ? 1 : 0;
    const r = board.redoubled ? 1 : 0;
    return { seat, multiplier: bid * 2 ** (played + end + d + d * r) };
  });
  return { multiplier: Math.max(...each.map((e) => e.multiplier)), multipliers: each };
}

/** DDZ-SCORE-1…4 for each defender, from the scoring's own factors, in defender order. */
function defenderScores(last: BoardResult): DoudizhuDefenderScore[] {
  const [first, second] = defendersOf(last.landlord);
  const input = {
    bid: last.bid,
    doubled: [last.doubled[first], last.doubled[second]] as const,
    redoubled: last.redoubled,
    bombs: last.bombs,
    rockets: last.rockets,
    spring: last.spring,
    antiSpring: last.antiSpring,
    winner: last.winner,
  };
  return ([first, second] as const).map((seat, i) => ({
    seat,
    ...defenderFactors(input, i === 0 ? 0 : 1),
    doubled: input.doubled[i === 0 ? 0 : 1],
    score: last.scores[seat],
  }));
}
