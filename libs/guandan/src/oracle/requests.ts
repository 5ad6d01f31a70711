import { z } from 'zod';
import { GuandanEventSchema } from '../events/catalog';
import { FaceSchema, RankSchema, ReadingSchema } from '../events/primitives';
import { RULESET_NAMES, type RulesetName } from '../ruleset/ruleset';

/** The oracle's request lines (docs/rules-oracle.md). `id` is echoed back when given. */
const base = {
  id: z.union([z.string(), z.number()]).optional(),
  ruleset: z.enum(RULESET_NAMES as [RulesetName, ...RulesetName[]]).optional(),
};
const PlayedSchema = z.object({ cards: z.array(FaceSchema).min(1).max(10), as: ReadingSchema });

export const OracleRequestSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('classify'),
    cards: z.array(FaceSchema).min(1).max(27),
    level: RankSchema,
    ...base,
  }),
  z.object({ op: z.literal('beats'), play: PlayedSchema, current: PlayedSchema, level: RankSchema, ...base }),
  z.object({
    op: z.literal('legalPlays'),
    hand: z.array(FaceSchema).max(27),
    toBeat: ReadingSchema.nullable(),
    level: RankSchema,
    ...base,
  }),
  z.object({ op: z.literal('replay'), events: z.array(GuandanEventSchema), ...base }),
  z.object({ op: z.literal('rulesets'), ...base }),
]);
export type OracleRequest = z.infer<typeof OracleRequestSchema>;
