import type { KeyingCorrectionEvent } from '@tablecast/events';
import { z } from 'zod';
import type { LoadedMatch } from './loaded-match';

/**
 * The platform's keying corrections (the log is never edited): the operator asks, the referee
 * decides. The same commands in every game that carries them (its wire's `keyingCorrections`).
 */
export const CorrectionCommandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('RequestCorrection'),
    /** The table really looks like the match after this revision; later game events are retracted. */
    toRevision: z.int().min(0),
    reason: z.string().trim().min(1).max(500),
  }),
  z.object({ type: z.literal('ConfirmCorrection'), correctionId: z.string().min(1).max(64) }),
  z.object({
    type: z.literal('RejectCorrection'),
    correctionId: z.string().min(1).max(64),
    note: z.string().max(500),
  }),
]);
export type CorrectionCommand = z.infer<typeof CorrectionCommandSchema>;

export interface CorrectionViolation {
  readonly ok: false;
  readonly rule: string;
  readonly message: string;
  readonly messageZh: string;
}

/**
 * Decides a keying correction (product rules TC-CORR-*, see docs/corrections.md): one pending at a
 * time; it reaches back at most to the start of the current deal (a finished deal's result is the
 * arbitration committee's business, not the table's); the referee confirms or rejects it.
 */
export function decideCorrection(
  command: CorrectionCommand,
  match: LoadedMatch,
  newCorrectionId: () => string,
): readonly KeyingCorrectionEvent[] | CorrectionViolation {
  switch (command.type) {
    case 'RequestCorrection': {
      if (match.pendingCorrection) {
        return violation(
          'TC-CORR-1',
          'a correction is already waiting for the referee',
          '已有更正等待裁判确认',
        );
      }
      const earliest = match.dealStartRevision ?? Number.POSITIVE_INFINITY;
      if (command.toRevision < earliest || command.toRevision >= match.revision) {
        return violation(
          'TC-CORR-2',
          `a correction goes back to a revision of the current deal, from ${String(earliest)} to ${String(match.revision - 1)}`,
          '更正只能回到本副牌内的某一步',
        );
      }
      return [
        {
          type: 'CorrectionRequested',
          data: { correctionId: newCorrectionId(), toRevision: command.toRevision, reason: command.reason },
        },
      ];
    }
    case 'ConfirmCorrection':
    case 'RejectCorrection': {
      const pending = match.pendingCorrection;
      if (pending?.correctionId !== command.correctionId) {
        return violation(
          'TC-CORR-3',
          `no pending correction ${command.correctionId}`,
          '没有待确认的该项更正',
        );
      }
      if (command.type === 'RejectCorrection') {
        return [
          { type: 'CorrectionRejected', data: { correctionId: pending.correctionId, note: command.note } },
        ];
      }
      return [
        {
          type: 'CorrectionConfirmed',
          data: {
            correctionId: pending.correctionId,
            toRevision: pending.toRevision,
            retracted: { from: pending.toRevision + 1, to: match.revision },
          },
        },
      ];
    }
  }
}

function violation(rule: string, message: string, messageZh: string): CorrectionViolation {
  return { ok: false, rule, message, messageZh };
}
