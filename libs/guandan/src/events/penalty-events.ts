import { z } from 'zod';
import { SeatSchema, TeamSchema } from './primitives';

/**
 * A referee's sanction (GD-PEN-2…4). A violation skips the offender for one trick (DEC-GD-10);
 * a foul ends the deal, scored as a double-down for the opponents (GD-PEN-4).
 */
export const PenaltyIssuedSchema = z.object({
  type: z.literal('PenaltyIssued'),
  data: z.object({
    seat: SeatSchema,
    /** `turnLost`: playing out of turn under 000 (GD-PEN-11): skipped once when his turn comes. */
    sanction: z.enum(['warning', 'violation', 'foul', 'turnLost']),
    /** The rule breached, e.g. GD-PEN-11. */
    rule: z.string().min(1),
    refereeId: z.string().min(1),
    note: z.string(),
  }),
});

/** GD-PEN-5, GD-SCORE-4: the game is lost by penalty or forfeit. MatchEnded follows. */
export const MatchForfeitedSchema = z.object({
  type: z.literal('MatchForfeited'),
  data: z.object({ team: TeamSchema, rule: z.string().min(1), refereeId: z.string().min(1) }),
});
