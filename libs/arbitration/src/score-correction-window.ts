import { arbitrationViolation, type ArbitrationRules, type ArbitrationViolation } from './arbitration-rules';

/** A recording error at the table (the score sheet), or an error in entering the result afterwards. */
export type ScoreErrorKind = 'recording-error' | 'entry-error';

export interface ScoreCorrectionFacts {
  /** When the referee recorded that the players left the table; null while they are still there. */
  readonly playersLeftAt: number | null;
  /** When the next round's pairings were published; null while they are not. */
  readonly nextPairingsPublishedAt: number | null;
  readonly now: number;
}

/**
 * GD-VAR-003-16 / TRN-SWISS-9 (003 三 (五) 7): a scoring (recording) error must be raised at the end
 * of the round before the players leave the table; a data-entry error within 5 minutes after the
 * next round's pairings are published. A correction never changes a published pairing: it changes
 * this match's result only, never the tournament stream. Under the base rules (no windows in the
 * ruleset) the chief arbiter may correct at any time (GD-APL-3).
 */
export function checkScoreCorrectionWindow(
  rules: ArbitrationRules,
  kind: ScoreErrorKind,
  facts: ScoreCorrectionFacts,
): { readonly ok: true; readonly closesAt: number | null } | ArbitrationViolation {
  const windows = rules.scoreCorrectionWindows;
  if (windows === null) return { ok: true, closesAt: null };
  if (kind === 'recording-error') {
    if (facts.playersLeftAt === null) return { ok: true, closesAt: null };
    return arbitrationViolation(
      'GD-VAR-003-16',
      `a recording error must be raised before the players leave the table; they left at ${new Date(facts.playersLeftAt).toISOString()} (TRN-SWISS-9). Raise it as an entry error within 5 minutes after the next pairings, or appeal`,
      '记分错误须在本轮结束、选手离开牌桌前提出；选手已离桌',
    );
  }
  if (facts.nextPairingsPublishedAt === null) return { ok: true, closesAt: null };
  const closesAt = facts.nextPairingsPublishedAt + windows.entryErrorAfterPairingsMs;
  if (facts.now <= closesAt) return { ok: true, closesAt };
  return arbitrationViolation(
    'GD-VAR-003-16',
    `an entry error must be raised within ${String(windows.entryErrorAfterPairingsMs / 60_000)} minutes after the next round's pairings were published (${new Date(facts.nextPairingsPublishedAt).toISOString()}); the window closed at ${new Date(closesAt).toISOString()} (TRN-SWISS-9)`,
    `录入错误须在下一轮对阵公布后${String(windows.entryErrorAfterPairingsMs / 60_000)}分钟内提出；已逾期`,
  );
}
