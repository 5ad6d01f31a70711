import type { OracleAnswer } from './op';
import { TOURNAMENT_ORACLE_OPS } from './ops';

/**
 * The tournament oracle: one JSON request line in, one JSON answer out (docs/tournament-oracle.md).
 * Never throws: a malformed line gets `{ok:false, error}` naming the field, so the stream goes on.
 */
export function answerTournamentOracleLine(line: string): OracleAnswer {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { ok: false, error: 'not valid JSON' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { ok: false, error: '(request): must be a JSON object' };
  const echo = 'id' in json ? { id: json.id } : {};
  const op = 'op' in json ? json.op : undefined;
  if (typeof op !== 'string')
    return {
      ...echo,
      ok: false,
      error: `op: required, one of ${Object.keys(TOURNAMENT_ORACLE_OPS).join(', ')}`,
    };
  const handler = Object.hasOwn(TOURNAMENT_ORACLE_OPS, op) ? TOURNAMENT_ORACLE_OPS[op] : undefined;
  if (handler === undefined)
    return {
      ...echo,
      ok: false,
      error: `op: unknown op "${op}", expected one of ${Object.keys(TOURNAMENT_ORACLE_OPS).join(', ')}`,
    };
  const parsed = handler.schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined ? '(request)' : issue.path.join('.') || '(request)';
    return { ...echo, ok: false, error: `${where}: ${issue?.message ?? 'invalid request'}` };
  }
  return { ...echo, ...handler.answer(parsed.data) };
}
