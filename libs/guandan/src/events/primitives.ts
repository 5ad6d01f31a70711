import { doubleDeck, JOKERS, RANKS, SUITS, type CardId } from '@tablecast/cards';
import { z } from 'zod';
import { COMBO_TYPES } from '../model/reading';
import { SEATS, TEAMS } from '../model/seats';

/** zod schemas for the values events carry; shared by every event schema. */
export const SeatSchema = z.enum(SEATS);
export const TeamSchema = z.enum(TEAMS);
export const SuitSchema = z.enum(SUITS);
export const RankSchema = z.enum(RANKS);
export const JokerSchema = z.enum(JOKERS);

/**
 * A physical card id in the oracle notation plus its copy suffix, e.g. `H5a`, `BJb`: one of the
 * 108 ids of the double deck. An enum is one set lookup; the union of two template literals it
 * replaced tried two patterns per card, about a fifth of validating a play.
 */
export const CardIdSchema = z.enum(doubleDeck() as [CardId, ...CardId[]], {
  error:
    'expected a card id: S, H, C or D with 2-9, T, J, Q, K or A, or the joker BJ or RJ, then its copy a or b (e.g. H5a, BJb)',
});

/** A card face, e.g. `HT`, `RJ` (what the oracle speaks). */
export const FaceSchema = z.union([z.templateLiteral([SuitSchema, RankSchema]), JokerSchema]);

export const ReadingSchema = z.object({
  type: z.enum(COMBO_TYPES),
  rank: z.union([RankSchema, JokerSchema]).optional(),
  length: z.number().int().min(1).max(10),
  suit: SuitSchema.optional(),
});

/** levelIndex: 0 = 2 … 12 = A, 13 = past A (GD-LVL-1). */
export const LevelIndexSchema = z.number().int().min(0).max(13);
export const TeamLevelsSchema = z.object({ NS: LevelIndexSchema, EW: LevelIndexSchema });
export const PerTeamIntSchema = z.object({ NS: z.number().int(), EW: z.number().int() });
export const HandsSchema = z.object({
  S: z.array(CardIdSchema),
  E: z.array(CardIdSchema),
  N: z.array(CardIdSchema),
  W: z.array(CardIdSchema),
});
