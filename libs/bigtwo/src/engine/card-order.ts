import type { Face } from '@tablecast/cards';

const RANK_ORDER = '3456789TJQKA2';
const SUIT_ORDER = 'DCHS';

/** B2-CMP-1/2: a single card's strength: rank 3 low … 2 high, then ♦ < ♣ < ♥ < ♠. */
export function singleValue(face: Face): number {
  return RANK_ORDER.indexOf(face[1] ?? '') * 4 + SUIT_ORDER.indexOf(face[0] ?? '');
}

/** The highest single in a hand (B2-PLAY-7), or null for an empty hand. */
export function highestSingle(hand: readonly Face[]): Face | null {
  let best: Face | null = null;
  for (const card of hand) if (best === null || singleValue(card) > singleValue(best)) best = card;
  return best;
}

/** The lowest single in a hand (a play clock's lead), or null for an empty hand. */
export function lowestSingle(hand: readonly Face[]): Face | null {
  let best: Face | null = null;
  for (const card of hand) if (best === null || singleValue(card) < singleValue(best)) best = card;
  return best;
}
