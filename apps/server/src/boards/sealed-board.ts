import { boardOrder, dealCommitment } from '@tablecast/doudizhu';
import type { Face } from '@tablecast/cards';

/** A table the board was dealt at. */
export interface DealtTable {
  readonly matchId: string;
  readonly table: string;
}

/**
 * One board of a duplicate set (DDZ-GEN-1): its seed and salt stay on the server (boards.sqlite)
 * until every table that was dealt it has played it; its commitment is public from the start.
 */
export interface SealedBoard {
  readonly id: string;
  readonly game: string;
  readonly number: number;
  readonly seed: string;
  readonly salt: string;
  /** The commitment to the board's first deal: every table dealt the board publishes this one. */
  readonly commitment: string;
  /** The tables it was dealt at, in the order they were dealt it. */
  readonly tables: readonly DealtTable[];
}

/** The first deal's order of a board: what its commitment commits to. */
export function sealedOrder(board: Pick<SealedBoard, 'seed'>): Face[] {
  return boardOrder(board.seed, 0);
}

export function sealBoard(id: string, game: string, number: number, seed: string, salt: string): SealedBoard {
  return { id, game, number, seed, salt, commitment: dealCommitment(boardOrder(seed, 0), salt), tables: [] };
}
