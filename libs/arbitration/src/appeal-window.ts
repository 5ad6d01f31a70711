import { arbitrationViolation, type ArbitrationRules, type ArbitrationViolation } from './arbitration-rules';

export interface AppealWindowOpen {
  readonly ok: true;
  /** ms since the epoch; null while the round is still being played (no deadline yet). */
  readonly deadline: number | null;
}

/**
 * GD-APL-1: an appeal must be lodged within 30 minutes (the ruleset's window) after the end of the
 * round; later appeals are invalid. While the round is in progress the window is open. The end of
 * the round is when the log recorded the game's result (MatchEnded).
 */
export function checkAppealWindow(
  rules: ArbitrationRules,
  roundEndedAt: number | null,
  now: number,
): AppealWindowOpen | ArbitrationViolation {
  if (roundEndedAt === null) return { ok: true, deadline: null };
  const deadline = roundEndedAt + rules.appealWindowMs;
  if (now <= deadline) return { ok: true, deadline };
  const minutes = Math.round(rules.appealWindowMs / 60_000);
  const late = Math.ceil((now - deadline) / 1000);
  return arbitrationViolation(
    'GD-APL-1',
    `the appeal window closed at ${new Date(deadline).toISOString()} (${String(minutes)} minutes after the round ended at ${new Date(roundEndedAt).toISOString()}); this appeal is ${String(late)} s late and invalid`,
    `申诉须在本轮比赛结束后${String(minutes)}分钟内提出（截止 ${new Date(deadline).toISOString()}），逾期申诉无效`,
  );
}
