import type { ResultCorrected } from '@tablecast/events';
import type { EventOf } from '@tablecast/guandan';
import { levelName } from '@tablecast/guandan';
import type { Scoreboard, ScoreboardHand } from './scoreboard';

/** Which correction changed a result, and why (a ruling, or a 2023 score correction). */
export interface CorrectedBy {
  readonly correctionId: string;
  readonly reason: ResultCorrected['data']['reason'];
  readonly rulingId: string | null;
  readonly note: string;
}

/** A hand row after corrections: the corrected levels, or void (to be replayed), and by what. */
export type CorrectedHand = ScoreboardHand & {
  readonly correctedBy?: CorrectedBy;
  readonly voidedBy?: CorrectedBy;
  /** The hand as originally recorded, when a correction replaced it. */
  readonly original?: ScoreboardHand;
};

/** The scoreboard with the corrections applied; the original events stay in the log. */
export type CorrectedScoreboard = Omit<Scoreboard, 'hands'> & {
  readonly hands: readonly CorrectedHand[];
  /** Every correction applied, in log order (rulings name their ruling). */
  readonly corrections?: readonly (CorrectedBy & {
    readonly handNumber: number | null;
    readonly effect: string;
  })[];
  /** The correction that changed the match result, and the result as originally recorded. */
  readonly resultCorrectedBy?: CorrectedBy;
  readonly originalResult?: EventOf<'MatchEnded'>['data'] | null;
};

/**
 * Applies a ResultCorrected (GD-APL-3, GD-VAR-003-16) to the scoreboard: a replaced hand result
 * or match result is shown with the correction (and ruling) that changed it; a voided hand is
 * marked void; penalty corrections change no score and are only listed.
 */
export function applyResultCorrection(
  board: CorrectedScoreboard,
  event: ResultCorrected,
): CorrectedScoreboard {
  const c = event.data;
  const by: CorrectedBy = {
    correctionId: c.correctionId,
    reason: c.reason,
    rulingId: c.rulingId,
    note: c.note,
  };
  const effect = c.effect ?? 'replaced';
  const listed = {
    ...board,
    corrections: [...(board.corrections ?? []), { ...by, handNumber: c.handNumber, effect }],
  };
  const voidedType = (c.corrected as { voidedType?: string }).voidedType;
  if (effect === 'penalty-added' || (effect === 'voided' && voidedType === 'PenaltyIssued')) return listed;
  if (c.handNumber === null) {
    if (effect !== 'replaced') return listed;
    const result = c.corrected as EventOf<'MatchEnded'>['data'];
    return {
      ...listed,
      result,
      levels: result.levels,
      levelNames: { NS: levelName(result.levels.NS), EW: levelName(result.levels.EW) },
      resultCorrectedBy: by,
      originalResult: board.originalResult === undefined ? board.result : board.originalResult,
    };
  }
  const hands = listed.hands.map((hand: CorrectedHand): CorrectedHand => {
    if (hand.handNumber !== c.handNumber) return hand;
    if (effect === 'voided') return { ...hand, voidedBy: by };
    const corrected = c.corrected as EventOf<'HandEnded'>['data'];
    return {
      ...hand,
      levelsAfter: corrected.levelsAfter,
      winningTeam: corrected.winningTeam,
      levelUp: corrected.levelUp,
      correctedBy: by,
      original: hand.original ?? hand,
    };
  });
  return { ...listed, hands };
}
