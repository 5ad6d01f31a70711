import type { z } from 'zod';
import type { RuleViolation } from './decision';

/** A rules oracle's answer to one request: `{ok:false, error}` for malformed input, a rule problem `{ok:false, rule, message}`. */
export type OracleAnswer = Record<string, unknown> & { ok: boolean };

/**
 * The loop body of a game's rules oracle: one JSON request line in, one JSON response object out.
 * Never throws: input that is not JSON, or that `schema` refuses, is answered with an error naming
 * the field; a request's `id` is echoed on its answer.
 */
export function answerOracleJsonLine<R extends { readonly id?: unknown }>(
  line: string,
  schema: z.ZodType<R>,
  answer: (request: R) => OracleAnswer,
): OracleAnswer {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { ok: false, error: 'not valid JSON' };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const id = typeof json === 'object' && json !== null && 'id' in json ? { id: json.id } : {};
    const issue = parsed.error.issues[0];
    const where = issue === undefined ? '' : `${issue.path.join('.') || '(request)'}: `;
    return { ...id, ok: false, error: `${where}${issue?.message ?? 'invalid request'}` };
  }
  const request = parsed.data;
  const response = answer(request);
  return request.id === undefined ? response : { id: request.id, ...response };
}

/** A replay request's answer: the final state, or the rule the stream breaks and where. */
export function oracleReplayAnswer(
  result: { readonly ok: true; readonly state: unknown } | (RuleViolation & { readonly index: number }),
): OracleAnswer {
  if (result.ok) return { ok: true, state: result.state };
  return {
    ok: false,
    rule: result.rule,
    message: result.message,
    messageZh: result.messageZh,
    index: result.index,
  };
}
