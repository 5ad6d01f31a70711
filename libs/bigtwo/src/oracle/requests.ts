import { SUITS, type Rank, type Suit } from '@tablecast/cards';
import { z } from 'zod';
import { B2_RANKS, bigTwoDeck } from '../cards/card-value';
import { B2_COMBO_TYPES } from '../combos/reading';
import { BigTwoEventSchema } from '../events/catalog';

/** A card in the oracle notation: suit `S H C D` + rank `3`…`9 T J Q K A 2`; no jokers (B2-DEAL-1). */
export const B2FaceSchema = z.enum(bigTwoDeck() as [string, ...string[]]);

/** A reading `{type, rank, suit?, length}` (B2-COMBO-1…8). */
export const B2ReadingSchema = z
  .object({
    type: z.enum(B2_COMBO_TYPES),
    rank: z.enum(B2_RANKS as [Rank, ...Rank[]]),
    suit: z.enum(SUITS as unknown as [Suit, ...Suit[]]).optional(),
    length: z.number().int().min(1).max(5),
  })
  .strict();

/** Cards as played: a set has one reading at most, so no `as` is needed. */
const PlayedSchema = z.object({ cards: z.array(B2FaceSchema).min(1).max(5) }).strict();

/** The ruleset fields the oracle's answers depend on; B2-CMP-4 reading (a) by default (DEC-B2-1). */
const RulesSchema = z
  .object({ straightKey: z.enum(['a', 'b']).optional() })
  .strict()
  .optional();

const base = { id: z.union([z.string(), z.number()]).optional(), rules: RulesSchema };

const PlayerSchema = z
  .object({ left: z.number().int().min(0).max(13), showed: z.boolean(), doubled: z.boolean() })
  .strict();

/** The oracle's request lines (docs/rules-oracle-bigtwo.md). `id` is echoed back when given. */
export const B2OracleRequestSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('classify'), cards: z.array(B2FaceSchema).min(1).max(13), ...base }),
  z.object({
    op: z.literal('beats'),
    play: z.union([PlayedSchema, B2ReadingSchema]),
    toBeat: z.union([PlayedSchema, B2ReadingSchema]),
    ...base,
  }),
  z.object({
    op: z.literal('legalPlays'),
    hand: z.array(B2FaceSchema).max(13),
    toBeat: z.union([PlayedSchema, B2ReadingSchema]).nullable(),
    ...base,
  }),
  z.object({ op: z.literal('score'), players: z.array(PlayerSchema).length(4), ...base }),
  z.object({ op: z.literal('replay'), events: z.array(BigTwoEventSchema), ...base }),
]);
export type B2OracleRequest = z.infer<typeof B2OracleRequestSchema>;
