import { dealCommitment } from '@tablecast/doudizhu';
import { describe, expect, it } from 'vitest';
import { verifyBoard } from './board-verification';
import { sealBoard, sealedOrder } from './sealed-board';

describe('verifying a duplicate board', () => {
  const board = sealBoard('boards_x-1', 'doudizhu', 1, 'a-board-seed', 'a-board-salt');
  const tables = ['t1', 't2', 't3'].map((table) => ({
    matchId: `m_${table}`,
    table,
    committed: board.commitment,
  }));

  it('DDZ-GEN-1: the revealed order and salt hash to the one commitment every table published', () => {
    const order = sealedOrder(board);
    expect(dealCommitment(order, board.salt)).toBe(board.commitment);
    const verified = verifyBoard(board, { order, salt: board.salt }, tables);
    expect(verified).toMatchObject({ orderMatches: true, verified: true });
    expect(verified.tables.map((t) => t.matches)).toEqual([true, true, true]);
  });

  it('DDZ-GEN-1: a tampered order fails, and so does a table that published another commitment', () => {
    const order = sealedOrder(board);
    const tampered = [order[1], order[0], ...order.slice(2)].filter((c) => c !== undefined);
    expect(verifyBoard(board, { order: tampered, salt: board.salt }, tables)).toMatchObject({
      orderMatches: false,
      verified: false,
    });
    expect(verifyBoard(board, { order, salt: 'another salt' }, tables).verified).toBe(false);
    const other = sealBoard('boards_x-2', 'doudizhu', 2, 'another-seed', 'a-board-salt');
    const dealtElse = [...tables.slice(0, 2), { matchId: 'm_t3', table: 't3', committed: other.commitment }];
    const verified = verifyBoard(board, { order, salt: board.salt }, dealtElse);
    expect(verified.tables.map((t) => t.matches)).toEqual([true, true, false]);
    expect(verified.verified).toBe(false);
  });

  it('before the reveal nothing is verified, though each table is checked against the commitment', () => {
    const verified = verifyBoard(board, null, tables);
    expect(verified).toMatchObject({ revealed: null, orderMatches: null, verified: false });
    expect(verified.tables.every((t) => t.matches)).toBe(true);
    expect(verifyBoard(board, { order: sealedOrder(board), salt: board.salt }, []).verified).toBe(false);
  });
});
