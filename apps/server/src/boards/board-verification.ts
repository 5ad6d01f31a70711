import type { Face } from '@tablecast/cards';
import { dealCommitment } from '@tablecast/doudizhu';

/** A table's published commitment for the board's first deal (its DeckCommitted), or null if none. */
export interface TableCommitment {
  readonly matchId: string;
  readonly table: string;
  readonly committed: string | null;
}

export interface BoardVerification {
  readonly board: string;
  readonly commitment: string;
  /** The order and salt, once every table dealt the board has played it; null before. */
  readonly revealed: { readonly order: readonly Face[]; readonly salt: string } | null;
  /** Whether sha256(order + salt) is the commitment; null until revealed. */
  readonly orderMatches: boolean | null;
  readonly tables: readonly (TableCommitment & { readonly matches: boolean })[];
  /** Revealed, the order matches the commitment, and every table published that commitment. */
  readonly verified: boolean;
}

/**
 * What a viewer checks (DDZ-GEN-1, duplicate): every table's DeckCommitted is the board's one
 * commitment, and, once revealed, the order and salt hash to it. A table dealt other cards, or an
 * order altered after the fact, fails.
 */
export function verifyBoard(
  board: { readonly id: string; readonly commitment: string },
  revealed: { readonly order: readonly Face[]; readonly salt: string } | null,
  tables: readonly TableCommitment[],
): BoardVerification {
  const checked = tables.map((t) => ({ ...t, matches: t.committed === board.commitment }));
  const orderMatches =
    revealed === null ? null : dealCommitment(revealed.order, revealed.salt) === board.commitment;
  return {
    board: board.id,
    commitment: board.commitment,
    revealed,
    orderMatches,
    tables: checked,
    verified: orderMatches === true && checked.length > 0 && checked.every((t) => t.matches),
  };
}
