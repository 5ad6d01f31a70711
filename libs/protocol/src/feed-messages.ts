import type { CompassPair as Team, CompassSeat as Seat, WireReading as Reading } from './compass';
import type {
  ActionClockView,
  HandResultView,
  MomentView,
  SeatActionView,
  TributeExchangeView,
} from './feed-facts';

/**
 * What a feed client sees of a match. The server computes one of these per audience at
 * one choke point (`viewFor` in @tablecast/broadcast) and encodes it once per audience; clients
 * render it as is. Card ids are plain strings here (`H5a`, `BJb`) so the overlays need no card
 * library to display them.
 *
 * Audiences are named by string on the wire: an unknown name is served the venue view.
 */

export interface SeatView {
  readonly playerId: string;
  readonly playerName: string;
  readonly cardsLeft: number;
  /** The cards held, on the full-information audiences only (staff live, broadcast delayed); else null. */
  readonly hand: readonly string[] | null;
  /** 1 = first out (上游), 2, 3; null while still holding cards. */
  readonly place: number | null;
  /** The table has announced this player's count (GD-RPT-1). */
  readonly reported: boolean;
}

export interface PlayView {
  readonly seat: Seat;
  readonly cards: readonly string[];
  readonly as: Reading;
}

export interface TrickView {
  readonly leader: Seat;
  /** The play to beat; null until the leader has led. */
  readonly last: PlayView | null;
  readonly passed: readonly Seat[];
}

export interface TributeView {
  readonly from: Seat;
  /** null until the tribute has been assigned to a receiver. */
  readonly to: Seat | null;
  /** The card, on full-information audiences only; null on the venue feed (it is in a hand). */
  readonly card: string | null;
}

export interface HandView {
  readonly number: number;
  /** The rank played this deal, e.g. `7` (GD-LVL-3). */
  readonly level: string;
  readonly levelTeam: Team | null;
  readonly phase: 'dealing' | 'tribute' | 'designate' | 'play' | 'over';
  readonly tribute: 'none' | 'single' | 'double';
  readonly tributes: readonly TributeView[];
  /** Seats that have returned their tribute card (the card itself stays hidden on venue). */
  readonly returnedBy: readonly Seat[];
  readonly turn: Seat | null;
  readonly trick: TrickView | null;
  /** Seats in finishing order so far. */
  readonly places: readonly Seat[];
}

/** Commit-reveal on air: the commitment is public live; salt and order come with the delayed feed. */
export interface DeckView {
  readonly handNumber: number;
  readonly commitment: string | null;
  /** Revealed salt and order (DeckRevealed); full-information audiences only, so null on venue. */
  readonly salt: string | null;
  readonly order: readonly string[] | null;
}

export interface PenaltyView {
  readonly seat: Seat;
  readonly sanction: 'warning' | 'violation' | 'foul' | 'turnLost';
  readonly rule: string;
  /**
   * What the referee typed when issuing it (PenaltyIssued `note`, empty when nothing); null on the
   * venue feed, as the event's public form drops it: a note may name cards still in a hand.
   */
  readonly note: string | null;
}

/**
 * The game format set when the match was created (GD-FMT-1…4): public, so every screen can show how
 * far the game has gone (deals left, time left). Time is the server's game clock.
 */
export interface MatchFormatView {
  readonly kind: 'toPastAce' | 'fixedDeals' | 'timed' | 'timedOrFixedDeals';
  /** Deals in the game (计副制, GD-FMT-2/4); null for the other formats. */
  readonly deals: number | null;
  /** Length of the game clock in minutes (计时制, GD-FMT-3/4); null for the other formats. */
  readonly minutes: number | null;
  /** When the game clock started (ISO); null for the untimed formats. */
  readonly startsAt: string | null;
  /** The referee has called time (TimeCalled): the deal in progress is the last (GD-FMT-3/4). */
  readonly timeCalled: boolean;
}

