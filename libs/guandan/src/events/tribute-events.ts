import { z } from 'zod';
import { CardIdSchema, SeatSchema } from './primitives';

/** GD-TRIB-1/2/4: a loser hands over his highest card (not a wildcard). */
export const TributeGivenSchema = z.object({
  type: z.literal('TributeGiven'),
  data: z.object({ from: SeatSchema, card: CardIdSchema }),
});

/**
 * Once every tribute is in, who receives which (GD-TRIB-1, GD-TRIB-4: the larger to first place;
 * GD-TRIB-5: equal tributes go clockwise, each to the tributer's 上家).
 */
export const TributeAssignedSchema = z.object({
  type: z.literal('TributeAssigned'),
  data: z.object({
    assignments: z
      .array(z.object({ from: SeatSchema, to: SeatSchema, card: CardIdSchema }))
      .min(1)
      .max(2),
  }),
});

/** GD-TRIB-3: the receiver gives a card back to his tributer. */
export const TributeReturnedSchema = z.object({
  type: z.literal('TributeReturned'),
  data: z.object({ from: SeatSchema, to: SeatSchema, card: CardIdSchema }),
});

/**
 * GD-VAR-004-3: after equal double tributes and unequal returns, a tributer chose one of the two
 * returned cards; if it was the other tributer's, the two returned cards change hands.
 */
export const ReturnChosenSchema = z.object({
  type: z.literal('ReturnChosen'),
  data: z.object({ seat: SeatSchema, card: CardIdSchema }),
});

/** GD-TRIB-6: anti-tribute (抗贡); `seats` hold the two big jokers. No tribute; first place leads. */
export const TributeResistedSchema = z.object({
  type: z.literal('TributeResisted'),
  data: z.object({ seats: z.array(SeatSchema).min(1).max(2) }),
});
