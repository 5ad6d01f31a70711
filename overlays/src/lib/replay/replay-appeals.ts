import { sendAgainWhileRefusedForAWhile } from '../console/http-resend';
import type { AppealFiledData, RulingIssuedData } from '../events/arbitration-summaries';
import type { ReplayFetcher } from './replay-store';

/**
 * An appeal of the match as `GET /api/matches/:id/appeals` answers it (referee, arbiter): the
 * AppealFiled and RulingIssued of its own stream `appeal-<id>`, which the match stream's replay
 * does not step through, so the page shows them beside it.
 */
export interface ReplayAppeal {
  readonly appealId: string;
  readonly filed: AppealFiledData & { readonly statement: string; readonly fee: { readonly amount: number } };
  readonly filedAt: string;
  readonly filedBy: { readonly id: string; readonly role: string };
  readonly ruling: (RulingIssuedData & { readonly reasoning: string }) | null;
  readonly ruledAt: string | null;
  readonly answerDue: string;
  readonly answeredInTime: boolean | null;
}

export interface ReplayAppeals {
  readonly appeals: readonly ReplayAppeal[];
  /** The type of each contested event of this match, so a link can say what it points at. */
  readonly contestedTypes: ReadonlyMap<number, string>;
}

export type AppealsFetcher = () => Promise<ReplayAppeals>;

/**
 * The match's appeals over HTTP with the arbiter's bearer token, and the type of each event they
 * contest (read through the replay, one request per contested position); rejects with a message
 * to show. A contested event whose type cannot be read is left out of `contestedTypes`.
 */
export function httpAppealsFetcher(
  origin: string,
  matchId: string,
  token: string,
  fetchView: ReplayFetcher,
): AppealsFetcher {
  const list = httpAppealsList(origin, matchId, token);
  return async () => {
    const appeals = await list();
    const contested = new Set(
      appeals.flatMap((a) =>
        a.filed.disputed.filter((ref) => ref.stream === `match-${matchId}`).map((ref) => ref.revision),
      ),
    );
    const types = await Promise.all(
      [...contested].map(async (revision) => {
        try {
          return [revision, (await fetchView(revision)).event.type] as const;
        } catch {
          return null;
        }
      }),
    );
    return { appeals, contestedTypes: new Map(types.filter((t) => t !== null)) };
  };
}

function httpAppealsList(
  origin: string,
  matchId: string,
  token: string,
): () => Promise<readonly ReplayAppeal[]> {
  // A read refused for a while (503 with Retry-After) is sent again after that wait, a few times.
  return async () => {
    const response = await sendAgainWhileRefusedForAWhile(() =>
      fetch(`${origin}/api/matches/${encodeURIComponent(matchId)}/appeals`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    const body: unknown = await response.json();
    if (!response.ok || !Array.isArray(body)) {
      const message = (body as { message?: string } | null)?.message ?? response.statusText;
      throw new Error(`${String(response.status)}: ${message}`);
    }
    return body as readonly ReplayAppeal[];
  };
}

/** The appeals that contest an event of the match at `revision` (for a badge on that event). */
export function appealsContesting(
  appeals: readonly ReplayAppeal[],
  matchId: string,
  revision: number,
): string[] {
  return appeals
    .filter((a) =>
      a.filed.disputed.some((ref) => ref.stream === `match-${matchId}` && ref.revision === revision),
    )
    .map((a) => a.appealId);
}