export interface MatchView {
  readonly matchId: string;
  /** Stream revision of the last event this view includes: a late frame never overwrites a newer view. */
  readonly revision: number;
  /** recordedAt of that event (ISO): the moment of the match this view shows. */
  readonly asOf: string;
  readonly status: 'new' | 'betweenHands' | 'inHand' | 'ended';
  readonly table: string | null;
  readonly teams: { readonly NS: string; readonly EW: string } | null;
  /** levelIndex per team: 0 = 2 … 12 = A, 13 = past A (GD-LVL-1). */
  readonly levels: { readonly NS: number; readonly EW: number };
  readonly handsPlayed: number;
  /** null until the match is created. */
  readonly format: MatchFormatView | null;
  readonly seats: Readonly<Record<Seat, SeatView>>;
  readonly hand: HandView | null;
  readonly deck: DeckView | null;
  readonly lastHand: {
    readonly places: readonly Seat[];
    readonly doubleDown: boolean;
    readonly winningTeam: Team;
  } | null;
  readonly penalties: readonly PenaltyView[];
  readonly result: { readonly winner: Team | null; readonly reason: string } | null;
  /** Each seat's latest play or pass in the trick in progress, with the reading. */
  readonly actions: Readonly<Record<Seat, SeatActionView | null>>;
  /** The clock of the seat to play; null when nobody is to play. */
  readonly clock: ActionClockView | null;
  /** The tribute exchange of the current deal; null when there was none yet. */
  readonly exchange: TributeExchangeView | null;
  /** The latest moment for the moments overlay; null before the first one. */
  readonly moment: MomentView | null;
  /** Every finished deal so far, oldest first. */
  readonly history: readonly HandResultView[];
}

/** One event as an audience may see it (field-level redacted on venue), with its place in the log. */
export interface FeedEvent {
  readonly type: string;
  readonly data: unknown;
  readonly revision: number;
  readonly position: string;
  readonly recordedAt: string;
}

/**
 * `live`: the view is current for the audience (delayed by `delayMs` on broadcast).
 * `delayBuilding`: fail closed — nothing is shown yet (or any more) because the delay is still
 * building (`starting`), the delay was raised and the added time is rebuilding (`raised`), or the
 * release clock or the log is unhealthy. `resumesAt` (ms since the
 * epoch) is when the next release is due, when known.
 */
export type FeedStatus =
  | { readonly state: 'live'; readonly delayMs: number }
  | {
      readonly state: 'delayBuilding';
      readonly delayMs: number;
      readonly reason: 'starting' | 'clock' | 'log' | 'raised';
      readonly resumesAt: number | null;
    };

/**
 * One frame of a match feed, encoded once per audience and sent as the same bytes to every client
 * of it. Every frame carries the whole view, so the first frame a client receives is its snapshot
 * and each later one a delta (`event` is what changed); `seq` grows by one per frame of
 * (match, audience), which is how a reconnecting client resumes without gap or duplicate.
 * `V` is the game's view (Guandan's is `MatchView`; another game's feed carries its own).
 */
export interface FeedFrame<V = MatchView> {
  readonly type: 'feed';
  readonly matchId: string;
  readonly audience: string;
  readonly seq: number;
  /**
   * The match's game (the registry id: `guandan`, `doudizhu`, `bigtwo`), public from the match's
   * creation: a page learns from it which game's layout to use while the delay builds and the frame
   * carries no view. Absent on frames from before the game was named in the header (Guandan's).
   */
  readonly game?: string;
  readonly status: FeedStatus;
  /** The event this frame released; null for a status-only frame. */
  readonly event: FeedEvent | null;
  /** null while the delay is building (nothing released yet, or held back after a fault). */
  readonly view: V | null;
}

/**
 * The gateway's answer to `subscribe`, before any feed frame. `audience` is the audience actually
 * served (an unknown one becomes `venue`). `resumed`: frames after `lastSeq` follow with no gap;
 * otherwise the next frame is a snapshot (the latest frame), and `latestSeq` is its seq (0: none yet).
 */
export interface SubscribedMessage {
  readonly type: 'subscribed';
  readonly matchId: string;
  readonly audience: string;
  readonly latestSeq: number;
  readonly resumed: boolean;
}
