import type {
  CommandAccepted,
  CommandErrorBody,
  CommandRequest,
  GameMatchView,
  MatchNames,
} from '@tablecast/protocol';
import { sendAgainWhileRefusedForAWhile } from '../../../lib/console/http-resend';
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

type FetchLike = (
  input: string,
  init?: { headers?: Record<string, string> },
) => Promise<{
  readonly ok: boolean;
  readonly status: number;
  readonly headers?: { get(name: string): string | null };
  json(): Promise<unknown>;
}>;

/**
 * The staff view over HTTP, with the token in the Authorization header (never in a URL). A read
 * refused for a while (503 with Retry-After) is sent again after that wait, a few times.
 */
export async function fetchMatchState(
  baseUrl: string,
  matchId: string,
  token: string,
  fetchFn: FetchLike = (input, init) => fetch(input, init),
): Promise<FetchStateResult> {
  try {
    const response = await sendAgainWhileRefusedForAWhile(() =>
      fetchFn(`${baseUrl}/api/matches/${encodeURIComponent(matchId)}/view`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      }),
    );
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      const message =
        typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
          ? body.message
          : `HTTP ${String(response.status)}`;
      return { ok: false, status: response.status, message };
    }
    const view = body as GameMatchView;
    if (!isGuandanMatchView(view))
      return {
        ok: false,
        status: 422,
        message: `the console plays Guandan; ${matchId} is a ${view.game} match`,
      };
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
