import { z } from 'zod';

/**
 * A bot takes a seat of a match (DDZ-GEN-3): which match and seat (the game's seat id: `0`…`2` in
 * Dou Dizhu, `S` `E` `N` `W` in Big Two; a number is read as its digits), and its pace.
 */
export const SeatBotRequestSchema = z.object({
  matchId: z.string().min(1),
  seat: z.union([z.number().int().min(0), z.string().min(1).max(16)]),
  /** The pause before each of its moves (ms), so a person can follow the table. */
  paceMs: z.number().int().min(0).max(60_000).default(0),
  /** Seeds its choices, so a demo or a test can replay them; random when absent. */
  seed: z.string().min(1).max(128).optional(),
});
export type SeatBotRequest = z.infer<typeof SeatBotRequestSchema>;

export interface SeatedBot {
  readonly matchId: string;
  /** The seat as the request gave it: a number for `seat: 2`, the game's id for `seat: 'W'`. */
  readonly seat: string | number;
  readonly paceMs: number;
}
