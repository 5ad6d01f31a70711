import { z } from 'zod';
import { SANCTIONS } from './penalty-events';

/**
 * The commands a seated game's decider takes besides its own moves, as the server hands them over:
 * the match's setup (`players` players, each at a seat `seat` reads), the turn clock's stamp, the
 * recorded times, an arbiter's rulings and their appeals, and the match's end. A game puts its own
 * moves between them in its command union.
 */
export function commandEnvelope<T extends z.ZodType, R extends z.ZodType>(
  seat: T,
  ruleset: R,
  players: number,
) {
  const Player = z.object({ id: z.string().min(1), name: z.string().min(1), seat });
  const Players = z.array(Player).length(players);
  const Time = z.number().int();
  return {
    Setup: z.object({ table: z.string().min(1), ruleset, players: Players }),
    /** Set on a command a turn clock sent: the revision it timed. */
    Timeout: z.object({ revision: z.number().int().min(0) }).optional(),
    Time,
    /** The server's time of a choice (the next turn clock starts from it); absent in pure play. */
    At: Time.optional(),
    CreateMatch: z.object({
      type: z.literal('CreateMatch'),
      table: z.string().min(1),
      ruleset,
      players: Players,
      now: Time,
    }),
    IssuePenalty: z.object({
      type: z.literal('IssuePenalty'),
      seat,
      rule: z.string().min(1),
      sanction: z.enum(SANCTIONS),
      points: z.number().int().min(0),
      refereeId: z.string().min(1),
      note: z.string().optional(),
      now: Time,
    }),
    LodgeAppeal: z.object({
      type: z.literal('LodgeAppeal'),
      penalty: z.number().int().min(1),
      seat,
      grounds: z.string().min(1),
      now: Time,
    }),
    DecideAppeal: z.object({
      type: z.literal('DecideAppeal'),
      appeal: z.number().int().min(1),
      votesFor: z.number().int().min(0),
      votesAgainst: z.number().int().min(0),
      now: Time,
    }),
    EndMatch: z.object({ type: z.literal('EndMatch'), now: Time }),
  };
}
