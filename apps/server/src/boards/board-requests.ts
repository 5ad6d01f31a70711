import { z } from 'zod';

/**
 * A set of duplicate boards for a game (the organiser's or referee's): how many boards, and the
 * tables that play them. Declared tables make every board wait for all of them: its deal is
 * revealed once each has ended it, its hands held on the broadcast until the last is dealt it
 * (DEC-DDZ-5, DEC-B2-5), and no other table may be dealt it. A set without them reveals a board
 * once every table dealt it so far has ended it.
 */
export const CreateBoardsSchema = z.object({
  game: z.string().min(1),
  boards: z.number().int().min(1).max(100),
  tables: z
    .array(z.string().min(1).max(64))
    .min(1)
    .max(64)
    .refine((tables) => new Set(tables).size === tables.length, { message: 'a table is declared twice' })
    .optional(),
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
  /** The tables the set declares; absent when it declares none. */
  readonly tables?: readonly string[];
  readonly boards: readonly PublicBoard[];
}
