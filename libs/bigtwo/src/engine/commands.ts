import type {
  ChooseDouble,
  CreateMatch,
  DealBoard,
  DecideAppeal,
  EndMatch,
  IssuePenalty,
  LiftBoardHold,
  LodgeAppeal,
  Pass,
  RevealBoard,
  Timed,
  TimeoutStamp,
} from '@tablecast/game-kit';
import type { Face } from '@tablecast/cards';
import type { z } from 'zod';
import type { BigTwoRuleset } from '../events/match-events';
import type { PlayReadingSchema, Seat } from '../events/primitives';

export type PlayReading = z.infer<typeof PlayReadingSchema>;

/**
 * Set on a command a turn clock sent on a player's behalf (B2-SHOW-1, B2-DBL-1, a ruleset's play
 * clock): the revision it timed. If anything was recorded since, the timeout is stale.
 */
export type { TimeoutStamp };

export type B2CreateMatch = CreateMatch<BigTwoRuleset, Seat>;

/** A board (DEC-B2-4: of a duplicate set; DEC-B2-5: held on the broadcast for the set's last table). */
export type B2DealBoard = DealBoard<Face>;

/** DEC-B2-4: reveal a duplicate board's deal here, sent by its set once every table has played it. */
export type B2RevealBoard = RevealBoard;

/** DEC-B2-5: the set lifts the board's broadcast hold. */
export type B2LiftBoardHold = LiftBoardHold;

/** B2-SHOW-1: show the whole hand (明牌) or not. */
export interface B2ChooseShow extends Timed {
  readonly type: 'Show';
  readonly seat: Seat;
  readonly show: boolean;
  readonly timeout?: TimeoutStamp | undefined;
}

/** B2-DBL-1: double (加倍) or not, in turn from 首家. */
export type B2ChooseDouble = ChooseDouble<Seat>;

export interface B2PlayCards extends Timed {
  readonly type: 'PlayCards';
  readonly seat: Seat;
  readonly cards: readonly Face[];
  readonly timeout?: TimeoutStamp | undefined;
}

export type B2Pass = Pass<Seat>;

/** B2-GEN-2: an arbiter's ruling; B2-APL-1/2: its appeal and the committee's decision. */
export type B2IssuePenalty = IssuePenalty<Seat>;

export type B2LodgeAppeal = LodgeAppeal<Seat>;

export type B2DecideAppeal = DecideAppeal;

export type B2EndMatch = EndMatch;

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
