import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { duplicateOfGame } from './board-games';
import { boardSecrets, deriveRoundBoards, seedCommitment } from './round-board-seeds';

const recipe = (game: string, seed: string) => ({
  set: 'open.r1.g1',
  game,
  boards: 3,
  seed,
  declared: ['t1', 't2', 't3'],
});

describe('a round’s board set derived from its seed (TRN-MP-1)', () => {
  it.each(['doudizhu', 'bigtwo'])(
    'TRN-MP-1: %s boards 1…n re-derive from the seed alone: the same seed gives the same deals and commitments',
    (game) => {
      const duplicate = duplicateOfGame(game);
      const boards = deriveRoundBoards(duplicate, recipe(game, 'round-seed-1'));
      expect(boards.map((b) => [b.id, b.number, b.declared])).toEqual([
        ['open.r1.g1-1', 1, ['t1', 't2', 't3']],
        ['open.r1.g1-2', 2, ['t1', 't2', 't3']],
        ['open.r1.g1-3', 3, ['t1', 't2', 't3']],
      ]);
      // An auditor given the seed recomputes each board's deal and its public commitment.
      for (const board of boards) {
        const { seed, salt } = boardSecrets('round-seed-1', board.number);
        expect(board.commitment).toBe(duplicate.commitment(duplicate.order(seed), salt));
      }
      expect(deriveRoundBoards(duplicate, recipe(game, 'round-seed-1'))).toEqual(boards);
    },
  );

  it('TRN-MP-1: every board of the set is its own deal, and another seed deals other boards', () => {
    const duplicate = duplicateOfGame('doudizhu');
    const boards = deriveRoundBoards(duplicate, recipe('doudizhu', 'round-seed-1'));
    const orders = boards.map((b) => duplicate.order(b.seed).join(' '));
    expect(new Set(orders).size).toBe(3);
    expect(new Set(boards.map((b) => b.salt)).size).toBe(3);
    const other = deriveRoundBoards(duplicate, recipe('doudizhu', 'round-seed-2'));
    expect(other.map((b) => b.commitment)).not.toContain(boards[0]?.commitment);
  });

  it('the seed’s public commitment is its sha256, so the released seed can be checked against it', () => {
    expect(seedCommitment('round-seed-1')).toBe(createHash('sha256').update('round-seed-1').digest('hex'));
    expect(seedCommitment('round-seed-1')).not.toBe(seedCommitment('round-seed-2'));
  });
});
