import type { GameMatchView } from '@tablecast/protocol';
import { sendAgainWhileRefusedForAWhile, type JsonHttpAnswer } from './http-resend';

/** status 0: the request never got an answer (network down, server restarting). */
export type MatchViewRead =
  | { readonly ok: true; readonly view: GameMatchView }
  | { readonly ok: false; readonly status: number; readonly message: string };

export type FetchLike = (
  input: string,
  init?: { headers?: Record<string, string> },
) => Promise<JsonHttpAnswer>;

/**
 * The staff view of a match, any game (`GET /api/matches/:id/view`, the token in the Authorization
 * header, never in a URL): the console's shell reads the game from it before opening a console.
 * A read refused for a while (503 with Retry-After) is sent again after that wait, a few times.
 */
export async function readMatchView(
  origin: string,
  matchId: string,
  token: string,
  fetchFn: FetchLike = (input, init) => fetch(input, init),
): Promise<MatchViewRead> {
  try {
    const response = await sendAgainWhileRefusedForAWhile(() =>
      fetchFn(`${origin}/api/matches/${encodeURIComponent(matchId)}/view`, {
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
    return { ok: true, view: body as GameMatchView };
  } catch (error) {
    return { ok: false, status: 0, message: error instanceof Error ? error.message : String(error) };
  }
}
