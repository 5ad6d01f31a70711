import { rulingEventSchemas } from '@tablecast/game-kit';
import { SeatSchema } from './primitives';

/**
 * An arbiter's ruling on a breach (B2-GEN-2: the software and the arbiters keep order), e.g.
 * signalling one's holdings (B2-PLAY-9), and its appeal: lodged in time with its fee (B2-APL-1),
 * decided by the committee by majority, finally (B2-APL-2). `points` are deducted from the seat's
 * match total; an upheld appeal rescinds the ruling and refunds the fee.
 */
export const { PenaltyIssuedSchema, AppealLodgedSchema, AppealDecidedSchema } =
  rulingEventSchemas(SeatSchema);
