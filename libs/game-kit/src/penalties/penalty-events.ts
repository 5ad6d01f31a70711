import { z } from 'zod';

export const SANCTIONS = ['warning', 'deduction'] as const;
export type Sanction = (typeof SANCTIONS)[number];

/**
 * The events of an arbiter's rulings and their appeals, for a game whose seats `seat` reads. Each
 * game names its own rules on them (e.g. DDZ-GEN-2 and DDZ-APL-1/2, B2-GEN-2 and B2-APL-1/2):
 * - PenaltyIssued: a ruling on a breach; `points` are deducted from the seat's match total;
 * - AppealLodged: an appeal against a ruling, lodged in time, with its fee;
 * - AppealDecided: the committee's final decision by majority; an upheld appeal rescinds the
 *   ruling (its deduction is restored) and refunds the fee.
 */
export function rulingEventSchemas<T extends z.ZodType>(seat: T) {
  return {
    PenaltyIssuedSchema: z.object({
      type: z.literal('PenaltyIssued'),
      data: z.object({
        penalty: z.number().int().min(1),
        seat,
        rule: z.string().min(1),
        sanction: z.enum(SANCTIONS),
        points: z.number().int().min(0),
        refereeId: z.string().min(1),
        note: z.string(),
        at: z.number().int(),
      }),
    }),
    AppealLodgedSchema: z.object({
      type: z.literal('AppealLodged'),
      data: z.object({
        appeal: z.number().int().min(1),
        penalty: z.number().int().min(1),
        seat,
        grounds: z.string().min(1),
        lodgedAt: z.number().int(),
      }),
    }),
    AppealDecidedSchema: z.object({
      type: z.literal('AppealDecided'),
      data: z.object({
        appeal: z.number().int().min(1),
        upheld: z.boolean(),
        votesFor: z.number().int().min(0),
        votesAgainst: z.number().int().min(0),
        feeRefunded: z.boolean(),
        decidedAt: z.number().int(),
      }),
    }),
  };
}

export interface PenaltyIssuedData<Seat> {
  readonly penalty: number;
  readonly seat: Seat;
  readonly rule: string;
  readonly sanction: Sanction;
  readonly points: number;
  readonly refereeId: string;
  readonly note: string;
  readonly at: number;
}

export interface AppealLodgedData<Seat> {
  readonly appeal: number;
  readonly penalty: number;
  readonly seat: Seat;
  readonly grounds: string;
  readonly lodgedAt: number;
}

export interface AppealDecidedData {
  readonly appeal: number;
  readonly upheld: boolean;
  readonly votesFor: number;
  readonly votesAgainst: number;
  readonly feeRefunded: boolean;
  readonly decidedAt: number;
}

export type RulingEvent<Seat> =
  | { readonly type: 'PenaltyIssued'; readonly data: PenaltyIssuedData<Seat> }
  | { readonly type: 'AppealLodged'; readonly data: AppealLodgedData<Seat> }
  | { readonly type: 'AppealDecided'; readonly data: AppealDecidedData };
