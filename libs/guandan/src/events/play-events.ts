import { z } from 'zod';
import { CardIdSchema, ReadingSchema, SeatSchema } from './primitives';

/** A play (一手牌): the physical cards and their reading; `declared` if the player named it (GD-WILD-5). */
export const CardsPlayedSchema = z.object({
  type: z.literal('CardsPlayed'),
  data: z.object({
    seat: SeatSchema,
    cards: z.array(CardIdSchema).min(1).max(10),
    as: ReadingSchema,
    declared: z.boolean(),
    /** GD-PLAY-1: true when this play leads a trick. */
    lead: z.boolean(),
  }),
});

/** GD-PLAY-2/3: the player declines to play. */
export const PassedSchema = z.object({
  type: z.literal('Passed'),
  data: z.object({ seat: SeatSchema }),
});

/** GD-RPT-1/4: the table announced a player's count when it first fell to the report threshold. */
export const CardsReportedSchema = z.object({
  type: z.literal('CardsReported'),
  data: z.object({ seat: SeatSchema, count: z.number().int().min(1) }),
});

/** GD-END-1: a player has played out his hand; `place` 1 = first (上游). */
export const PlayerFinishedSchema = z.object({
  type: z.literal('PlayerFinished'),
  data: z.object({ seat: SeatSchema, place: z.number().int().min(1).max(3) }),
});

/**
 * GD-PLAY-4: everyone still holding cards passed after `seat`'s play. `nextLeader` is that player,
 * or his partner when he has gone out (GD-PLAY-7/8, DEC-GD-9), or the next player when the leader
 * is suspended (DEC-GD-10).
 */
export const TrickWonSchema = z.object({
  type: z.literal('TrickWon'),
  data: z.object({ seat: SeatSchema, nextLeader: SeatSchema }),
});
