import { describe, expect, it } from 'vitest';
import { duplicateOfGame } from './board-games';
import { verifyBoard as verifyWith, type TableCommitment } from './board-verification';
import { sealBoard, sealedOrder } from './sealed-board';

const duplicate = duplicateOfGame('doudizhu');
const sealed = (id: string, number: number, seed: string, salt: string) =>
  sealBoard(duplicate, { id, set: 'boards_x', game: 'doudizhu', number, seed, salt, declared: null });
const board = sealed('boards_x-1', 1, 'a-board-seed', 'a-board-salt');
const order = sealedOrder(board, duplicate);
const dealCommitment = (deal: readonly string[], salt: string): string => duplicate.commitment(deal, salt);
const auditBoardDeals = (events: readonly { type: string; data: unknown }[], number: number) =>
  duplicate.audit(events, number);
const verifyBoard = (b: typeof board, tables: readonly TableCommitment[]) => verifyWith(b, tables, duplicate);

/** A table's log of the board: its DeckCommitted, and its DeckRevealed if `revealed` is given. */
function tableAt(
  table: string,
  commitment: string,
  revealed: { order: readonly string[]; salt: string } | null,
): TableCommitment {
  const events = [
    { type: 'DeckCommitted', data: { board: 1, redeal: 0, commitment } },
    ...(revealed === null ? [] : [{ type: 'DeckRevealed', data: { board: 1, redeal: 0, ...revealed } }]),
  ];
  return { matchId: `m_${table}`, table, committed: commitment, deals: auditBoardDeals(events, 1) };
}

const revealedAll = ['t1', 't2', 't3'].map((t) => tableAt(t, board.commitment, { order, salt: board.salt }));

describe('verifying a duplicate board from its tables’ logs', () => {
  it('DDZ-GEN-1: the revealed order and salt hash to the one commitment every table published', () => {
    expect(dealCommitment(order, board.salt)).toBe(board.commitment);
    const verified = verifyBoard(board, revealedAll);
    expect(verified).toMatchObject({ orderMatches: true, verified: true, revealed: { salt: board.salt } });
    // The record names its game, so a viewer (tablecast verify-board --server) hashes by that module.
    expect(verified.game).toBe('doudizhu');
    expect(verified.tables.map((t) => [t.matches, t.revealed])).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
  });

  it('DDZ-GEN-1: a tampered order fails, so does another salt, and a table that published another commitment', () => {
    const tampered = [order[1], order[0], ...order.slice(2)].filter((c) => c !== undefined);
    const withTampered = [
      ...revealedAll.slice(0, 2),
      tableAt('t3', board.commitment, { order: tampered, salt: board.salt }),
    ];
    const verified = verifyBoard(board, withTampered);
    expect(verified.tables.map((t) => t.revealed)).toEqual([true, true, false]);
    expect(verified.verified).toBe(false);
    const salted = ['t1'].map((t) => tableAt(t, board.commitment, { order, salt: 'another salt' }));
    expect(verifyBoard(board, salted)).toMatchObject({ orderMatches: false, verified: false });
    const other = sealed('boards_x-2', 2, 'another-seed', 'a-board-salt');
    const dealtElse = [...revealedAll.slice(0, 2), tableAt('t3', other.commitment, null)];
    const checked = verifyBoard(board, dealtElse);
    expect(checked.tables.map((t) => t.matches)).toEqual([true, true, false]);
    expect(checked.verified).toBe(false);
  });

  it('before the reveal nothing is verified, though each table is checked against the commitment', () => {
    const sealed = [tableAt('t1', board.commitment, null), tableAt('t2', board.commitment, null)];
    const verified = verifyBoard(board, sealed);
    expect(verified).toMatchObject({ revealed: null, orderMatches: null, verified: false });
    expect(verified.tables.map((t) => [t.matches, t.revealed])).toEqual([
      [true, false],
      [true, false],
    ]);
    // Revealed at one table, not yet at the other: not verified.
    const partly = [tableAt('t1', board.commitment, { order, salt: board.salt }), ...sealed.slice(1)];
    expect(verifyBoard(board, partly)).toMatchObject({ orderMatches: true, verified: false });
    expect(verifyBoard(board, []).verified).toBe(false);
  });
});
