import type { DuplicateBoards } from '@tablecast/game-kit';

/** A table the board was dealt at, and when (null for a deal recorded before times were kept). */
export interface DealtTable {
  readonly matchId: string;
  readonly table: string;
  readonly dealtAt: number | null;
}

/**
 * One board of a duplicate set: its seed and salt stay on the server (boards.sqlite) until every
 * table that was dealt it has played it; its commitment is public from the start.
 */
export interface SealedBoard {
  readonly id: string;
  readonly set: string;
  readonly game: string;
  readonly number: number;
  readonly seed: string;
  readonly salt: string;
  /** The commitment to the board's first deal: every table dealt the board publishes this one. */
  readonly commitment: string;
  /** The tables it was dealt at, in the order they were dealt it. */
  readonly tables: readonly DealtTable[];
  /** The tables its set declares (the board is played at all of them); null for a set that declared none. */
  readonly declared: readonly string[] | null;
}

/** The first deal's order of a board: what its commitment commits to. */
export function sealedOrder(board: Pick<SealedBoard, 'seed'>, duplicate: DuplicateBoards): readonly string[] {
  return duplicate.order(board.seed);
}

export function sealBoard(
  duplicate: DuplicateBoards,
  board: Omit<SealedBoard, 'commitment' | 'tables'>,
): SealedBoard {
  return { ...board, commitment: duplicate.commitment(duplicate.order(board.seed), board.salt), tables: [] };
}
