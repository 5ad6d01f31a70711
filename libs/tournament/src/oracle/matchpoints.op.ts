import { z } from 'zod';
import { boardMatchpoints, twoPlaces } from '../duplicate/matchpoints';
import { rankingPoints } from '../duplicate/ranking-points';
import { defineOp } from './op';

const ScoreSchema = z.union([
  z.number(),
  z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number such as "7.5"'),
]);

export const MatchpointsRequestSchema = z
  .object({
    op: z.literal('matchpoints'),
    id: z.union([z.string(), z.number()]).optional(),
    scores: z.array(ScoreSchema).min(1),
  })
  .strict();

/**
 * `matchpoints` (TRN-MP-1…4): one board, one seat: every score's MP, MP% and rank against the
 * others, and its ranking points (DEC-T-1 past 4th); decimals as strings with 2 places.
 */
export const matchpointsOp = defineOp(MatchpointsRequestSchema, (request) => {
  const board = boardMatchpoints(request.scores);
  return {
    ok: true,
    top: board[0]?.top ?? 0,
    mp: board.map((b) => b.mp),
    pct: board.map((b) => twoPlaces(b.pct)),
    rank: board.map((b) => b.rank),
    points: board.map((b) => twoPlaces(rankingPoints(b.rank))),
  };
});
