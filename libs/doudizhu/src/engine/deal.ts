import { deckCommitment, seededShuffle, singleDeck, type Face } from '@tablecast/cards';

/** DDZ-DEAL-1: card `i` < 51 goes to seat `i mod 3`, 17 each; the last three are the kitty. */
export function dealOut(order: readonly Face[]): { hands: [Face[], Face[], Face[]]; kitty: Face[] } {
  const hands: [Face[], Face[], Face[]] = [[], [], []];
  for (let i = 0; i < 51; i += 1) {
    const card = order[i];
    if (card !== undefined) hands[i % 3]?.push(card);
  }
  return { hands, kitty: order.slice(51) };
}

/**
 * The order of the board's `redeal`-th deal. Redeals (DEC-DDZ-1) are derived from the board's seed
 * (or, for an entered order, its salt, unpublished until the board ends), so every duplicate table
 * that passes the board out gets the same redeal.
 */
export function boardOrder(seed: string, redeal: number): Face[] {
  return seededShuffle(singleDeck(), redeal === 0 ? seed : `${seed}#redeal-${String(redeal)}`);
}

/** The public commitment to a deal: every table playing the board publishes the same one. */
export function dealCommitment(order: readonly Face[], salt: string): string {
  return deckCommitment(order, salt);
}
