import type { CompassPair as Team, CompassSeat as Seat, WireReading as Reading } from './compass';

/**
 * Facts the on-air overlays need that the rules engine's state does not keep. The server
 * computes them while folding the log, next to the view, so a browser renders them and never has to
 * guess (STYLE 11). On the venue feed every card field that could name a card still in a hand is null.
 */

/** A seat's latest action in the trick in progress: its play (with the server's reading) or a pass. */
export type SeatActionView =
  | { readonly kind: 'play'; readonly cards: readonly string[]; readonly as: Reading }
  | { readonly kind: 'pass' };

/**
 * The action clock of the seat to play (GD-TIME-1, GD-VAR-004-7). `since` is the recorded time of the
 * event that gave the turn; a page shows the elapsed time from it, on the delayed feeds against its
 * own clock minus the feed's delay. (Tribute and return clocks, GD-TIME-2, are not shown yet.)
 */
export interface ActionClockView {
  readonly seat: Seat;
  readonly since: string;
  /** Seconds after which the referee warns (GD-TIME-1: 20); null when the ruleset sets none. */
  readonly warningSeconds: number | null;
  /** Seconds after which the delay is a violation (GD-TIME-1: 30); null when the ruleset sets none. */
  readonly limitSeconds: number | null;
  /** GD-TIME-1, or GD-VAR-004-7 for the first play of a deal under 004. */
  readonly rule: string;
}

/** The tribute exchange of the current deal (GD-TRIB-*): who gave what, who returned what, or 抗贡. */
export interface TributeExchangeView {
  readonly handNumber: number;
  /** GD-TRIB-6: the seats holding both big jokers; non-empty means no tribute this deal. */
  readonly resisted: readonly Seat[];
  /** `card` null on the venue feed: it is in the receiver's hand (GD-TRIB-5). */
  readonly given: readonly { readonly from: Seat; readonly to: Seat | null; readonly card: string | null }[];
  /** Returned face down (GD-TRIB-5): `card` null on the venue feed. */
  readonly returned: readonly { readonly from: Seat; readonly to: Seat; readonly card: string | null }[];
}

/** One finished deal, for the standings, the hand history and the levels chart. */
export interface HandResultView {
  readonly handNumber: number;
  readonly places: readonly Seat[];
  readonly doubleDown: boolean;
  readonly winningTeam: Team;
  readonly levelUp: number;
  readonly levelsBefore: { readonly NS: number; readonly EW: number };
  readonly levelsAfter: { readonly NS: number; readonly EW: number };
  /** GD-PEN-4: the deal was lost by this team's foul. */
  readonly foulBy: Team | null;
}

/**
 * The latest moment worth an animation, with the revision it happened at: a page animates a moment
 * once, when its revision is new to it, so a resumed or late frame never replays an old one.
 */
export type MomentView = { readonly revision: number; readonly at: string } & (
  | {
      /** A bomb-class play (GD-COMBO-8…10): bomb, straight flush or four jokers. */
      readonly kind: 'bomb';
      readonly seat: Seat;
      readonly cards: readonly string[];
      readonly as: Reading;
    }
  | { readonly kind: 'tribute'; readonly exchange: TributeExchangeView }
  | { readonly kind: 'handEnd'; readonly result: HandResultView }
  | {
      readonly kind: 'penalty';
      readonly seat: Seat;
      readonly sanction: 'warning' | 'violation' | 'foul' | 'turnLost';
      readonly rule: string;
      /**
       * What the referee typed when issuing it (PenaltyIssued `note`, empty when nothing); null on
       * the venue feed, as the event's public form drops it: a note may name cards still in a hand.
       */
      readonly note: string | null;
    }
);
