import { z } from 'zod';
import { BidSchema, CardSchema, SeatSchema } from './primitives';

/**
 * DDZ-BID-2/3: a player's one bidding turn; `timedOut` when the clock chose 不叫 (DDZ-BID-6). `at`
 * (here and on every choice) is the server's time of the choice: the next turn clock runs from it.
 */
export const BidMadeSchema = z.object({
  type: z.literal('BidMade'),
  data: z.object({
    seat: SeatSchema,
    bid: BidSchema,
    timedOut: z.boolean(),
    at: z.number().int().optional(),
  }),
});

/** DDZ-BID-4: bidding is over; the highest bidder (or the one who bid 3) is the landlord. */
export const LandlordChosenSchema = z.object({
  type: z.literal('LandlordChosen'),
  data: z.object({ seat: SeatSchema, bid: z.union([z.literal(1), z.literal(2), z.literal(3)]) }),
});

/**
 * DDZ-DBL-1: one defender's choice. Staff-only until both have chosen: no feed may carry it
 * before DoublesRevealed, so neither defender can learn the other's choice first.
 */
export const DoubleChosenSchema = z.object({
  type: z.literal('DoubleChosen'),
  data: z.object({
    seat: SeatSchema,
    double: z.boolean(),
    timedOut: z.boolean(),
    at: z.number().int().optional(),
  }),
});

/** DDZ-DBL-1: both defenders' choices, revealed at the same time. */
export const DoublesRevealedSchema = z.object({
  type: z.literal('DoublesRevealed'),
  data: z.object({
    doubles: z.array(z.object({ seat: SeatSchema, double: z.boolean() })).length(2),
  }),
});

/** DDZ-DBL-2/3: the landlord's answer when at least one defender doubled. */
export const RedoubleChosenSchema = z.object({
  type: z.literal('RedoubleChosen'),
  data: z.object({
    seat: SeatSchema,
    redouble: z.boolean(),
    timedOut: z.boolean(),
    at: z.number().int().optional(),
  }),
});

/** DDZ-DEAL-2: the kitty is shown to all three players and joins the landlord's hand. */
export const KittyRevealedSchema = z.object({
  type: z.literal('KittyRevealed'),
  data: z.object({ landlord: SeatSchema, cards: z.array(CardSchema).length(3) }),
});
