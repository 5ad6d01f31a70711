import { describe, expect, it } from 'vitest';
import {
  DDZ_RANKS,
  compareDdzFaces,
  ddzRank,
  ddzRankName,
  deckCommitment,
  seededShuffle,
  singleDeck,
  singleDeckProblem,
  verifyDeckCommitment,
  type Face,
} from './index';

describe('one-deck pack (DDZ-DEAL-1)', () => {
  it('has 54 distinct cards: 52 suited plus BJ and RJ', () => {
    const deck = singleDeck();
    expect(deck).toHaveLength(54);
    expect(new Set(deck).size).toBe(54);
    expect(deck.filter((face) => face === 'BJ' || face === 'RJ')).toEqual(['BJ', 'RJ']);
    expect(singleDeckProblem(deck)).toBeNull();
  });

  it('names what is wrong with a bad order', () => {
    expect(singleDeckProblem(singleDeck().slice(1))).toEqual({
      message: 'a one-deck order has 54 cards, got 53',
      messageZh: '牌序应有54张牌，实有53张',
    });
    expect(singleDeckProblem([...singleDeck().slice(1), 'RJ'])).toEqual({
      message: 'card listed twice: RJ',
      messageZh: '同一张牌出现两次：RJ',
    });
    expect(singleDeckProblem([...singleDeck().slice(1), 'S3a'])?.message).toBe('not a card: S3a');
  });

  it('shuffles and commits like the double deck', () => {
    const order = seededShuffle(singleDeck(), 'ddz-board-1');
    expect(singleDeckProblem(order)).toBeNull();
    expect(order).toEqual(seededShuffle(singleDeck(), 'ddz-board-1'));
    expect(verifyDeckCommitment(deckCommitment(order, 's'), order, 's')).toBe(true);
  });
});

describe('Dou Dizhu rank order (DDZ-CMP-2, DDZ-CMP-3)', () => {
  it('runs 3 < 4 < … < A < 2 < BJ < RJ, suits ignored', () => {
    const faces: Face[] = [
      'S3',
      'H4',
      'C5',
      'D6',
      'S7',
      'S8',
      'S9',
      'ST',
      'SJ',
      'SQ',
      'SK',
      'SA',
      'S2',
      'BJ',
      'RJ',
    ];
    expect(faces.map(ddzRank)).toEqual([...Array(15).keys()]);
    expect(faces.map((face) => ddzRankName(ddzRank(face)))).toEqual([...DDZ_RANKS]);
    expect(ddzRank('D2')).toBe(ddzRank('S2'));
    expect(ddzRank('HA')).toBeLessThan(ddzRank('C2'));
  });

  it('sorts a hand low to high', () => {
    const hand: Face[] = ['RJ', 'S2', 'HA', 'D3', 'BJ', 'S3'];
    expect([...hand].sort(compareDdzFaces)).toEqual(['S3', 'D3', 'HA', 'S2', 'BJ', 'RJ']);
    expect(() => ddzRankName(15)).toThrow(RangeError);
  });
});
