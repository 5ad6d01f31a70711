import { z } from 'zod';
import { COMBO_TYPES } from '../model/reading';
import { CardIdSchema, SeatSchema } from './primitives';

/**
 * A duty the arbiter's ruling puts on how a player (or his partner) plays later in the deal; the
 * decider rejects a play that breaks it, naming the rule:
 * - `playCardFirst` (GD-TRIB-9): a player who owes no tribute showed his highest card; he must
 *   play it in his first single, or include it in an earlier non-single play;
 * - `leadType` (GD-PEN-9, leader): his wrong lead was taken back; he must lead the type his 上家
 *   chose from those cards;
 * - `notLeadType` (GD-PEN-11): his partner played that type out of turn; if he leads the next
 *   trick, he may not lead it.
 */
export const PlayDutySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('playCardFirst'), card: CardIdSchema }),
  /** `cards`: the lead that was taken back (still in his hand), from which the type was chosen. */
  z.object({ kind: z.literal('leadType'), type: z.enum(COMBO_TYPES), cards: z.array(CardIdSchema).min(1) }),
  z.object({ kind: z.literal('notLeadType'), type: z.enum(COMBO_TYPES) }),
]);
export type PlayDuty = z.infer<typeof PlayDutySchema>;

export const PlayDutyImposedSchema = z.object({
  type: z.literal('PlayDutyImposed'),
  data: z.object({
    /** The seat that bears the duty (for GD-PEN-11, the offender's partner). */
    seat: SeatSchema,
    rule: z.string().min(1),
    duty: PlayDutySchema,
    refereeId: z.string().min(1),
  }),
});
