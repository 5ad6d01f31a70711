import { z } from 'zod';
import { defineEvent } from '../catalog/definition';
import { idSchema } from './event-reference';

/**
 * GD-VAR-003-16 / TRN-SWISS-9: the referee recorded that the players left the table after the
 * round (score sheet signed). From then on a scoring error at the table can no longer be corrected
 * as a recording error. In the match stream; the time is the event's recordedAt.
 */
export const PlayersLeftTableSchema = z.object({
  type: z.literal('PlayersLeftTable'),
  data: z.object({ matchId: idSchema }),
});
export type PlayersLeftTable = z.infer<typeof PlayersLeftTableSchema>;

/**
 * TRN-SWISS-7/9: the pairings of a round were published. In the `tournament-<id>` stream; the time
 * is the event's recordedAt. `previousRoundMatches` names the matches of the round before, whose
 * entry errors may be raised until 5 minutes after this (GD-VAR-003-16). A score correction never
 * writes to this stream, so it can never change a published pairing.
 */
export const PairingsPublishedSchema = z.object({
  type: z.literal('PairingsPublished'),
  data: z.object({
    tournamentId: idSchema,
    round: z.int().min(1),
    pairings: z
      .array(z.object({ table: z.string().min(1).max(64), NS: z.string().min(1), EW: z.string().min(1) }))
      .min(1)
      .max(200),
    previousRoundMatches: z.array(idSchema).max(200),
  }),
});
export type PairingsPublished = z.infer<typeof PairingsPublishedSchema>;

export type CorrectionWindowEvent = PlayersLeftTable | PairingsPublished;

// Both are facts anyone in the hall can see: the players stand up; the pairings go on the board.
export const correctionWindowEvents = [
  defineEvent(PlayersLeftTableSchema, { disclosure: 'public' }),
  defineEvent(PairingsPublishedSchema, { disclosure: 'public' }),
] as const;
