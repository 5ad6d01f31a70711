import { DDZ_RANKS, FACES, type DdzRank, type Face } from '@tablecast/cards';
import { z } from 'zod';
import { DDZ_COMBO_TYPES } from '../combos/reading';
import { DoudizhuEventSchema } from '../events/catalog';

/** A face in the oracle notation: suit `S H C D` + rank `3`…`A`, `2`; jokers `BJ`, `RJ`. */
export const DdzFaceSchema = z.enum(FACES as [Face, ...Face[]]);

/** A reading `{type, rank, length}`; `rank` omitted for the rocket. */
export const DdzReadingSchema = z
  .object({
    type: z.enum(DDZ_COMBO_TYPES),
    rank: z.enum(DDZ_RANKS as unknown as [DdzRank, ...DdzRank[]]).optional(),
    length: z.number().int().min(1).max(20),
  })
  .strict();

/** Cards as played, with the reading they are played as when they read more than one way. */
const PlayedSchema = z
  .object({ cards: z.array(DdzFaceSchema).min(1).max(20), as: DdzReadingSchema.optional() })
  .strict();

const base = { id: z.union([z.string(), z.number()]).optional() };

const ScoreSchema = z.object({
  op: z.literal('score'),
  bid: z.number().int().min(1).max(3),
  doubled: z.tuple([z.boolean(), z.boolean()]),
  redoubled: z.boolean(),
  bombs: z.number().int().min(0).max(13),
  rockets: z.number().int().min(0).max(1),
  spring: z.boolean(),
  antiSpring: z.boolean(),
  winner: z.enum(['landlord', 'defenders']),
  ...base,
});

/** The oracle's request lines (docs/rules-oracle-doudizhu.md). `id` is echoed back when given. */
export const DdzOracleRequestSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('classify'), cards: z.array(DdzFaceSchema).min(1).max(20), ...base }),
  z.object({ op: z.literal('beats'), play: PlayedSchema, current: PlayedSchema, ...base }),
  z.object({
    op: z.literal('legalPlays'),
    hand: z.array(DdzFaceSchema).max(20),
    toBeat: z.union([DdzReadingSchema, PlayedSchema]).nullable(),
    ...base,
  }),
  ScoreSchema,
  z.object({ op: z.literal('replay'), events: z.array(DoudizhuEventSchema), ...base }),
]);
export type DdzOracleRequest = z.infer<typeof DdzOracleRequestSchema>;
