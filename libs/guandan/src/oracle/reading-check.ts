import { topPositionOf } from '../combos/order';
import type { Reading } from '../model/reading';

/**
 * Whether a reading given by a client could be the reading of some play (GD-COMBO-*): the card
 * count fits the type, jokers only where they can appear, sequences' tops high enough, a suit only
 * for straight flushes. Returns the problem, or null.
 */
export function readingProblem(r: Reading, maxBombLength: number): string | null {
  const joker = r.rank === 'BJ' || r.rank === 'RJ';
  const needsSuit = r.type === 'straightFlush';
  if (needsSuit !== (r.suit !== undefined))
    return needsSuit ? 'a straight flush names its suit' : 'only straight flushes have a suit';
  if ((r.type === 'fourJokers') !== (r.rank === undefined)) return 'every reading but fourJokers has a rank';
  switch (r.type) {
    case 'single':
      return r.length === 1 ? null : 'a single has 1 card';
    case 'pair':
      return r.length === 2 ? null : 'a pair has 2 cards';
    case 'triple':
      return r.length === 3 && !joker ? null : 'a triple has 3 cards of a non-joker rank';
    case 'fullHouse':
      return r.length === 5 && !joker ? null : 'a full house has 5 cards and a non-joker triple';
    case 'bomb':
      return r.length >= 4 && r.length <= maxBombLength && !joker
        ? null
        : `a bomb has 4 to ${maxBombLength} cards of a non-joker rank`;
    case 'fourJokers':
      return r.length === 4 ? null : 'four jokers are 4 cards';
    case 'straight':
    case 'straightFlush':
      return sequence(r, 5, 5);
    case 'pairSequence':
      return sequence(r, 6, 3);
    case 'tripleSequence':
      return sequence(r, 6, 2);
    default:
      return unknownType(r.type);
  }
}

function sequence(r: Reading, length: number, width: number): string | null {
  if (r.length !== length) return `a ${r.type} has ${length} cards`;
  if (r.rank === undefined || r.rank === 'BJ' || r.rank === 'RJ') return 'sequences cannot hold jokers';
  return topPositionOf(r.rank) >= width - 1 ? null : `no ${r.type} has its top at ${r.rank}`;
}

function unknownType(type: never): string {
  return `unknown type ${String(type)}`;
}
