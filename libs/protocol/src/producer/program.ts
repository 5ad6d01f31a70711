import type { DelayClockView } from './delay-clock';
import type { DirectorLogPart } from './director-log';
import type { DirectorMoment } from './director';

/**
 * The producer's program with several tables (`/api/producer/program`, `/ws/producer`): every
 * table of the round with what its venue feed shows and its delay clock, the table on air and the
 * one in preview, and the auto-director's proposals to cut to another table.
 */

/** One side's score at a table as its venue view shows it (Guandan: the level; Dou Dizhu: the total). */
export interface ProgramTableScore {
  readonly side: string;
  readonly value: string;
}

/** A table's venue data: only what every spectator in the hall sees. */
export interface ProgramTableLive {
  readonly status: 'new' | 'live' | 'ended';
  /** Deals (boards) finished so far. */
  readonly played: number;
  readonly score: readonly ProgramTableScore[];
  /** The moment of the match the venue feed showed (ISO). */
  readonly asOf: string;
}

export interface ProgramTableView {
  /** The venue table id (`t1`), what pages following a table name. */
  readonly table: string;
  /** The tournament's table number, when the table comes from a round's assignments. */
  readonly number: number | null;
  /** The match now at the table. */
  readonly matchId: string;
  /** Null until the match's venue feed sent a frame with a view. */
  readonly live: ProgramTableLive | null;
  readonly delay: DelayClockView;
  readonly onAir: boolean;
  readonly preview: boolean;
}

/** The moments a proposal is made of: the director's on-air moments, and a match's end. */
export type ProposalMoment = DirectorMoment | 'matchEnd';

/** "Cut to table N: bomb": the producer takes it or dismisses it; it never cuts by itself. */
export interface ProgramProposal {
  readonly id: string;
  readonly table: string;
  readonly number: number | null;
  readonly matchId: string;
  readonly moment: ProposalMoment;
  /** The director's line for it (who, what, which rule), as released on the broadcast feed. */
  readonly detail: string;
  /** The same line as codes and parameters (director-log.ts), for the dashboard to word in its language. */
  readonly parts: readonly DirectorLogPart[];
  /** When the broadcast feed released it (ISO, server clock): never before its delay. */
  readonly releasedAt: string;
}

export interface ProgramView {
  /** The table on air: every page opened with `onair=1` follows it (null: none). */
  readonly onAir: string | null;
  readonly preview: string | null;
  /** The tournament whose round's tables are listed; null: every table with a match. */
  readonly tournamentId: string | null;
  /** The round listed (the latest with matches at its tables); null without a tournament. */
  readonly round: number | null;
  readonly tables: readonly ProgramTableView[];
  /** Newest first. */
  readonly proposals: readonly ProgramProposal[];
}

/** `/ws/producer`: a producer's dashboard first sends its token. */
export interface WatchProgramMessage {
  readonly type: 'watchProgram';
  readonly token: string;
}

/** The whole program again at each change (the first is the snapshot). */
export interface ProgramFrame {
  readonly type: 'program';
  readonly seq: number;
  readonly program: ProgramView;
}

export interface ProgramSocketError {
  readonly type: 'error';
  readonly code: 'malformed' | 'unauthenticated' | 'forbidden';
  readonly message: string;
}

export type ProgramServerMessage = ProgramFrame | ProgramSocketError;

/** Reads a dashboard's frame; a refusal names the field. */
export function parseWatchProgram(
  text: string,
): { ok: true; message: WatchProgramMessage } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (typeof value !== 'object' || value === null) return { ok: false, reason: 'not a JSON object' };
  const fields = value as Record<string, unknown>;
  if (fields.type !== 'watchProgram') return { ok: false, reason: 'field "type": must be "watchProgram"' };
  if (typeof fields.token !== 'string' || fields.token.length === 0 || fields.token.length > 256)
    return { ok: false, reason: 'field "token": must be a producer token (1-256 characters)' };
  return { ok: true, message: { type: 'watchProgram', token: fields.token } };
}
