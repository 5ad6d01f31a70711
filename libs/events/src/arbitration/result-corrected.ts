import { z } from 'zod';
import { defineEvent } from '../catalog/definition';
import { EventReferenceSchema, idSchema } from './event-reference';

/**
 * A correction never edits the log: it supersedes one recorded result and says why. `corrected`
 * carries the replacement result in the shape of the superseded event's data; the arbitration
 * issue validates it against that event's schema when it applies the correction.
 */
export const ResultCorrectedSchema = z.object({
  type: z.literal('ResultCorrected'),
  data: z
    .object({
      correctionId: idSchema,
      matchId: idSchema,
      /** null when the match result as a whole is adjusted (e.g. a 2:0 forfeit). */
      handNumber: z.int().min(1).nullable(),
      reason: z.enum(['recording-error', 'entry-error', 'ruling']),
      rulingId: idSchema.nullable(),
      supersedes: EventReferenceSchema,
      corrected: z.record(z.string(), z.json()),
      note: z.string().max(2000),
      /**
       * How the correction acts on `supersedes` (optional, absent means `replaced`):
       * `replaced` by `corrected`; `voided` (a rescinded penalty, a hand to be replayed; `corrected`
       * is `{ voidedType }`, the type of the voided event); `penalty-added` (a penalty imposed by
       * ruling, `corrected` in PenaltyIssued's shape, attached to the event `supersedes` names).
       */
      effect: z.enum(['replaced', 'voided', 'penalty-added']).optional(),
    })
    .refine((c) => (c.reason === 'ruling') === (c.rulingId !== null), {
      path: ['rulingId'],
      message: 'a correction made by ruling names the ruling, and only then',
    }),
});
export type ResultCorrected = z.infer<typeof ResultCorrectedSchema>;

export const resultCorrected = defineEvent(ResultCorrectedSchema, { disclosure: 'public' });
