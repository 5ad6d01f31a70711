import { sendAgainWhileRefusedForAWhile } from '../console/http-resend';
import type { IndexedEvent } from './replay-index';

/**
 * Every event of the match from the staff timeline (`GET /api/matches/:id/timeline`, arbiter
 * token); a read refused for a while (503 with Retry-After) is sent again after that wait.
 */
export function httpTimelineFetcher(
  origin: string,
  matchId: string,
  token: string,
): () => Promise<readonly IndexedEvent[]> {
  return async () => {
    const response = await sendAgainWhileRefusedForAWhile(() =>
      fetch(`${origin}/api/matches/${encodeURIComponent(matchId)}/timeline`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    if (!response.ok) throw new Error(`timeline: ${String(response.status)}`);
    return (await response.json()) as IndexedEvent[];
  };
}
