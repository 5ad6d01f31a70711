import { z } from 'zod';
import {
  CardIdSchema,
  HandsSchema,
  RankSchema,
  SeatSchema,
  TeamLevelsSchema,
  TeamSchema,
} from './primitives';

/** A deal (一副牌) begins: its number, the level played (GD-LVL-3, DEC-GD-1) and the tribute due. */
export const HandStartedSchema = z.object({
  type: z.literal('HandStarted'),
  data: z.object({
    handNumber: z.number().int().min(1),
    level: RankSchema,
    /** The pair whose level is played; null in the first deal of a game, when both are at 2. */
    levelTeam: TeamSchema.nullable(),
    levels: TeamLevelsSchema,
    tribute: z.enum(['none', 'single', 'double']),
    /** GD-TRIB-10, GD-LEAD-5, DEC-GD-11: the previous deal ended in a foul; this team names the leader. */
    designatingTeam: TeamSchema.nullable(),
    /** When the deal began (ms): a deal begun before time-out is played to the end (GD-VAR-004-8). */
    startedAt: z.number().int(),
  }),
});

/** Public: hex sha256 of the dealt order and a salt, published before any card is seen. */
export const DeckCommittedSchema = z.object({
  type: z.literal('DeckCommitted'),
  data: z.object({ handNumber: z.number().int().min(1), commitment: z.string().regex(/^[0-9a-f]{64}$/) }),
});

/**
 * Staff-only (it holds every hand): the deal itself (GD-DECK-2, GD-DEAL-5). `seed` is the shuffle
 * seed, or null for an entered deal; card `i` of `order` goes to the seat `i` places after `firstDrawer`.
 */
export const CardsDealtSchema = z.object({
  type: z.literal('CardsDealt'),
  data: z.object({
    handNumber: z.number().int().min(1),
    seed: z.string().nullable(),
    order: z.array(CardIdSchema).length(108),
    salt: z.string(),
    firstDrawer: SeatSchema,
    hands: HandsSchema,
  }),
});

/** GD-LEAD-1, GD-DEAL-5, DEC-GD-3: the turned card of the first deal of a game; its holder leads. */
export const FirstLeadCutSchema = z.object({
  type: z.literal('FirstLeadCut'),
  data: z.object({
    cutIndex: z.number().int().min(0).max(107),
    card: CardIdSchema,
    seat: SeatSchema,
    /** Indices skipped because they were jokers (or ♥2 under 003): cut and turned again. */
    recuts: z.array(z.number().int().min(0).max(107)),
  }),
});

/** Who leads the first trick of the deal, and why (GD-LEAD-1…5). Play begins. */
export const LeadAssignedSchema = z.object({
  type: z.literal('LeadAssigned'),
  data: z.object({
    seat: SeatSchema,
    /** `turnLost`: the leader lost his turn (GD-PEN-11), so his 下家 leads this trick. */
    reason: z.enum(['cutCard', 'tributePaid', 'antiTribute', 'designated', 'turnLost']),
  }),
});

/** The deal is over (GD-END-*, GD-LVL-4…6). `places` in finishing order; two seats after a double-down. */
export const HandEndedSchema = z.object({
  type: z.literal('HandEnded'),
  data: z.object({
    handNumber: z.number().int().min(1),
    places: z.array(SeatSchema).max(4),
    doubleDown: z.boolean(),
    winningTeam: TeamSchema,
    /** Levels the winners actually gained: +3/+2/+1 (GD-LVL-4), less when capped at A (GD-LVL-5). */
    levelUp: z.number().int().min(0).max(3),
    levelsBefore: TeamLevelsSchema,
    levelsAfter: TeamLevelsSchema,
    /** GD-PEN-4: the deal was lost by this team's foul and scored as a double-down. */
    foulBy: TeamSchema.nullable(),
    /** GD-VAR-004-6: failures at A counted so far per team (always 0 when the ruleset has no such rule). */
    aFailures: z.object({ NS: z.number().int().min(0), EW: z.number().int().min(0) }),
    passedAce: TeamSchema.nullable(),
  }),
});

/** Public at the end of the deal: the salt and order, so anyone can check DeckCommitted. */
export const DeckRevealedSchema = z.object({
  type: z.literal('DeckRevealed'),
  data: z.object({
    handNumber: z.number().int().min(1),
    salt: z.string(),
    order: z.array(CardIdSchema).length(108),
  }),
});
