import { faceOfCard, type CardId } from '@tablecast/cards/view';
import { describe, expect, it } from 'vitest';
import { cardLook, sortForHand } from './card-look';

describe('cardLook', () => {
  it('marks red suits, the level cards and the heart level card as the wildcard (GD-WILD-1)', () => {
    expect(cardLook('HT', '7')).toMatchObject({ rankLabel: '10', suit: 'H', red: true, levelCard: false });
    expect(cardLook('S7', '7')).toMatchObject({ red: false, levelCard: true, wildcard: false });
    expect(cardLook('H7', '7')).toMatchObject({ red: true, levelCard: true, wildcard: true });
    expect(cardLook('H7', null)).toMatchObject({ levelCard: false, wildcard: false });
  });

  it('draws the big joker red and the small joker black', () => {
    expect(cardLook('RJ', '2')).toMatchObject({ joker: 'RJ', red: true, suit: null, levelCard: false });
    expect(cardLook('BJ', '2')).toMatchObject({ joker: 'BJ', red: false });
  });
});

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
