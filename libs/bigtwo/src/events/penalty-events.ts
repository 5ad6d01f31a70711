import { z } from 'zod';
import { SeatSchema } from './primitives';

/**
 * An arbiter's ruling on a breach (B2-GEN-2: the software and the arbiters keep order), e.g.
 * signalling one's holdings (B2-PLAY-9). `points` are deducted from the seat's match total.
 */
export const PenaltyIssuedSchema = z.object({
  type: z.literal('PenaltyIssued'),
  data: z.object({
    penalty: z.number().int().min(1),
    seat: SeatSchema,
    rule: z.string().min(1),
    sanction: z.enum(['warning', 'deduction']),
    points: z.number().int().min(0),
    refereeId: z.string().min(1),
    note: z.string(),
    at: z.number().int(),
  }),
});

/** B2-APL-1: an appeal against a ruling, lodged in time, with its fee. */
export const AppealLodgedSchema = z.object({
  type: z.literal('AppealLodged'),
  data: z.object({
    appeal: z.number().int().min(1),
    penalty: z.number().int().min(1),
    seat: SeatSchema,
    grounds: z.string().min(1),
    lodgedAt: z.number().int(),
  }),
});

/**
 * B2-APL-2: the committee's final decision by majority. An upheld appeal rescinds the ruling
 * (its deduction is restored) and refunds the fee.
 */
export const AppealDecidedSchema = z.object({
  type: z.literal('AppealDecided'),
  data: z.object({
    appeal: z.number().int().min(1),
    upheld: z.boolean(),
    votesFor: z.number().int().min(0),
    votesAgainst: z.number().int().min(0),
    feeRefunded: z.boolean(),
    decidedAt: z.number().int(),
  }),
});
