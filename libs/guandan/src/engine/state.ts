import type { CardId, Rank } from '@tablecast/cards';
import type { EventOf } from '../events/catalog';
import type { PlayDuty } from '../events/duty-events';
import type { MatchFormat } from '../events/match-events';
import type { Reading } from '../model/reading';
import type { Seat, Team } from '../model/seats';
import { cga2017, type Ruleset } from '../ruleset/ruleset';

export interface PerTeam<T> {
  readonly NS: T;
  readonly EW: T;
}
export interface PerSeat<T> {
  readonly S: T;
  readonly E: T;
  readonly N: T;
  readonly W: T;
}

export interface TrickState {
  readonly leader: Seat;
  /** The play to beat; null until the leader has led. */
  readonly last: { readonly seat: Seat; readonly cards: readonly CardId[]; readonly as: Reading } | null;
  /** Seats that passed since the last play (GD-PLAY-4). */
  readonly passed: readonly Seat[];
}

export interface HandState {
  readonly number: number;
  readonly level: Rank;
  readonly levelTeam: Team | null;
  /** dealing → (tribute | designate) → play → over. */
  readonly phase: 'dealing' | 'tribute' | 'designate' | 'play' | 'over';
  readonly tribute: 'none' | 'single' | 'double';
  readonly designatingTeam: Team | null;
  readonly seed: string | null;
  readonly salt: string;
  readonly order: readonly CardId[];
  readonly hands: PerSeat<readonly CardId[]>;
  readonly tributesGiven: readonly { readonly from: Seat; readonly card: CardId }[];
  readonly assignments: readonly { readonly from: Seat; readonly to: Seat; readonly card: CardId }[];
  readonly returnedBy: readonly Seat[];
  /** The returned cards, for the choice of GD-VAR-004-3. */
  readonly returns: readonly { readonly from: Seat; readonly to: Seat; readonly card: CardId }[];
  /** GD-VAR-004-3: a tributer has chosen between the returned cards. */
  readonly returnChosen: boolean;
  readonly turn: Seat | null;
  readonly trick: TrickState | null;
  readonly finished: readonly Seat[];
  readonly reported: readonly Seat[];
  /** DEC-GD-10: seats skipped for the trick in progress (or the first trick, if issued before play). */
  readonly suspended: readonly Seat[];
  /**
   * GD-PEN-12: a declaration out of turn bars the offender and his partner from following in the
   * trick in progress, until the trick ends or the non-offending side plays.
   */
  readonly barred: readonly Seat[];
  /** GD-PEN-11: seats that lose their next turn (skipped once, then play on). */
  readonly skipOnce: readonly Seat[];
  /**
   * Duties from rulings that restrict later plays (GD-TRIB-9, GD-PEN-9, GD-PEN-11). Optional so a
   * state folded before duties existed (or a stored checkpoint) reads as "no duties".
   */
  readonly duties?: readonly HandDuty[];
  /** How many of the game's penalties came before this deal (GD-VAR-004-9 counts within a deal). */
  readonly penaltiesBefore: number;
}

/** A ruling's duty on one seat; `waiting` while it applies only from the next trick (GD-PEN-11). */
export interface HandDuty {
  readonly seat: Seat;
  readonly rule: string;
  readonly duty: PlayDuty;
  readonly waiting: boolean;
}

export interface LastHand {
  readonly places: readonly Seat[];
  readonly doubleDown: boolean;
  readonly winningTeam: Team;
  readonly foulBy: Team | null;
}

export interface MatchState {
  readonly status: 'new' | 'betweenHands' | 'inHand' | 'ended';
  readonly ruleset: Ruleset;
  readonly format: MatchFormat;
  readonly startsAt: number;
  readonly players: PerSeat<string>;
  /** levelIndex per team: 0 = 2 … 12 = A, 13 = past A (GD-LVL-1). */
  readonly levels: PerTeam<number>;
  /** Hands completed when each team reached its current level (GD-VAR-004-8 tie-break). */
  readonly reachedAt: PerTeam<number>;
  readonly aFailures: PerTeam<number>;
  readonly handsPlayed: number;
  readonly lastHand: LastHand | null;
  readonly timeCalled: boolean;
  readonly hand: HandState | null;
  readonly penalties: readonly EventOf<'PenaltyIssued'>['data'][];
  readonly result: EventOf<'MatchEnded'>['data'] | null;
}

export function initialState(): MatchState {
  return {
    status: 'new',
    ruleset: cga2017,
    format: { kind: 'toPastAce' },
    startsAt: 0,
    players: { S: '', E: '', N: '', W: '' },
    levels: { NS: 0, EW: 0 },
    reachedAt: { NS: 0, EW: 0 },
    aFailures: { NS: 0, EW: 0 },
    handsPlayed: 0,
    lastHand: null,
    timeCalled: false,
    hand: null,
    penalties: [],
    result: null,
  };
}
