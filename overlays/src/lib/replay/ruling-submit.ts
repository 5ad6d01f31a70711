import type { CommandErrorBody } from '@tablecast/protocol';
import { sendAgainWhileRefusedForAWhile } from '../console/http-resend';
import type { Lang } from '../i18n';

/** The server's refusal as the form shows it: the rule ID or the fields it names, and its words. */
export interface RulingRefusal {
  readonly status: number;
  /** GD-APL-2, GD-PEN-7, … on a 422. */
  readonly rule: string | null;
  /** One line per field the server named (`remedy.handNumber: …`) or its message. */
  readonly lines: readonly string[];
  /** The rule refusal's Chinese wording, when the server gave one. */
  readonly messageZh: string | null;
}

/** `onWait`: the server refused the sheet for a while and it goes again by itself after that many seconds. */
export type RulingSubmit = (
  appealId: string,
  body: unknown,
  onWait?: (retryAfterSeconds: number) => void,
) => Promise<{ readonly ok: true } | { readonly ok: false; readonly refusal: RulingRefusal }>;

/**
 * `POST /api/appeals/:appealId/ruling` with the arbiter's bearer token. A sheet refused for a while
 * (503 with Retry-After: the log busy, nothing recorded) is sent again after that wait, the same
 * body with the same `rulingId`, so a resend is answered with its ruling, never a second one.
 */
export function httpRulingSubmit(origin: string, token: string): RulingSubmit {
  return async (appealId, body, onWait) => {
    let response: Response;
    try {
      const sent = JSON.stringify(body);
      response = await sendAgainWhileRefusedForAWhile(
        () =>
          fetch(`${origin}/api/appeals/${encodeURIComponent(appealId)}/ruling`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: sent,
          }),
        onWait,
      );
    } catch (error) {
      return { ok: false, refusal: { status: 0, rule: null, lines: [String(error)], messageZh: null } };
    }
    if (response.ok) return { ok: true };
    const answer = (await response.json().catch(() => null)) as Partial<CommandErrorBody> | null;
    return { ok: false, refusal: refusalOf(response.status, answer, response.statusText) };
  };
}

/** Keeps what the server said: the rule ID and both wordings, or every field it named. */
export function refusalOf(
  status: number,
  answer: Partial<CommandErrorBody> | null,
  statusText: string,
): RulingRefusal {
  const issues = answer?.issues ?? [];
  return {
    status,
    rule: answer?.rule ?? null,
    lines:
      issues.length > 0
        ? issues.map((issue) => `${issue.path}: ${issue.message}`)
        : [answer?.message ?? statusText],
    messageZh: answer?.messageZh ?? null,
  };
}

/** The lines to show: a rule refusal in the page's language when the server gave both. */
export function refusalLines(refusal: RulingRefusal, lang: Lang): string[] {
  if (lang === 'zh-CN' && refusal.messageZh !== null) return [refusal.messageZh];
  return [...refusal.lines];
}
