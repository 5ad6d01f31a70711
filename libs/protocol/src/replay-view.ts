import type { MatchState, PerSeat, Seat, TrickState } from '@tablecast/guandan';
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

export interface ReplayView {
  readonly matchId: string;
  readonly position: number;
  readonly lastPosition: number;
  readonly event: ReplayEvent;
  /** The events just before this one (oldest first), with time and actor. */
  readonly recent: readonly ReplayEvent[];
  readonly status: MatchState['status'];
  readonly levels: { readonly NS: number; readonly EW: number };
  readonly levelNames: { readonly NS: string; readonly EW: string };
  readonly hand: {
    readonly number: number;
    readonly level: string;
    readonly phase: string;
    /** All four hands: the replay is for the committee only. */
    readonly hands: PerSeat<readonly string[]>;
    readonly trick: TrickState | null;
    readonly turn: Seat | null;
    readonly finished: readonly Seat[];
  } | null;
  readonly penalties: readonly ReplayPenalty[];
  /** null when the server holds no disclosure ledger for the match (feeds not run since boot). */
  readonly shown: Readonly<Record<string, AudienceShown>> | null;
  readonly result: MatchState['result'];
  /**
   * The players' and teams' names from MatchCreated, so the page can say who played (added for the
   * readable replay; optional: an older server did not send them). null when the log opens otherwise.
   */
  readonly names?: MatchNames | null;
  /** The venue's IANA time zone (TABLECAST_TIME_ZONE), for times beside UTC; absent from an older server. */
  readonly timeZone?: string;
}
