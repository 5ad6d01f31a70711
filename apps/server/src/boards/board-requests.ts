import { z } from 'zod';

/** A set of duplicate boards for a game (the organiser's or referee's): how many boards. */
export const CreateBoardsSchema = z.object({
  game: z.string().min(1),
  boards: z.number().int().min(1).max(100),
});
export type CreateBoards = z.infer<typeof CreateBoardsSchema>;

/** Deal a board at a table: the match there, and the revision its sender last saw (409 if stale). */
export const DealBoardRequestSchema = z.object({
  matchId: z.string().min(1),
  revision: z.number().int().min(0).optional(),
});
export type DealBoardRequest = z.infer<typeof DealBoardRequestSchema>;

/** The public face of a board: its id, its number in the set and its commitment. */
export interface PublicBoard {
  readonly id: string;
  readonly number: number;
  readonly commitment: string;
}

export interface BoardSetCreated {
  readonly set: string;
  readonly game: string;
  readonly boards: readonly PublicBoard[];
}
