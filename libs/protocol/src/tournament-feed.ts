/**
 * The tournament feed (`/ws/tournament`): an event's standings, rounds, pairings and each table's
 * live status, for the on-air pages and the spectator site. Public data only: the standings and
 * results the arbiters recorded, and from each table what its venue feed gives every spectator
 * (who plays, which deal, the score). Never a card, never a token. Game-neutral: a table's score
 * is a list of labelled values the game's venue view carries.
 */

import type { BestOfView } from './tournament-best-of';

/** What a page sends: watch one event (a later watch replaces it). */
export interface WatchTournamentMessage {
  readonly type: 'watchTournament';
  readonly tournamentId: string;
}

/** One side's score at a live table, as its venue feed shows it (Guandan: the level; Dou Dizhu: the total). */
export interface TableScoreView {
  readonly side: string;
  readonly value: string;
}

/** A table's live status from its venue feed; null on a pairing until its match has sent a frame. */
export interface TableLiveView {
  readonly matchId: string;
  readonly status: 'new' | 'live' | 'ended';
  /** Deals (boards) finished so far. */
  readonly played: number;
  readonly score: readonly TableScoreView[];
  /** The moment of the match the venue feed showed (ISO). */
  readonly asOf: string;
}

/** One side of a recorded result: match points as an exact decimal string ("1.5"), level points. */
export interface PairingSideResult {
  readonly entrant: string;
  readonly matchPoints: string;
  readonly levelPoints: number;
}

export interface PairingResultView {
  readonly kind: 'played' | 'forfeit' | 'bye';
  readonly source: 'game' | 'forfeit' | 'bye';
  readonly a: PairingSideResult;
  readonly b: PairingSideResult | null;
  readonly forfeitedBy: string | null;
}

export interface TournamentPairingView {
  readonly match: string;
  readonly a: string;
  readonly b: string;
  readonly table: number | null;
  /** The game match played for this pairing: its `/watch` page. */
  readonly matchId: string | null;
  readonly result: PairingResultView | null;
  readonly live: TableLiveView | null;
  /** A best-of knockout round's games and running score (TRN-KO-5 (b)); absent for a one-game round. */
  readonly bestOf?: BestOfView;
}

/** What a duplicate table has played of its round's board set (TRN-MP-1): the boards dealt there, in order. */
export interface TableBoardsView {
  readonly set: string;
  readonly total: number;
  /** The board numbers dealt at the table so far (each the same deal at every table of its set). */
  readonly dealt: readonly number[];
  /** The board the table plays next; null once it has been dealt every board of the set. */
  readonly next: number | null;
}

/** A duplicate Swiss table of individual players (Dou Dizhu, Big Two; TRN-MOVE-4/5), players by seat. */
export interface TournamentSeatedTableView {
  readonly match: string;
  readonly table: number;
  readonly group: number;
  readonly seats: readonly string[];
  readonly matchId: string | null;
  /** Its board set and what it has played of it; null before the round's start assigned one. */
  readonly boards: TableBoardsView | null;
  /** The table's live status from its venue feed (each player's total); null until its match sends a frame. */
  readonly live: TableLiveView | null;
}

/**
 * Which round (轮) and session (局) of a duplicate Swiss event a stream round is, in an event of
 * several sessions a round (TRN-MOVE-6): each session is paired as a stream round of its own.
 */
export interface RoundSessionView {
  readonly round: number;
  readonly session: number;
  /** The sessions every round of the event has (`sessionsPerRound`). */
  readonly sessions: number;
}

export interface TournamentRoundView {
  /** The stream round (the API's `:round`); with sessions, it counts sessions (see `session`). */
  readonly round: number;
  readonly stage: number;
  /** The stage's format (e.g. `singleKnockout`: the bracket overlay draws it). */
  readonly format: string;
  readonly published: boolean;
  readonly pairings: readonly TournamentPairingView[];
  readonly bye: string | null;
  /**
   * Every pair through this round on a recorded bye: a Swiss round's one bye, or a knockout's
   * round-1 byes (TRN-KO-1, 000 附录五: the top seeds).
   */
  readonly byes: readonly string[];
  /** A duplicate Swiss round's tables (TRN-MOVE-4/5, TRN-MP-1); absent for a round of pairings. */
  readonly tables?: readonly TournamentSeatedTableView[];
  /** The round and session this stream round is (TRN-MOVE-6); absent when a round is one session. */
  readonly session?: RoundSessionView;
}

export interface TournamentEntrantView {
  readonly entrant: string;
  readonly number: number;
  readonly name: string;
  readonly unit: string | null;
  readonly seed: number | null;
  readonly withdrawn: boolean;
}

