import { GameSeatSchema, GameSideSchema } from './game-seats';
import { z } from 'zod';
import { EventReferenceSchema } from './event-reference';

/** levelIndex per team: 0 = 2 … 12 = A, 13 = past A (GD-LVL-1), as HandEnded records them. */
const levelIndex = z.int().min(0).max(13);
const TeamLevelsSchema = z.object({ NS: levelIndex, EW: levelIndex });

/**
 * What the committee ordered, one shape per ruling outcome (GD-APL-2/3). The ruling stays in the
 * appeal stream; the arbitration service turns a remedy into `ResultCorrected` events in the match
 * stream, so the original events stay in the log and projections apply the correction.
 */
export const RulingRemedySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('appeal-dismissed') }),
  /** GD-PEN-7, GD-APL-3: the arbiter's penalty (a PenaltyIssued in the match stream) no longer counts. */
  z.object({ kind: z.literal('penalty-rescinded'), penalty: EventReferenceSchema }),
  /** GD-PEN-2…6: a penalty the table arbiter did not give; `at` is the event it attaches to. */
  z.object({
    kind: z.literal('penalty-imposed'),
    seat: GameSeatSchema,
    sanction: z.enum(['warning', 'violation', 'foul', 'gameLost']),
    rule: z.string().min(1).max(40),
    at: EventReferenceSchema,
  }),
  /** GD-SCORE-1, GD-APL-3: the recorded levels after a hand are replaced. */
  z.object({
    kind: z.literal('hand-result-corrected'),
    handNumber: z.int().min(1),
    levelsAfter: TeamLevelsSchema,
  }),
  /** The hand's recorded result is void; the hand is played again. */
  z.object({ kind: z.literal('hand-to-be-replayed'), handNumber: z.int().min(1) }),
  /** GD-SCORE-4, GD-PEN-5, DEC-GD-13: the game is lost by `loser` (2:0 and the forfeit level points). */
  z.object({
    kind: z.literal('match-result-adjusted'),
    loser: GameSideSchema,
    rule: z.string().min(1).max(40),
  }),
]);
export type RulingRemedy = z.infer<typeof RulingRemedySchema>;
