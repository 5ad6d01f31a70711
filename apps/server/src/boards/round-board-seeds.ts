import { createHash, createHmac } from 'node:crypto';
import type { DuplicateBoards } from '@tablecast/game-kit';
import { sealBoard, type SealedBoard } from './sealed-board';

/** The public commitment to a set's seed (sha256, hex): recorded when the set is created, checked when it is released. */
export function seedCommitment(seed: string): string {
  return createHash('sha256').update(seed, 'utf8').digest('hex');
}

/**
 * Board `number`'s shuffle seed and commitment salt, each an HMAC-SHA256 of the set's seed: the one
 * seed re-derives every deal of the set, and no board's seed or salt tells anything of another's.
 */
export function boardSecrets(
  setSeed: string,
  number: number,
): { readonly seed: string; readonly salt: string } {
  const derive = (purpose: string): string =>
    createHmac('sha256', setSeed)
      .update(`${purpose}:${String(number)}`, 'utf8')
      .digest('hex');
  return { seed: derive('seed').slice(0, 32), salt: derive('salt') };
}

/** What a round's board set is made of: its id, game, boards, seed, and the tables it declares. */
export interface RoundSetRecipe {
  readonly set: string;
  readonly game: string;
  readonly boards: number;
  readonly seed: string;
  readonly declared: readonly string[];
}

/**
 * A round's board set (TRN-MP-1) as derived from its seed: boards 1…n, each sealed with the seed
 * and salt `boardSecrets` gives it, so the set's commitments can be re-derived and audited from the
 * seed alone once it is released.
 */
export function deriveRoundBoards(duplicate: DuplicateBoards, recipe: RoundSetRecipe): SealedBoard[] {
  return Array.from({ length: recipe.boards }, (_, i) =>
    sealBoard(duplicate, {
      id: `${recipe.set}-${String(i + 1)}`,
      set: recipe.set,
      game: recipe.game,
      number: i + 1,
      ...boardSecrets(recipe.seed, i + 1),
      declared: recipe.declared,
    }),
  );
}
