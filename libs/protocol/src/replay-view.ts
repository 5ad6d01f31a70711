import type { CardId } from '@tablecast/cards';
import type { CompassPair as Team, CompassSeat as Seat, PerCompassSeat, WireReading } from './compass';
import type { MatchNames } from './match-names';

/**
 * The arbitration committee's replay: what `GET /api/matches/:id/replay?position=N`
 * answers, built by apps/server/src/arbitration/replay/replay-view.ts and shown by the replay page.
 * Staff only: it holds all four hands.
 */

/** One event as the arbiters see it in the replay: when it was recorded and who keyed it. */
export interface ReplayEvent {
  readonly revision: number;
  readonly type: string;
  readonly recordedAt: string;
  readonly actor: { readonly id: string; readonly role: string };
  readonly data: unknown;
  /** False when a later-confirmed keying correction (at or before this position) retracted it. */
  readonly inEffect: boolean;
}

/** A penalty as known at the position: issued at the table or imposed by a ruling, maybe rescinded. */
export interface ReplayPenalty {
  readonly revision: number;
  readonly seat: Seat;
  readonly sanction: string;
  readonly rule: string;
  readonly by: string;
  /** The ruling that imposed it (null: the table referee issued it). */
  readonly imposedByRuling: string | null;
  /** The ruling that rescinded it by this position, or null. */
  readonly rescindedByRuling: string | null;
}

/** What one audience had been shown by the time of the event (from the feeds' disclosure ledger). */
export interface AudienceShown {
  readonly frames: number;
  /** The last match revision whose view had been released to it (-1: nothing yet). */
  readonly revisionShown: number;
  readonly lastReleasedAt: string | null;
}

/** The trick in progress: who led, the play to beat (null until the lead) and who passed since. */
export interface ReplayTrick {
  readonly leader: Seat;
  readonly last: { readonly seat: Seat; readonly cards: readonly CardId[]; readonly as: WireReading } | null;
  readonly passed: readonly Seat[];
}

/** How the match ended (MatchEnded): the reason, the winning pair, the levels and points, the rule. */
export interface ReplayMatchResult {
  readonly reason: 'pastAce' | 'dealsPlayed' | 'timeUp' | 'forfeit';
  readonly winner: Team | null;
  readonly levels: { readonly NS: number; readonly EW: number };
  readonly matchPoints: { readonly NS: number; readonly EW: number };
  readonly levelPoints: { readonly NS: number; readonly EW: number };
  readonly rule: string;
}

export interface ReplayView {
  readonly matchId: string;
  readonly position: number;
  readonly lastPosition: number;
  readonly event: ReplayEvent;
  /** The events just before this one (oldest first), with time and actor. */
  readonly recent: readonly ReplayEvent[];
  readonly status: 'new' | 'betweenHands' | 'inHand' | 'ended';
  readonly levels: { readonly NS: number; readonly EW: number };
  readonly levelNames: { readonly NS: string; readonly EW: string };
  readonly hand: {
    readonly number: number;
    readonly level: string;
    readonly phase: string;
    /** All four hands: the replay is for the committee only. */
    readonly hands: PerCompassSeat<readonly string[]>;
    readonly trick: ReplayTrick | null;
    readonly turn: Seat | null;
    readonly finished: readonly Seat[];
  } | null;
  readonly penalties: readonly ReplayPenalty[];
  /** null when the server holds no disclosure ledger for the match (feeds not run since boot). */
  readonly shown: Readonly<Record<string, AudienceShown>> | null;
  readonly result: ReplayMatchResult | null;
  /**
   * The players' and teams' names from MatchCreated, so the page can say who played (added for the
   * readable replay; optional: an older server did not send them). null when the log opens otherwise.
   */
  readonly names?: MatchNames | null;
  /** The venue's IANA time zone (TABLECAST_TIME_ZONE), for times beside UTC; absent from an older server. */
  readonly timeZone?: string;
}
