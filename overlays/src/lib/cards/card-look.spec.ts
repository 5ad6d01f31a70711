import { describe, expect, it } from 'vitest';
import { cardLook } from './card-look';

describe('cardLook', () => {
  it('marks red suits and writes 10 for T', () => {
    expect(cardLook('HT')).toMatchObject({ rankLabel: '10', suit: 'H', red: true, joker: null });
    expect(cardLook('S7')).toMatchObject({ rankLabel: '7', suit: 'S', red: false });
    expect(cardLook('D2')).toMatchObject({ red: true });
  });

  it('draws the big joker red and the small joker black', () => {
    expect(cardLook('RJ')).toMatchObject({ joker: 'RJ', red: true, suit: null, rankLabel: '' });
    expect(cardLook('BJ')).toMatchObject({ joker: 'BJ', red: false });
  });
});
