import type {
  ChooseDouble as BoardChooseDouble,
  CreateMatch,
  DealBoard as BoardDealBoard,
  DecideAppeal,
  EndMatch,
  IssuePenalty,
  LiftBoardHold,
  LodgeAppeal as RulingLodgeAppeal,
  Pass,
  RevealBoard,
  Timed,
  TimeoutStamp,
} from '@tablecast/game-kit';
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
export type { TimeoutStamp };

export type DdzCreateMatch = CreateMatch<DoudizhuRuleset, Seat>;

/** A board (DDZ-GEN-1: of a duplicate set; DEC-DDZ-5: held on the broadcast for the set's last table). */
export type DealBoard = BoardDealBoard<Face>;

/** DEC-DDZ-5: the set lifts the board's broadcast hold. */
export type { LiftBoardHold };

/** DDZ-GEN-1: reveal a duplicate board's deals at this table (DeckRevealed). */
export type { RevealBoard };

export interface MakeBid extends Timed {
  readonly type: 'Bid';
  readonly seat: Seat;
  readonly bid: Bid;
  readonly timeout?: TimeoutStamp | undefined;
}

/** DDZ-DBL-1: a defender doubles or not. */
export type ChooseDouble = BoardChooseDouble<Seat>;

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

export type DdzPass = Pass<Seat>;

/** DDZ-GEN-2: an arbiter's ruling; DDZ-APL-1/2: its appeal and the committee's decision. */
export type DdzIssuePenalty = IssuePenalty<Seat>;

export type LodgeAppeal = RulingLodgeAppeal<Seat>;

export type { DecideAppeal, EndMatch };

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
