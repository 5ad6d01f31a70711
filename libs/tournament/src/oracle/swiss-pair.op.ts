import { z } from 'zod';
import { pairSwissRound } from '../pairing/swiss';
import type { SwissOptions } from '../pairing/swiss-options';
import { defineOp, type OracleAnswer } from './op';

const IdSchema = z.union([z.string().min(1), z.number().int()]);
const ExactNumberSchema = z.union([
  z.number(),
  z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number such as "7.5"'),
]);

export const SwissPairRequestSchema = z
  .object({
    op: z.literal('swissPair'),
    id: z.union([z.string(), z.number()]).optional(),
    round: z.number().int().min(1),
    entrants: z
      .array(
        z
          .object({
            id: IdSchema,
            unit: z.string().optional(),
            score: ExactNumberSchema,
            levelPoints: ExactNumberSchema.optional(),
            number: z.number().int().optional(),
            byes: z.number().int().min(0).optional(),
          })
          .strict(),
      )
      .min(2),
    history: z.array(z.tuple([IdSchema, IdSchema])),
    avoidSameUnit: z.boolean().optional(),
    rules: z.enum(['000', '003']).optional(),
    smallLargeMeans: z.enum(['standings', 'pairNumber']).optional(),
    firstRound: z.enum(['fold', 'slide', 'lot']).optional(),
    seed: z.string().optional(),
    totalRounds: z.number().int().min(1).optional(),
    bye: z.enum(['lowestWithoutBye', 'lowest']).optional(),
    whenNoLegalPairing: z.enum(['refuse', 'allowRematch']).optional(),
  })
  .strict();

type SwissPairRequest = z.infer<typeof SwissPairRequestSchema>;

/**
 * `swissPair`: one Swiss round (TRN-SWISS-1/7/8). Ids come back as given (number or string);
 * JSON numbers for scores are read through their decimal text, never summed as floats.
 */
export const swissPairOp = defineOp(SwissPairRequestSchema, (request: SwissPairRequest): OracleAnswer => {
  const original = new Map<string, string | number>();
  for (const [i, e] of request.entrants.entries()) {
    const key = String(e.id);
    if (original.has(key)) return { ok: false, error: `entrants.${i}.id: ${key} appears twice` };
    original.set(key, e.id);
  }
  const { round, entrants, history } = request;
  const { avoidSameUnit, rules, smallLargeMeans, firstRound, seed, totalRounds, bye, whenNoLegalPairing } =
    request;
  const options = Object.fromEntries(
    Object.entries({
      avoidSameUnit,
      rules,
      smallLargeMeans,
      firstRound,
      seed,
      totalRounds,
      bye,
      whenNoLegalPairing,
    }).filter(([, value]) => value !== undefined),
  ) as Partial<SwissOptions>;
  const result = pairSwissRound(
    {
      round,
      entrants: entrants.map((e) => ({
        id: String(e.id),
        score: String(e.score),
        ...(e.levelPoints === undefined ? {} : { levelPoints: String(e.levelPoints) }),
        ...(e.unit === undefined ? {} : { unit: e.unit }),
        ...(e.number === undefined ? {} : { number: e.number }),
        ...(e.byes === undefined ? {} : { byes: e.byes }),
      })),
      history: history.map(([a, b]) => [String(a), String(b)] as const),
    },
    options,
  );
  if (!result.ok)
    return { ok: false, ...(result.rule === undefined ? {} : { rule: result.rule }), error: result.error };
  const back = (key: string): string | number => original.get(key) ?? key;
  return {
    ok: true,
    pairs: result.pairs.map(([a, b]) => [back(a), back(b)]),
    bye: result.bye === null ? null : back(result.bye),
    relaxed: result.relaxed,
  };
});
