import { isCardId } from '@tablecast/cards/view';
import { faceOf } from '../on-air/labels';

const SUIT: Readonly<Record<string, string>> = { S: '♠', H: '♥', C: '♣', D: '♦' };

/** A card as short text for the deal story and screen readers: ♥5, ♠10, 大王/big joker. */
export function cardText(card: string, jokers: { small: string; big: string }): string {
  if (!isCardId(card)) return card;
  const face = faceOf(card);
  if (face === 'BJ') return jokers.small;
  if (face === 'RJ') return jokers.big;
  const rank = face.slice(1);
  return `${SUIT[face.slice(0, 1)] ?? ''}${rank === 'T' ? '10' : rank}`;
}
