import { z } from 'zod';

/**
 * The events a seated board game records alike (Dou Dizhu, Big Two), over the game's own seat
 * schema: a pass, a trick won, a one-card report, the match's end, and a duplicate board's
 * broadcast hold lifted. Each game lists them in its catalog beside its own events.
 */

/**
 * DEC-DDZ-5, DEC-B2-5: the board's broadcast hold is lifted at this table: the last declared table
 * of its set was dealt the board at `at` (or the organiser closed it then). The deal and what
 * follows reach the delayed broadcast no earlier than the delay after `at`.
 */
export const BoardHoldLiftedSchema = z.object({
  type: z.literal('BoardHoldLifted'),
  data: z.object({
    board: z.number().int().min(1),
    at: z.number().int(),
    reason: z.enum(['dealtEverywhere', 'closed']),
  }),
});

/** The play events over a game's seats. */
export function seatedPlayEventSchemas<Seat extends z.ZodType>(SeatSchema: Seat) {
  return {
    /** The player declines to follow; `timedOut` when the clock passed for him. */
    PassedSchema: z.object({
      type: z.literal('Passed'),
      data: z.object({ seat: SeatSchema, timedOut: z.boolean(), at: z.number().int().optional() }),
    }),
    /** The others passed in a row; the last to play leads the next trick. */
    TrickWonSchema: z.object({
      type: z.literal('TrickWon'),
      data: z.object({ seat: SeatSchema }),
    }),
    /** The software tells the table that a player has one card left. */
    CardsReportedSchema: z.object({
      type: z.literal('CardsReported'),
      data: z.object({ seat: SeatSchema, count: z.literal(1) }),
    }),
  };
}

/** The competition at this table is over; `endedAt` opens the appeal window. `totals` per seat. */
export function matchEndedSchema<PerSeatInt extends z.ZodType>(PerSeatIntSchema: PerSeatInt) {
  return z.object({
    type: z.literal('MatchEnded'),
    data: z.object({ endedAt: z.number().int(), boards: z.number().int().min(0), totals: PerSeatIntSchema }),
  });
}
