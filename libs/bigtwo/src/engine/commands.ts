import type { DecideAppeal, IssuePenalty, LodgeAppeal } from '@tablecast/game-kit';
import type { Face } from '@tablecast/cards';
import type { z } from 'zod';
import type { BigTwoRuleset } from '../events/match-events';
import type { PlayReadingSchema, Seat } from '../events/primitives';

export type PlayReading = z.infer<typeof PlayReadingSchema>;

/**
 * Set on a command a turn clock sent on a player's behalf (B2-SHOW-1, B2-DBL-1, a ruleset's play
 * clock): the revision it timed. If anything was recorded since, the timeout is stale.
 */
export interface TimeoutStamp {
  readonly revision: number;
}

/** The server's time of a choice: recorded as `at`, it starts the next turn clock. */
interface Timed {
  readonly now?: number | undefined;
}

export interface B2CreateMatch {
  readonly type: 'CreateMatch';
  readonly table: string;
  readonly ruleset: BigTwoRuleset;
  readonly players: readonly { id: string; name: string; seat: Seat }[];
  readonly now: number;
}

/** A board: shuffle with `seed` or take an entered `order`; `salt` is the board's (duplicate). */
export interface B2DealBoard {
  readonly type: 'DealBoard';
  readonly board: number;
  readonly seed?: string | undefined;
  readonly order?: readonly Face[] | undefined;
  readonly salt: string;
  /** DEC-B2-4: a board of a duplicate set; its deal waits for RevealBoard instead of this table's board end. */
  readonly duplicate?: boolean | undefined;
  /** DEC-B2-5: the set declares its tables: the deal waits on the broadcast for the last of them. */
  readonly held?: boolean | undefined;
  readonly now: number;
}

/** DEC-B2-4: reveal a duplicate board's deal here, sent by its set once every table has played it. */
export interface B2RevealBoard extends Timed {
  readonly type: 'RevealBoard';
  readonly board: number;
}

/** DEC-B2-5: the set lifts the board's broadcast hold (its last declared table was dealt it at `at`, or it was closed). */
export interface B2LiftBoardHold extends Timed {
  readonly type: 'LiftBoardHold';
  readonly board: number;
  readonly at: number;
  readonly reason: 'dealtEverywhere' | 'closed';
}

/** B2-SHOW-1: show the whole hand (明牌) or not. */
export interface B2ChooseShow extends Timed {
  readonly type: 'Show';
  readonly seat: Seat;
  readonly show: boolean;
  readonly timeout?: TimeoutStamp | undefined;
}

/** B2-DBL-1: double (加倍) or not, in turn from 首家. */
export interface B2ChooseDouble extends Timed {
  readonly type: 'Double';
  readonly seat: Seat;
  readonly double: boolean;
  readonly timeout?: TimeoutStamp | undefined;
}

export interface B2PlayCards extends Timed {
  readonly type: 'PlayCards';
  readonly seat: Seat;
  readonly cards: readonly Face[];
  readonly timeout?: TimeoutStamp | undefined;
}

export interface B2Pass extends Timed {
  readonly type: 'Pass';
  readonly seat: Seat;
  readonly timeout?: TimeoutStamp | undefined;
}

/** B2-GEN-2: an arbiter's ruling; B2-APL-1/2: its appeal and the committee's decision. */
export type B2IssuePenalty = IssuePenalty<Seat>;

export type B2LodgeAppeal = LodgeAppeal<Seat>;

export type B2DecideAppeal = DecideAppeal;

export interface B2EndMatch {
  readonly type: 'EndMatch';
  readonly now: number;
}

export type BigTwoCommand =
  | B2CreateMatch
  | B2DealBoard
  | B2RevealBoard
  | B2LiftBoardHold
  | B2ChooseShow
  | B2ChooseDouble
  | B2PlayCards
  | B2Pass
  | B2IssuePenalty
  | B2LodgeAppeal
  | B2DecideAppeal
  | B2EndMatch;
