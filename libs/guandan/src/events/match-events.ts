import { z } from 'zod';
import { RulesetSchema } from '../ruleset/ruleset';
import { PerTeamIntSchema, RankSchema, SeatSchema, TeamLevelsSchema, TeamSchema } from './primitives';

/** GD-FMT-1…4: to past A, a fixed number of deals, timed, or whichever of time and deals comes first. */
export const MatchFormatSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('toPastAce') }),
  z.object({ kind: z.literal('fixedDeals'), deals: z.number().int().min(1) }),
  z.object({ kind: z.literal('timed'), minutes: z.number().int().min(1) }),
  z.object({
    kind: z.literal('timedOrFixedDeals'),
    deals: z.number().int().min(1),
    minutes: z.number().int().min(1),
  }),
]);
export type MatchFormat = z.infer<typeof MatchFormatSchema>;

const TeamInfoSchema = z.object({ id: z.string().min(1), name: z.string().min(1) });
const PlayerInfoSchema = z.object({ id: z.string().min(1), name: z.string().min(1), seat: SeatSchema });

/** A Guandan game (局) between two pairs: ruleset, format, teams and seating (GD-SEAT-1/2). */
export const MatchCreatedSchema = z.object({
  type: z.literal('MatchCreated'),
  data: z.object({
    /** The platform's MatchCreated names the game, so the platform picks this module to fold it. */
    game: z.literal('guandan'),
    /** The venue table the match is played at; operator tokens are scoped to it. */
    table: z.string().min(1).max(64),
    /** The seats in play order (GD-SEAT-1), as every game's MatchCreated lists them. */
    seats: z.tuple([z.literal('S'), z.literal('E'), z.literal('N'), z.literal('W')]),
    ruleset: RulesetSchema,
    format: MatchFormatSchema,
    teams: z.object({ NS: TeamInfoSchema, EW: TeamInfoSchema }),
    players: z.array(PlayerInfoSchema).length(4),
    /** Start of the game clock in ms, for the timed formats (GD-FMT-3/4). */
    startsAt: z.number().int(),
    /**
     * The level both pairs start from (GD-LVL-1: 2…A). Absent: 2, as every game starts (GD-LVL-2).
     * Set only for the extra deal played on top of a knockout game that ended level (TRN-KO-5 (b),
     * DEC-GD-15): the pairs play on from the level they stood on together.
     */
    startLevel: RankSchema.optional(),
  }),
});

/** Levels given by a ruling outside the card play: lateness (GD-VAR-003-14), 004's out-of-turn foul (GD-VAR-004-9). */
export const LevelsAwardedSchema = z.object({
  type: z.literal('LevelsAwarded'),
  data: z.object({
    team: TeamSchema,
    levels: z.number().int().min(1),
    rule: z.string(),
    refereeId: z.string(),
    levelsAfter: TeamLevelsSchema,
  }),
});

/** The referee called time in a timed format (GD-FMT-3/4); a deal in progress is finished (GD-VAR-004-8). */
export const TimeCalledSchema = z.object({
  type: z.literal('TimeCalled'),
  data: z.object({ at: z.number().int(), handInProgress: z.boolean() }),
});

/**
 * The game is over (GD-FMT-*, GD-SCORE-*). `matchPoints` are in tenths (2:0 is 20:0; DEC-T-2),
 * `levelPoints` on the 26-point scale; `winner` is null for a draw.
 */
export const MatchEndedSchema = z.object({
  type: z.literal('MatchEnded'),
  data: z.object({
    reason: z.enum(['pastAce', 'dealsPlayed', 'timeUp', 'forfeit']),
    winner: TeamSchema.nullable(),
    levels: TeamLevelsSchema,
    matchPoints: PerTeamIntSchema,
    levelPoints: PerTeamIntSchema,
    rule: z.string(),
  }),
});
