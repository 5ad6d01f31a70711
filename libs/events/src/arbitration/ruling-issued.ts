import { z } from 'zod';
import { defineEvent } from '../catalog/definition';
import { AppealFeeSchema } from './appeal-filed';
import { idSchema } from './event-reference';
import { RulingRemedySchema } from './ruling-remedy';

export const rulingOutcomes = [
  'appeal-dismissed',
  'penalty-rescinded',
  'penalty-imposed',
  'hand-result-corrected',
  'hand-to-be-replayed',
  'match-result-adjusted',
] as const;

export const RulingIssuedSchema = z.object({
  type: z.literal('RulingIssued'),
  data: z
    .object({
      appealId: idSchema,
      rulingId: idSchema,
      votes: z.array(z.object({ memberId: idSchema, vote: z.enum(['uphold', 'dismiss']) })).min(3),
      outcome: z.enum(rulingOutcomes),
      reasoning: z.string().min(1).max(8000),
      /**
       * What the committee ordered. Optional, added without a version bump so every
       * stored ruling stays valid; when present its kind must equal the outcome.
       */
      remedy: RulingRemedySchema.optional(),
      /** GD-APL-2: the appeal fee refunded because the appeal succeeded (null: nothing refunded). */
      feeRefund: AppealFeeSchema.nullable().optional(),
    })
    .superRefine((ruling, ctx) => {
      // The committee has an odd number of members (three or more) so a majority always exists.
      if (ruling.votes.length % 2 === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['votes'],
          message: 'the committee must cast an odd number of votes',
        });
      }
      const upheld = ruling.votes.filter((v) => v.vote === 'uphold').length * 2 > ruling.votes.length;
      if (upheld === (ruling.outcome === 'appeal-dismissed')) {
        ctx.addIssue({
          code: 'custom',
          path: ['outcome'],
          message: `outcome ${ruling.outcome} contradicts the majority vote (${upheld ? 'uphold' : 'dismiss'})`,
        });
      }
      if (ruling.remedy !== undefined && ruling.remedy.kind !== ruling.outcome) {
        ctx.addIssue({
          code: 'custom',
          path: ['remedy', 'kind'],
          message: `remedy ${ruling.remedy.kind} does not carry out the outcome ${ruling.outcome}`,
        });
      }
      // GD-APL-2: the fee is refunded only when the appeal succeeds.
      if (!upheld && ruling.feeRefund) {
        ctx.addIssue({
          code: 'custom',
          path: ['feeRefund'],
          message: 'a dismissed appeal refunds no fee (GD-APL-2)',
        });
      }
    }),
});
export type RulingIssued = z.infer<typeof RulingIssuedSchema>;

// Rulings are announced at the venue; the per-member votes are redacted for public audiences.
export const rulingIssued = defineEvent(RulingIssuedSchema, { disclosure: 'public' });
