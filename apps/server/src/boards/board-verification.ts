import type { DealAudit, DuplicateBoards } from '@tablecast/game-kit';

/** A table's record of the board: its first deal's commitment (null if none) and every deal's audit. */
export interface TableCommitment {
  readonly matchId: string;
  readonly table: string;
  readonly committed: string | null;
  /** Each deal of the board at the table (DeckCommitted, and its DeckRevealed checked against it). */
  readonly deals: readonly DealAudit[];
}

export interface BoardVerification {
  readonly board: string;
  /** The set's game: its module's commitment is the hash a viewer computes again. */
  readonly game: string;
  readonly commitment: string;
  /** The first deal's order and salt as the tables' logs reveal them; null before any table has. */
  readonly revealed: { readonly order: readonly string[]; readonly salt: string } | null;
  /** Whether sha256(order + salt) is the board's commitment; null until revealed. */
  readonly orderMatches: boolean | null;
  /** Per table: `matches` its first deal's commitment is the board's; `revealed` every deal is revealed and hashes to its commitment. */
  readonly tables: readonly (TableCommitment & { readonly matches: boolean; readonly revealed: boolean })[];
  /** Revealed, the order matches the commitment, and every table published it and revealed every deal it committed. */
  readonly verified: boolean;
}

/**
 * What a viewer checks of a duplicate board: every table's DeckCommitted is the board's one
 * commitment; once revealed, the order and salt hash to it (by the game's `commitment`); and every
 * deal a table committed to (redeals too) is revealed there with an order and salt that hash to
 * its commitment. A table dealt other cards, or an order altered after the fact, fails.
 */
export function verifyBoard(
  board: { readonly id: string; readonly game: string; readonly commitment: string },
  tables: readonly TableCommitment[],
  game: Pick<DuplicateBoards, 'commitment'>,
): BoardVerification {
  const checked = tables.map((t) => ({
    ...t,
    matches: t.committed === board.commitment,
    revealed: t.deals.length > 0 && t.deals.every((d) => d.matches === true),
  }));
  const first = tables.flatMap((t) => t.deals).find((d) => d.redeal === 0 && d.revealed !== null);
  const revealed = first?.revealed ?? null;
  const orderMatches =
    revealed === null ? null : game.commitment(revealed.order, revealed.salt) === board.commitment;
  return {
    board: board.id,
    game: board.game,
    commitment: board.commitment,
    revealed,
    orderMatches,
    tables: checked,
    verified: orderMatches === true && checked.length > 0 && checked.every((t) => t.matches && t.revealed),
  };
}
