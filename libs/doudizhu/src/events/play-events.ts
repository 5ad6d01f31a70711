import { seatedPlayEventSchemas } from '@tablecast/game-kit';
import { z } from 'zod';
import { CardSchema, PerSeatIntSchema, PlayReadingSchema, SeatSchema } from './primitives';

/** DDZ-PLAY-1/2: a play and its reading; `timedOut` when the clock led the lowest single (DDZ-PLAY-6). */
export const CardsPlayedSchema = z.object({
  type: z.literal('CardsPlayed'),
  data: z.object({
    seat: SeatSchema,
    cards: z.array(CardSchema).min(1).max(20),
    as: PlayReadingSchema,
    lead: z.boolean(),
    timedOut: z.boolean(),
    at: z.number().int().optional(),
  }),
});

/** DDZ-PLAY-2: a pass; DDZ-PLAY-3: two passes in a row win the trick; DDZ-PLAY-5: one card left. */
export const { PassedSchema, TrickWonSchema, CardsReportedSchema } = seatedPlayEventSchemas(SeatSchema);

/**
 * DDZ-END-1…3, DDZ-SCORE-1…5: the board is over and scored; the record of the board's result.
 * `doubled` and `scores` are per seat (the landlord's `doubled` is false).
 */
export const BoardEndedSchema = z.object({
  type: z.literal('BoardEnded'),
  data: z.object({
    board: z.number().int().min(1),
    landlord: SeatSchema,
    bid: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    outSeat: SeatSchema,
    winner: z.enum(['landlord', 'defenders']),
    doubled: z.tuple([z.boolean(), z.boolean(), z.boolean()]),
    redoubled: z.boolean(),
    bombs: z.number().int().min(0),
    rockets: z.number().int().min(0).max(1),
    spring: z.boolean(),
    antiSpring: z.boolean(),
    scores: PerSeatIntSchema,
    totals: PerSeatIntSchema,
  }),
});
