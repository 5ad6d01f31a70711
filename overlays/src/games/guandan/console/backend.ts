import type { CommandAccepted, CommandErrorBody, CommandRequest, MatchNames } from '@tablecast/protocol';
import { readMatchView, type FetchLike } from '../../../lib/console/match-view-read';
import { consoleMatchOf, isGuandanMatchView, type ConsoleMatch } from './console-match';

/** The match as the console holds it, read from `GET /api/matches/:id/view` (staff view: every hand). */
export interface MatchSnapshot {
  readonly matchId: string;
  readonly table: string;
  readonly revision: number;
  readonly state: ConsoleMatch;
  /** A keying correction waiting for the referee (docs/corrections.md). */
  readonly pendingCorrection?: { readonly correctionId: string; readonly toRevision: number } | null;
  /** The players' and pairs' names from MatchCreated: null without one, absent from an older server. */
  readonly names?: MatchNames | null;
}

export type CommandOutcome =
  | { readonly ok: true; readonly result: CommandAccepted }
  | { readonly ok: false; readonly error: CommandErrorBody };

/** status 0: the request never got an answer (network down, server restarting). */
export type FetchStateResult =
  | { readonly ok: true; readonly snapshot: MatchSnapshot }
  | { readonly ok: false; readonly status: number; readonly message: string };

/** The two things the console store needs from the server; the page wires the real ones. */
export interface ConsoleBackend {
  fetchState(matchId: string): Promise<FetchStateResult>;
  sendCommand(matchId: string, request: CommandRequest): Promise<CommandOutcome>;
}

/**
 * The staff view over HTTP as `readMatchView` reads it (the token in the Authorization header,
 * a read refused for a while sent again), held as the console's snapshot of a Guandan match.
 */
export async function fetchMatchState(
  baseUrl: string,
  matchId: string,
  token: string,
  fetchFn?: FetchLike,
): Promise<FetchStateResult> {
  const read = await readMatchView(baseUrl, matchId, token, fetchFn);
  if (!read.ok) return read;
  const view = read.view;
  if (!isGuandanMatchView(view))
    return {
      ok: false,
      status: 422,
      message: `the console plays Guandan; ${matchId} is a ${view.game} match`,
    };
  try {
    return {
      ok: true,
      snapshot: {
        matchId: view.matchId,
        table: view.table,
        revision: view.revision,
        state: consoleMatchOf(view.detail),
        pendingCorrection: view.pendingCorrection,
        names: view.names,
      },
    };
  } catch (error) {
    return { ok: false, status: 0, message: error instanceof Error ? error.message : String(error) };
  }
}