/** One tie-break value of a standings row, with the rule that defines it. */
export interface StandingTiebreakView {
  readonly rule: string;
  readonly key: string;
  readonly value: string;
}

export interface TournamentStandingView {
  readonly rank: number;
  readonly entrant: string;
  readonly matchPoints: string;
  readonly levelPoints: number;
  readonly played: number;
  readonly tiebreaks: readonly StandingTiebreakView[];
}

/** The tie-break chain in the order it is applied (TRN-TB-*), for the legend under the standings. */
export interface TiebreakStepView {
  readonly step: number;
  readonly rule: string;
  readonly key: string;
  readonly method: string;
  /** The step's short name for the legend, zh-CN and English. */
  readonly label: { readonly zh: string; readonly en: string };
}

/**
 * One player's row of a duplicate event's standings (Dou Dizhu, Big Two): the final score S over
 * every board played (TRN-MP-5), then the game's tie-break values for equal S (TRN-TB-4, TRN-TB-5).
 */
export interface DuplicateStandingView {
  readonly rank: number;
  readonly entrant: string;
  /** The final score S, an exact decimal with 2 places ("21000.00"). */
  readonly S: string;
  /** Boards played, every round. */
  readonly boards: number;
  /** The value of each tie-break step after S, in the chain's order (`tiebreakOrder`). */
  readonly tiebreaks: readonly StandingTiebreakView[];
  /**
   * How many of `tiebreaks` were taken to place this row: 0 when S alone placed it, 1 when the
   * first step after S settled the tie, all of them when the row still shares its place.
   */
  readonly decidedBy: number;
}

/** A duplicate event's standings, as its REST standings rank them (TRN-MP-1…5, TRN-TB-4/5). */
export interface DuplicateStandingsView {
  readonly scoring: 'duplicate';
  /** The game's chain: TRN-TB-4 (Dou Dizhu) or TRN-TB-5 (Big Two). */
  readonly rule: string;
  /** Empty until a table's result is recorded. */
  readonly rows: readonly DuplicateStandingView[];
  /** The steps after S, in the order they are applied, with their labels. */
  readonly tiebreakOrder: readonly TiebreakStepView[];
}

export interface TournamentFeedView {
  readonly tournamentId: string;
  readonly name: string;
  readonly game: string;
  readonly ruleset: string;
  readonly format: string;
  readonly stage: number;
  /** The tournament stream's revision this view folds. */
  readonly revision: number;
  readonly entrants: readonly TournamentEntrantView[];
  readonly standings: readonly TournamentStandingView[];
  readonly tiebreakOrder: readonly TiebreakStepView[];
  readonly rounds: readonly TournamentRoundView[];
  /**
   * A duplicate event's standings (a Dou Dizhu or Big Two `duplicateSwiss`); then `standings` and
   * `tiebreakOrder`, a pair game's, are empty. Absent for an event of pairs.
   */
  readonly duplicate?: DuplicateStandingsView;
  /**
   * Between two sessions of an event of several a round (TRN-MOVE-6): the session paired next, once
   * every table of the last one has its result and until the next is paired. Absent otherwise.
   */
  readonly nextSession?: RoundSessionView;
}

/**
 * A frame of the tournament feed: the whole view every time (the first is the snapshot), sent when
 * a result lands, a round is paired, published or seated, or a table's live status changes.
 */
export interface TournamentFeedFrame {
  readonly type: 'tournament';
  readonly tournamentId: string;
  readonly seq: number;
  readonly view: TournamentFeedView;
}

export interface TournamentFeedError {
  readonly type: 'error';
  /** `wrong-role`: this process's TABLECAST_ROLE does not serve the feed (closed with 4421). */
  readonly code: 'malformed' | 'unknown-tournament' | 'limit' | 'idle' | 'wrong-role';
  readonly message: string;
}

export type TournamentFeedServerMessage = TournamentFeedFrame | TournamentFeedError;

const TOURNAMENT_ID = /^[A-Za-z0-9_.:]{1,64}$/;

/** Reads a page's frame; a refusal names the field. */
export function parseWatchTournament(
  text: string,
): { ok: true; message: WatchTournamentMessage } | { ok: false; reason: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'frame is not valid JSON' };
  }
  if (typeof raw !== 'object' || raw === null || (raw as { type?: unknown }).type !== 'watchTournament')
    return { ok: false, reason: 'field "type": expected "watchTournament"' };
  const id = (raw as { tournamentId?: unknown }).tournamentId;
  if (typeof id !== 'string' || !TOURNAMENT_ID.test(id))
    return { ok: false, reason: 'field "tournamentId": expected an id of 1-64 letters, digits, _ . or :' };
  return { ok: true, message: { type: 'watchTournament', tournamentId: id } };
}
