import { seatedPlayEventSchemas } from '@tablecast/game-kit';
import { z } from 'zod';
import { CardSchema, PerSeatBoolSchema, PerSeatIntSchema, PlayReadingSchema, SeatSchema } from './primitives';

/** B2-PLAY-1…3: a play and its reading; `timedOut` when a ruleset's play clock chose it. */
export const CardsPlayedSchema = z.object({
  type: z.literal('CardsPlayed'),
  data: z.object({
    seat: SeatSchema,
    cards: z.array(CardSchema).min(1).max(5),
    as: PlayReadingSchema,
    lead: z.boolean(),
    timedOut: z.boolean(),
    at: z.number().int().optional(),
  }),
});

/** B2-PLAY-3: a pass (過牌); B2-PLAY-4: three passes in a row win the trick; B2-PLAY-6: 報單. */
export const { PassedSchema, TrickWonSchema, CardsReportedSchema } = seatedPlayEventSchemas(SeatSchema);

/**
 * B2-END-1, B2-SCORE-1…4: a player has played out; the board is scored and recorded. Per seat:
 * the cards left, their card points, the 明牌 and 加倍 choices, the board's scores and the totals.
 */
export const BoardEndedSchema = z.object({
  type: z.literal('BoardEnded'),
  data: z.object({
    board: z.number().int().min(1),
    outSeat: SeatSchema,
    left: PerSeatIntSchema,
    cardPoints: PerSeatIntSchema,
    showed: PerSeatBoolSchema,
    doubled: PerSeatBoolSchema,
    scores: PerSeatIntSchema,
    totals: PerSeatIntSchema,
  }),
});
