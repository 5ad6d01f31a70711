import type { CommandErrorBody } from '@tablecast/protocol';
import { sendAgainWhileRefusedForAWhile, type JsonHttpAnswer } from '../../../lib/console/http-resend';
import type { FileAppealBody } from './appeal-request';

/** What the console needs from the filed appeal (`AppealRecord` on the server). */
export interface FiledAppeal {
  readonly appealId: string;
  /** GD-APL-2: the committee answers by then (ISO time). */
  readonly answerDue: string;
}

/** status 0: no answer at all (network down, server restarting). */
export type FileAppealOutcome =
  | { readonly ok: true; readonly appeal: FiledAppeal }
  | {
      readonly ok: false;
      readonly status: number;
      readonly error: CommandErrorBody | null;
      readonly message: string;
    };

type PostLike = (
  input: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<JsonHttpAnswer>;

/**
 * `POST /api/matches/:id/appeals` with the console's token (referee, or this table's operator).
 * A filing refused for a while (503 with Retry-After: the log busy, nothing filed) is sent again,
 * the same body with the same `appealId`, after that wait, a few times before the refusal is shown.
 */
export async function postAppeal(
  baseUrl: string,
  matchId: string,
  token: string,
  body: FileAppealBody,
  fetchFn: PostLike = (input, init) => fetch(input, init),
): Promise<FileAppealOutcome> {
  try {
    const sent = JSON.stringify(body);
    const response = await sendAgainWhileRefusedForAWhile(() =>
      fetchFn(`${baseUrl}/api/matches/${encodeURIComponent(matchId)}/appeals`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: sent,
      }),
    );
    const answer = await response.json().catch(() => null);
    if (!response.ok) {
      const error = isErrorBody(answer) ? answer : null;
      return { ok: false, status: response.status, error, message: error?.message ?? '' };
    }
    return { ok: true, appeal: answer as FiledAppeal };
  } catch (error) {
    return {
      ok: false,
      status: 0,
      error: null,
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

function isErrorBody(value: unknown): value is CommandErrorBody {
  return (
    typeof value === 'object' && value !== null && 'message' in value && typeof value.message === 'string'
  );
}
