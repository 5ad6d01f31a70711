import { standingDeductions, type AppealRecord, type PenaltyRecord } from '@tablecast/game-kit';
import type { Face } from '@tablecast/cards';
import type { B2EventOf } from '../events/catalog';
import { b2Cga2017, type BigTwoRuleset } from '../events/match-events';
import { perSeat, type PerSeat, type Seat } from '../events/primitives';
import type { PlayReading } from './commands';

export interface B2Trick {
  readonly leader: Seat;
  /** The play to beat; null until the leader has led. */
  readonly last: { readonly seat: Seat; readonly cards: readonly Face[]; readonly as: PlayReading } | null;
  /** Consecutive passes since the last play (B2-PLAY-4: three end the trick). */
  readonly passes: number;
}

export interface B2BoardState {
  readonly number: number;
  readonly phase: 'dealing' | 'showing' | 'doubling' | 'play' | 'over';
  readonly salt: string;
  /** DEC-B2-4: a board of a duplicate set, whose deal its set reveals (RevealBoard). */
  readonly duplicate: boolean;
  readonly seed: string | null;
  readonly order: readonly Face[];
  /** The published commitment of the deal: duplicate tables compare by it. */
  readonly commitment: string;
  readonly hands: PerSeat<readonly Face[]>;
  /** 首家, the holder of ♦3 (B2-TERM-1). */
  readonly firstSeat: Seat;
  /** B2-SHOW-1: per seat, true once shown, false once declined, null until chosen. */
  readonly shown: PerSeat<boolean | null>;
  /** B2-DBL-1: per seat, the doubling choice once made. */
  readonly doubled: PerSeat<boolean | null>;
  /** Whose single turn it is (doubling, play); null while the show choices run in parallel. */
  readonly turn: Seat | null;
  readonly trick: B2Trick | null;
  /** Whether the board's first play is still to come (B2-PLAY-1: it must hold ♦3). */
  readonly firstLead: boolean;
  readonly reported: readonly Seat[];
  /**
   * B2-TB-1 (steps 3 and 4), DEC-B2-6: each player's own time to play on this board, in ms: from the
   * start of his turn to his play or pass, as recorded (choices recorded without a time count nothing).
   */
  readonly playTime: PerSeat<number>;
  readonly result: B2EventOf<'BoardEnded'>['data'] | null;
}

export interface B2CompletedBoard {
  readonly board: number;
  readonly commitment: string;
  readonly scores: PerSeat<number>;
  /** B2-TB-1: each player's own play time on the board, in ms. */
  readonly playTime: PerSeat<number>;
}

export type B2PenaltyRecord = PenaltyRecord<Seat>;
export type B2AppealRecord = AppealRecord<Seat>;

export interface BigTwoState {
  readonly status: 'new' | 'betweenBoards' | 'inBoard' | 'ended';
  /** Events folded so far: the stream revision a turn-clock default is stamped with. */
  readonly revision: number;
  /** The revision at which the running turn clock started. */
  readonly clockSince: number;
  /** The recorded time (epoch ms) the running turn clock started from; null when unrecorded. */
  readonly clockStartedAt: number | null;
  readonly lastChoiceAt: number | null;
  readonly ruleset: BigTwoRuleset;
  readonly table: string;
  readonly players: PerSeat<{ readonly id: string; readonly name: string }>;
  readonly boardsPlayed: number;
  readonly boardNumbers: readonly number[];
  /** Board scores summed per seat, before penalty deductions. */
  readonly boardTotals: PerSeat<number>;
  readonly board: B2BoardState | null;
  readonly completed: readonly B2CompletedBoard[];
  /** DEC-B2-4: duplicate boards played here whose deal waits for its set's reveal. */
  readonly sealed: readonly {
    readonly board: number;
    readonly salt: string;
    readonly order: readonly Face[];
  }[];
  /** DEC-B2-5: boards dealt here whose broadcast hold is still on (no BoardHoldLifted yet). */
  readonly held: readonly number[];
  readonly penalties: readonly B2PenaltyRecord[];
  readonly appeals: readonly B2AppealRecord[];
  readonly endedAt: number | null;
}

export function initialBigTwoState(): BigTwoState {
  return {
    status: 'new',
    revision: 0,
    clockSince: 0,
    clockStartedAt: null,
    lastChoiceAt: null,
    ruleset: b2Cga2017,
    table: '',
    players: perSeat(() => ({ id: '', name: '' })),
    boardsPlayed: 0,
    boardNumbers: [],
    boardTotals: perSeat(() => 0),
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
export function matchTotals(state: BigTwoState): PerSeat<number> {
  return perSeat((seat) => state.boardTotals[seat] - standingDeductions(state.penalties, seat));
}
