import { faceOfCard, isJoker, rankIndex, rankOf, type CardId, type Rank } from '@tablecast/cards';
import { rankPower } from '../combos/order';

/** GD-RANK-1 power of one physical card at `level`. */
export function cardPower(card: CardId, level: Rank): number {
  const face = faceOfCard(card);
  return rankPower(isJoker(face) ? face : rankOf(face), level);
}

export function isWildcard(card: CardId, level: Rank): boolean {
  return faceOfCard(card) === `H${level}`;
}

/** Face value for the return-tribute limit (DEC-GD-8): 2…10 as printed, J=11 … A=14, jokers above. */
export function faceValue(card: CardId): number {
  const face = faceOfCard(card);
  if (isJoker(face)) return face === 'BJ' ? 15 : 16;
  return rankIndex(rankOf(face)) + 2;
}
