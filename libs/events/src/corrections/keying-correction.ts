import { z } from 'zod';
import { idSchema } from '../arbitration/event-reference';
import { defineEvent } from '../catalog/definition';

/**
 * Keying corrections at the table: the operator keyed something that did not happen at
 * the table (a wrong card, a play for the wrong seat). The log is never edited: the operator
 * requests a correction back to a revision, the referee confirms or rejects it, and a confirmed
 * correction retracts the game events after that revision. Folds skip retracted events; the
 * originals stay in the log for the arbitration committee.
 */
export const CorrectionRequestedSchema = z.object({
  type: z.literal('CorrectionRequested'),
  data: z.object({
    correctionId: idSchema,
    /** The match's state after this revision is what the table really looks like. */
    toRevision: z.int().min(0),
    reason: z.string().trim().min(1).max(500),
  }),
});
export type CorrectionRequested = z.infer<typeof CorrectionRequestedSchema>;

export const CorrectionConfirmedSchema = z.object({
  type: z.literal('CorrectionConfirmed'),
  data: z.object({
    correctionId: idSchema,
    toRevision: z.int().min(0),
    /** The game events no longer in effect: every one with a revision in [from, to]. */
    retracted: z.object({ from: z.int().min(0), to: z.int().min(0) }),
  }),
});
export type CorrectionConfirmed = z.infer<typeof CorrectionConfirmedSchema>;

export const CorrectionRejectedSchema = z.object({
  type: z.literal('CorrectionRejected'),
  data: z.object({ correctionId: idSchema, note: z.string().max(500) }),
});
export type CorrectionRejected = z.infer<typeof CorrectionRejectedSchema>;

export type KeyingCorrectionEvent = CorrectionRequested | CorrectionConfirmed | CorrectionRejected;

// The request is table business (staff only); the confirmed retraction changes what everyone saw,
// so it is public like the plays it withdraws.
export const keyingCorrectionEvents = [
  defineEvent(CorrectionRequestedSchema, { disclosure: 'staff' }),
  defineEvent(CorrectionConfirmedSchema, { disclosure: 'public' }),
  defineEvent(CorrectionRejectedSchema, { disclosure: 'staff' }),
] as const;
