import { z } from 'zod';
import { duplicateStandings } from '../duplicate/duplicate-standings';
import { defineOp } from './op';

const KeySchema = z.union([z.string(), z.number()]);

export const DuplicateStandingsRequestSchema = z
  .object({
    op: z.literal('duplicateStandings'),
    id: z.union([z.string(), z.number()]).optional(),
    game: z.enum(['doudizhu', 'bigtwo']),
    boards: z
      .array(
        z
          .object({
            results: z
              .array(
                z
                  .object({
                    player: z.string().min(1),
                    score: z.union([
                      z.number(),
                      z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number'),
                    ]),
                    seconds: z.number().min(0),
                    seat: KeySchema.optional(),
                    group: KeySchema.optional(),
                    table: KeySchema.optional(),
                  })
                  .strict(),
              )
              .min(1),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();

/**
 * `duplicateStandings` (TRN-MP-1…5, TRN-TB-4 or TRN-TB-5): boards numbered from 1 in the order
 * given; S with 2 decimal places, ranks shared where the chain leaves players equal.
 */
export const duplicateStandingsOp = defineOp(DuplicateStandingsRequestSchema, (request) => {
  const results = request.boards.flatMap((board, b) =>
    board.results.map((result) => ({ ...result, board: b + 1 })),
  );
  const seen = new Set<string>();
  for (const [i, result] of results.entries()) {
    const key = `${String(result.board)}\u0000${result.player}`;
    if (seen.has(key))
      return {
        ok: false,
        error: `boards.${String(result.board - 1)}.results: ${result.player} appears twice (result ${String(i)})`,
      };
    seen.add(key);
  }
  return {
    ok: true,
    standings: duplicateStandings(request.game, results).map((row) => ({
      player: row.player,
      S: row.S,
      rank: row.rank,
    })),
  };
});
