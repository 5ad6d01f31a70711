import type { TimeoutStamp } from '../stale-timeout';

/**
 * The commands a seated game played in boards takes besides its own moves (Dou Dizhu, Big Two):
 * the match's setup and end, a board's deal (duplicate or not), its reveal and its broadcast hold,
 * and the two choices their engines take alike, a double and a pass. A game puts its own moves
 * (a bid, a show, a play and its reading) beside them in its command union.
 */

/**
 * The server's time when it took a player's (or the clock's) choice: recorded on the event as
 * `at`, it starts the next turn clock, so its deadline comes from the log alone.
 */
export interface Timed {
  readonly now?: number | undefined;
}

export interface CreateMatch<Ruleset, Seat> {
  readonly type: 'CreateMatch';
  readonly table: string;
  readonly ruleset: Ruleset;
  readonly players: readonly { id: string; name: string; seat: Seat }[];
  readonly now: number;
}

/**
 * A board: shuffle with `seed` or take an entered `order`; `salt` is the board's, so every table
 * playing the board commits to the same deal with the same commitment (duplicate).
 */
export interface DealBoard<Card> {
  readonly type: 'DealBoard';
  readonly board: number;
  readonly seed?: string | undefined;
  readonly order?: readonly Card[] | undefined;
  readonly salt: string;
  /** A board of a duplicate set; its deal waits for RevealBoard instead of this table's board end. */
  readonly duplicate?: boolean | undefined;
  /** The set declares its tables: the deal waits on the broadcast for the last of them. */
  readonly held?: boolean | undefined;
  readonly now: number;
}

/** Reveal a duplicate board's deal at this table, sent by its set once every table has played it. */
export interface RevealBoard extends Timed {
  readonly type: 'RevealBoard';
  readonly board: number;
}

/** The set lifts the board's broadcast hold (its last declared table was dealt it at `at`, or it was closed). */
export interface LiftBoardHold extends Timed {
  readonly type: 'LiftBoardHold';
  readonly board: number;
  readonly at: number;
  readonly reason: 'dealtEverywhere' | 'closed';
}

/** Double (加倍) or not. */
export interface ChooseDouble<Seat> extends Timed {
  readonly type: 'Double';
  readonly seat: Seat;
  readonly double: boolean;
  readonly timeout?: TimeoutStamp | undefined;
}

/** Decline to follow. */
export interface Pass<Seat> extends Timed {
  readonly type: 'Pass';
  readonly seat: Seat;
  readonly timeout?: TimeoutStamp | undefined;
}

export interface EndMatch {
  readonly type: 'EndMatch';
  readonly now: number;
}
