import type { Sanction } from './penalty-events';

/** An arbiter's ruling on a breach at `seat`, naming the game's rule that was breached. */
export interface IssuePenalty<Seat> {
  readonly type: 'IssuePenalty';
  readonly seat: Seat;
  readonly rule: string;
  readonly sanction: Sanction;
  readonly points: number;
  readonly refereeId: string;
  readonly note?: string | undefined;
  readonly now: number;
}

export interface LodgeAppeal<Seat> {
  readonly type: 'LodgeAppeal';
  readonly penalty: number;
  readonly seat: Seat;
  readonly grounds: string;
  readonly now: number;
}

export interface DecideAppeal {
  readonly type: 'DecideAppeal';
  readonly appeal: number;
  readonly votesFor: number;
  readonly votesAgainst: number;
  readonly now: number;
}

export type RulingCommand<Seat> = IssuePenalty<Seat> | LodgeAppeal<Seat> | DecideAppeal;
