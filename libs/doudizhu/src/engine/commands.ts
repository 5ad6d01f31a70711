import type { DecideAppeal, IssuePenalty, LodgeAppeal as RulingLodgeAppeal } from '@tablecast/game-kit';
import type { Face } from '@tablecast/cards';
import type { DoudizhuRuleset } from '../events/match-events';
import type { Bid, Seat } from '../events/primitives';
import type { z } from 'zod';
import type { PlayReadingSchema } from '../events/primitives';

export type PlayReading = z.infer<typeof PlayReadingSchema>;

/**
 * Set on a command the turn clock sent on a player's behalf (DDZ-BID-6, DDZ-DBL-1/2, DDZ-PLAY-6):
 * the revision of the state it timed. If anything was recorded since, the timeout is stale.
 */
export interface TimeoutStamp {
  readonly revision: number;
}

/**
 * The server's time when it took a player's (or the clock's) choice: recorded on the event as
 * `at`, it starts the next turn clock, so its deadline comes from the log alone.
 */
interface Timed {
  readonly now?: number | undefined;
}

export interface DdzCreateMatch {
  readonly type: 'CreateMatch';
  readonly table: string;
  readonly ruleset: DoudizhuRuleset;
  readonly players: readonly { id: string; name: string; seat: Seat }[];
  readonly now: number;
}

/**
 * A board: shuffle with `seed` or take an entered `order`; `salt` is the board's, so every table
 * playing the board commits to the same deal with the same commitment (duplicate, DDZ-GEN-1).
 */
export interface DealBoard {
  readonly type: 'DealBoard';
  readonly board: number;
  readonly seed?: string | undefined;
  readonly order?: readonly Face[] | undefined;
  readonly salt: string;
  /** DDZ-GEN-1: a board of a duplicate set; its deals wait for RevealBoard instead of this table's board end. */
  readonly duplicate?: boolean | undefined;
  /** DEC-DDZ-5: the set declares its tables: the deal waits on the broadcast for the last of them. */
  readonly held?: boolean | undefined;
  readonly now: number;
}

/** DEC-DDZ-5: the set lifts the board's broadcast hold (its last declared table was dealt it at `at`, or it was closed). */
export interface LiftBoardHold extends Timed {
  readonly type: 'LiftBoardHold';
  readonly board: number;
  readonly at: number;
  readonly reason: 'dealtEverywhere' | 'closed';
}

/**
 * DDZ-GEN-1: reveal a duplicate board's deals at this table (DeckRevealed), sent by the board set
 * once every table dealt the board has played it.
 */
export interface RevealBoard extends Timed {
  readonly type: 'RevealBoard';
  readonly board: number;
}

export interface MakeBid extends Timed {
  readonly type: 'Bid';
  readonly seat: Seat;
  readonly bid: Bid;
  readonly timeout?: TimeoutStamp | undefined;
}

export interface ChooseDouble extends Timed {
  readonly type: 'Double';
  readonly seat: Seat;
  readonly double: boolean;
  readonly timeout?: TimeoutStamp | undefined;
}

export interface ChooseRedouble extends Timed {
  readonly type: 'Redouble';
  readonly seat: Seat;
  readonly redouble: boolean;
  readonly timeout?: TimeoutStamp | undefined;
}

/** `as` names the reading when the cards read more than one way that is legal now. */
export interface DdzPlayCards extends Timed {
  readonly type: 'PlayCards';
  readonly seat: Seat;
  readonly cards: readonly Face[];
  readonly as?: PlayReading | undefined;
  readonly timeout?: TimeoutStamp | undefined;
}

export interface DdzPass extends Timed {
  readonly type: 'Pass';
  readonly seat: Seat;
  readonly timeout?: TimeoutStamp | undefined;
}

/** DDZ-GEN-2: an arbiter's ruling; DDZ-APL-1/2: its appeal and the committee's decision. */
export type DdzIssuePenalty = IssuePenalty<Seat>;

export type LodgeAppeal = RulingLodgeAppeal<Seat>;

export type { DecideAppeal };

export interface EndMatch {
  readonly type: 'EndMatch';
  readonly now: number;
}

export type DoudizhuCommand =
  | DdzCreateMatch
  | DealBoard
  | RevealBoard
  | LiftBoardHold
  | MakeBid
  | ChooseDouble
  | ChooseRedouble
  | DdzPlayCards
  | DdzPass
  | DdzIssuePenalty
  | LodgeAppeal
  | DecideAppeal
  | EndMatch;
