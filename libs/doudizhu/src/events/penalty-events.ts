import { rulingEventSchemas } from '@tablecast/game-kit';
import { SeatSchema } from './primitives';

/**
 * An arbiter's ruling on a breach (DDZ-GEN-2: arbiters keep order and rule on complaints), e.g.
 * signalling one's holdings (DDZ-PLAY-7), and its appeal: lodged in time with its fee (DDZ-APL-1),
 * decided by the committee by majority, finally (DDZ-APL-2). `points` are deducted from the seat's
 * match total; an upheld appeal rescinds the ruling and refunds the fee.
 */
export const { PenaltyIssuedSchema, AppealLodgedSchema, AppealDecidedSchema } =
  rulingEventSchemas(SeatSchema);
