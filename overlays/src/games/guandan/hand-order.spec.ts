import { faceOfCard, type CardId } from '@tablecast/cards/view';
import { describe, expect, it } from 'vitest';
import { levelOfDeal, sortForHand } from './hand-order';

describe('sortForHand', () => {
  it('sorts strongest first: jokers, wildcards, other level cards, then A down to 2 (GD-RANK-1)', () => {
    const hand: CardId[] = ['S2a', 'H5a', 'DAa', 'BJa', 'S5b', 'RJb', 'C9a', 'HAa', 'D5a', 'S3a'];
    expect(sortForHand(hand, '5', faceOfCard)).toEqual([
      'RJb',
      'BJa',
      'H5a',
      'S5b',
      'D5a',
      'HAa',
      'DAa',
      'C9a',
      'S3a',
      'S2a',
    ]);
  });

  it('puts the two copies of a face in copy order, whatever order they came in', () => {
    const hand: CardId[] = ['D9b', 'S9b', 'D9a', 'S9a', 'RJb', 'RJa'];
    expect(sortForHand(hand, '5', faceOfCard)).toEqual(['RJa', 'RJb', 'S9a', 'S9b', 'D9a', 'D9b']);
    expect(sortForHand([...hand].reverse(), '5', faceOfCard)).toEqual([
      'RJa',
      'RJb',
      'S9a',
      'S9b',
      'D9a',
      'D9b',
    ]);
  });
});

describe('levelOfDeal (GD-LVL-3)', () => {
  it('is the rank the deal is played at, and null between deals', () => {
    expect(levelOfDeal({ hand: { level: 'T' } })).toBe('T');
    expect(levelOfDeal({ hand: null })).toBeNull();
    expect(levelOfDeal({ hand: { level: 'X' } })).toBeNull();
  });
});
