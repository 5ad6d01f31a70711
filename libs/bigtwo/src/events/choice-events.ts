import { z } from 'zod';
import { CardSchema, SeatSchema } from './primitives';

/**
 * B2-SHOW-1: the player shows his whole hand to all (明牌, ×3). Public from this event on: the
 * 13 faces go to every audience, the venue included. `at` is the server's time of the choice.
 */
export const HandShownSchema = z.object({
  type: z.literal('HandShown'),
  data: z.object({
    seat: SeatSchema,
    cards: z.array(CardSchema).length(13),
    at: z.number().int().optional(),
  }),
});

/** B2-SHOW-1: the player keeps his hand hidden; `timedOut` when the 10 s ran out (default). */
export const ShowDeclinedSchema = z.object({
  type: z.literal('ShowDeclined'),
  data: z.object({ seat: SeatSchema, timedOut: z.boolean(), at: z.number().int().optional() }),
});

/** B2-DBL-1/2: one doubling choice in turn from 首家, public; `timedOut` records the default no. */
export const DoubleChosenSchema = z.object({
  type: z.literal('DoubleChosen'),
  data: z.object({
    seat: SeatSchema,
    double: z.boolean(),
    timedOut: z.boolean(),
    at: z.number().int().optional(),
  }),
});
