import type {
  AppealRecord as RulingAppealRecord,
  PenaltyRecord as RulingPenaltyRecord,
} from '@tablecast/game-kit';
import type { Face } from '@tablecast/cards';
import type { DdzEventOf } from '../events/catalog';
import { ddzCga2017, type DoudizhuRuleset } from '../events/match-events';
import type { Bid, PerSeat, Seat } from '../events/primitives';
import type { PlayReading } from './commands';

export interface DdzTrick {
  readonly leader: Seat;
  /** The play to beat; null until the leader has led. */
  readonly last: { readonly seat: Seat; readonly cards: readonly Face[]; readonly as: PlayReading } | null;
  /** Consecutive passes since the last play (DDZ-PLAY-3: two end the trick). */
  readonly passes: number;
}

export interface DealRecord {
  readonly redeal: number;
  readonly seed: string | null;
  readonly order: readonly Face[];
}

export interface BoardState {
  readonly number: number;
  readonly phase: 'dealing' | 'bidding' | 'doubling' | 'redoubling' | 'play' | 'over';
  readonly firstBidder: Seat;
  readonly salt: string;
  /** DDZ-GEN-1: a board of a duplicate set, whose deals its set reveals (RevealBoard). */
  readonly duplicate: boolean;
  /** The published commitment of the deal in play (DeckCommitted): duplicate tables compare by it. */
  readonly commitment: string;
  /** Every deal of the board: the first, then one per all-pass redeal (DEC-DDZ-1). */
  readonly deals: readonly DealRecord[];
  readonly hands: PerSeat<readonly Face[]>;
  readonly kitty: readonly Face[];
  readonly bids: readonly { readonly seat: Seat; readonly bid: Bid }[];
  /** Whose single turn it is (bidding, redoubling, play); null while the defenders double. */
  readonly turn: Seat | null;
  readonly landlord: Seat | null;
  readonly bid: 1 | 2 | 3 | null;
  /** Per seat: a defender's choice once made (hidden until revealed), null otherwise. */
  readonly doubles: PerSeat<boolean | null>;
  readonly doublesRevealed: boolean;
  readonly redoubled: boolean;
  readonly kittyRevealed: boolean;
  readonly trick: DdzTrick | null;
  /** Plays made per seat, for spring and anti-spring (DDZ-END-2/3). */
  readonly plays: PerSeat<number>;
  readonly bombs: number;
  readonly rockets: number;
  readonly reported: readonly Seat[];
  /**
   * TRN-TB-4 (DDZ-TB-1 steps 1 and 2), DEC-DDZ-6: each player's own time to play on this board, in
   * ms: from the start of his play turn to his play or pass, as recorded (bidding and doubling are
   * not play; choices recorded without a time count nothing).
   */
  readonly playTime: PerSeat<number>;
  readonly result: DdzEventOf<'BoardEnded'>['data'] | null;
}

export interface CompletedBoard {
  readonly board: number;
  readonly commitment: string;
  readonly scores: PerSeat<number>;
  /** DEC-DDZ-6: each player's own play time on the board, in ms. */
  readonly playTime: PerSeat<number>;
}

/**
 * A duplicate board this table has played whose deals are not yet revealed (DDZ-GEN-1): other
 * tables may still be playing the same cards, so the order and salt wait for RevealBoard.
 */
export interface SealedDeals {
  readonly board: number;
  readonly salt: string;
  readonly deals: readonly DealRecord[];
}

export type PenaltyRecord = RulingPenaltyRecord<Seat>;
export type AppealRecord = RulingAppealRecord<Seat>;

export interface DoudizhuState {
  readonly status: 'new' | 'betweenBoards' | 'inBoard' | 'ended';
  /** Events folded so far: the stream revision a turn-clock default is stamped with. */
  readonly revision: number;
  /** The revision at which the running turn clock started (DDZ-BID-6, DDZ-DBL-1/2, DDZ-PLAY-6). */
  readonly clockSince: number;
  /**
   * The recorded time (epoch ms) of the choice whose command started the running turn clock, its
   * deadline's origin; null when that choice was recorded without a time.
   */
  readonly clockStartedAt: number | null;
  /** The time of the last choice recorded (a board's start, a bid, a double, a play, a pass). */
  readonly lastChoiceAt: number | null;
  readonly ruleset: DoudizhuRuleset;
  readonly table: string;
  readonly players: PerSeat<{ readonly id: string; readonly name: string }>;
  readonly boardsPlayed: number;
  readonly boardNumbers: readonly number[];
  /** Board scores summed per seat (DDZ-SCORE-5), before penalty deductions. */
  readonly boardTotals: PerSeat<number>;
  readonly board: BoardState | null;
  /** The boards completed, with the commitment of the deal played, for the duplicate comparison. */
  readonly completed: readonly CompletedBoard[];
  /** Duplicate boards played here whose deals wait for their set's reveal (DDZ-GEN-1). */
  readonly sealed: readonly SealedDeals[];
  /** DEC-DDZ-5: boards dealt here whose broadcast hold is still on (no BoardHoldLifted yet). */
  readonly held: readonly number[];
  readonly penalties: readonly PenaltyRecord[];
  readonly appeals: readonly AppealRecord[];
  readonly endedAt: number | null;
}

const NOBODY = { id: '', name: '' };

export function initialDoudizhuState(): DoudizhuState {
  return {
    status: 'new',
    revision: 0,
    clockSince: 0,
    clockStartedAt: null,
    lastChoiceAt: null,
    ruleset: ddzCga2017,
    table: '',
    players: [NOBODY, NOBODY, NOBODY],
    boardsPlayed: 0,
    boardNumbers: [],
    boardTotals: [0, 0, 0],
    board: null,
    completed: [],
    sealed: [],
    held: [],
    penalties: [],
    appeals: [],
    endedAt: null,
  };
}

/** Match totals: board scores less the deductions of penalties still standing. */
export function matchTotals(state: DoudizhuState): [number, number, number] {
  const totals: [number, number, number] = [...state.boardTotals];
  for (const p of state.penalties) {
    if (!p.rescinded && p.data.sanction === 'deduction') totals[p.data.seat] -= p.data.points;
  }
  return totals;
}
