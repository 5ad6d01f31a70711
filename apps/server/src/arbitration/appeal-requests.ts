import { idSchema } from '@tablecast/events';
import { z } from 'zod';

/**
 * `POST /api/matches/:matchId/appeals`. GD-APL-1: the appeal is written and signed by a player or
 * the team captain; the referee (or the operator of that table) keys it on the captain's behalf
 * with their own token, and names the captain here. The actor in the log is the token's holder.
 */
export const FileAppealRequestSchema = z.object({
  /** Optional client id, so a retry after a lost answer is recognised (409 when it exists). */
  appealId: idSchema.optional(),
  handNumber: z.int().min(1),
  /** Revisions in the match stream the appeal disputes; the server pins each one's hash. */
  disputedRevisions: z.array(z.int().min(0)).min(1).max(20),
  statement: z.string().trim().min(1).max(4000),
  language: z.enum(['zh-CN', 'en']).default('zh-CN'),
  appellant: z.object({
    /** A side of the match's game (Guandan `NS`/`EW`), checked against the match once it is read. */
    team: z.string().trim().min(1).max(16),
    captain: z.string().trim().min(1).max(100),
  }),
  /** GD-APL-1: the fee paid with the appeal, in yuan. */
  fee: z.object({ amount: z.int().min(0) }),
});
export type FileAppealRequest = z.infer<typeof FileAppealRequestSchema>;
