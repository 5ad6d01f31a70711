import { expect } from 'vitest';
import type { RuleViolation } from '../decision';

/** What a seeded random playout answers: the match it played, or the command that was refused. */
export type RandomMatchResult<S, E> =
  | { readonly ok: true; readonly state: S; readonly events: readonly E[] }
  | { readonly ok: false; readonly violation: RuleViolation; readonly command: { readonly type: string } };

/** A game's ways of reading a log back, which a random match must agree with. */
export interface RandomMatchReplays<S, E> {
  /** The plain fold of the log. */
  readonly replay: (events: readonly E[]) => S;
  /** Re-deciding the log: every recorded decision is one the engine makes again. */
  readonly replayChecked: (
    events: readonly E[],
  ) => { readonly ok: true; readonly state: S } | (RuleViolation & { readonly index: number });
  readonly eventSchema: { readonly safeParse: (event: unknown) => { readonly success: boolean } };
}

/**
 * The checks a game's random-boards property ends each match with: no command was refused, the
 * step checks found no problem, the log is the one the steps recorded, and replaying it rebuilds
 * the state. On one match in 10 (the first, the 11th…, `match` counting from 1) every event also
 * passes the schema and re-deciding the log reaches the same state. JSON text compares a whole
 * match state fast; on a difference, toEqual shows where.
 */
export function checkRandomMatch<S, E>(
  result: RandomMatchResult<S, E>,
  log: readonly E[],
  problems: readonly string[],
  match: number,
  replays: RandomMatchReplays<S, E>,
): void {
  if (!result.ok)
    expect.fail(`${result.command.type} refused: ${result.violation.rule} ${result.violation.message}`);
  expect(problems).toEqual([]);
  expect(result.events.length).toBe(log.length);
  const replayed = replays.replay(result.events);
  if (JSON.stringify(replayed) !== JSON.stringify(result.state)) expect(replayed).toEqual(result.state);
  if (match % 10 !== 1) return;
  const invalid = result.events.filter((e) => !replays.eventSchema.safeParse(e).success);
  expect(invalid).toEqual([]);
  const checked = replays.replayChecked(result.events);
  if (!checked.ok)
    expect.fail(`replay refused at ${String(checked.index)}: ${checked.rule} ${checked.message}`);
  if (JSON.stringify(checked.state) !== JSON.stringify(result.state))
    expect(checked.state).toEqual(result.state);
}
