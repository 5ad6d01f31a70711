import type { Rank } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import { cardPower } from '../engine/cards-power';
import type { Reading } from '../model/reading';
import { readCombo as read } from '../testing/read-combo';
import { beats } from './compare';

/** The digest's worked examples that the other specs do not already spell out, one test each. */

const top = (cards: string, level: Rank = '9'): Reading => {
  const [reading] = read(cards, level);
  if (reading === undefined) throw new Error(`${cards} is not a combination`);
  return reading;
};

function ascending(chain: readonly string[], level: Rank): void {
  for (let i = 0; i + 1 < chain.length; i += 1) {
    const lower = top(chain[i] ?? '', level);
    const higher = top(chain[i + 1] ?? '', level);
    expect(beats(higher, lower, level), `${chain[i + 1]} > ${chain[i]}`).toBe(true);
    expect(beats(lower, higher, level)).toBe(false);
  }
}

describe('worked examples of the digest (GD-COMBO-*, GD-CMP-*, GD-TRIB-2)', () => {
  it('GD-COMBO-3 examples: 223344 and 778899 are three consecutive pairs; 3344, 7788, AA223344 and JJQQKKAA are not', () => {
    expect(read('S2 D2 S3 D3 S4 D4', '9')).toEqual([{ type: 'pairSequence', rank: '4', length: 6 }]);
    expect(read('S7 D7 S8 D8 S9 D9', '2')).toEqual([{ type: 'pairSequence', rank: '9', length: 6 }]);
    for (const not of ['S3 D3 S4 D4', 'S7 D7 S8 D8', 'SA DA S2 D2 S3 D3 S4 D4', 'SJ DJ SQ DQ SK DK SA DA']) {
      expect(read(not, '9'), not).toEqual([]);
    }
    expect(read('SA DA S2 D2 S3 D3', '2')).toEqual([{ type: 'pairSequence', rank: '3', length: 6 }]);
  });

  it('GD-COMBO-5 examples: 333444 and 888999 are two consecutive triples; JJJQQQKKK is not', () => {
    expect(read('S3 D3 C3 S4 D4 C4', '2')).toEqual([{ type: 'tripleSequence', rank: '4', length: 6 }]);
    expect(read('S8 D8 C8 S9 D9 C9', '2')).toEqual([{ type: 'tripleSequence', rank: '9', length: 6 }]);
    expect(read('SJ DJ CJ SQ DQ CQ SK DK CK', '2')).toEqual([]);
  });

  it('GD-COMBO-7 examples: 3-4-5-6-7 and 8-9-10-J-Q with free suits are straights', () => {
    expect(read('S3 D4 C5 S6 H7', '2')).toEqual([{ type: 'straight', rank: '7', length: 5 }]);
    expect(read('S8 D9 CT SJ HQ', '2')).toEqual([{ type: 'straight', rank: 'Q', length: 5 }]);
  });

  it('GD-COMBO-8 examples: 4444, JJJJJ and 777777 are bombs of 4, 5 and 6', () => {
    expect(read('S4 D4 C4 H4', '2')).toEqual([{ type: 'bomb', rank: '4', length: 4 }]);
    expect(read('SJ DJ CJ HJ SJ', '2')).toEqual([{ type: 'bomb', rank: 'J', length: 5 }]);
    expect(read('S7 D7 C7 H7 S7 D7', '2')).toEqual([{ type: 'bomb', rank: '7', length: 6 }]);
  });

  it('GD-COMBO-9 example: ♥3-4-5-6-7 is a straight flush (♠10-J-Q-K-A is in classify.spec)', () => {
    expect(read('H3 H4 H5 H6 H7', '9')[0]).toEqual({
      type: 'straightFlush',
      rank: '7',
      length: 5,
      suit: 'H',
    });
  });

  it('GD-CMP-2 examples: A2345 < 23456 < … < 10JQKA; AA2233 < 223344 < … < QQKKAA; AAA222 < 222333 < … < KKKAAA', () => {
    ascending(['SA D2 C3 S4 D5', 'S2 D3 C4 S5 D6', 'S9 DT CJ SQ DK', 'ST DJ CQ SK DA'], '7');
    ascending(['SA DA S2 D2 S3 D3', 'S2 D2 S3 D3 S4 D4', 'SJ DJ SQ DQ SK DK', 'SQ DQ SK DK SA DA'], '7');
    ascending(['SA DA CA S2 D2 C2', 'S2 D2 C2 S3 D3 C3', 'SK DK CK SA DA CA'], '7');
  });

  it('GD-CMP-2 example: a full house compares only its triple (999+22 beats 888+AA)', () => {
    expect(beats(top('S9 D9 C9 S2 D2', '5'), top('S8 D8 C8 SA DA', '5'), '5')).toBe(true);
  });

  it('GD-CMP-8 example ladder: 4-bomb < 5-bomb < straight flush < 6-bomb < … < 10-bomb < four jokers', () => {
    ascending(
      [
        'SA DA CA HA',
        'S3 D3 C3 H3 S3',
        'SA DA CA HA SA',
        'D2 D3 D4 D5 D6',
        'ST SJ SQ SK SA',
        'S3 D3 C3 H3 S3 D3',
        'S3 D3 C3 H3 S3 D3 C3',
        'S3 D3 C3 H3 S3 D3 C3 H3',
        'S3 D3 C3 H3 S3 D3 C3 H3 H9',
        'S3 D3 C3 H3 S3 D3 C3 H3 H9 H9',
        'BJ BJ RJ RJ',
      ],
      '9',
    );
  });

  it('GD-TRIB-2 example: the highest card is a big joker if held, else a small joker, else a non-heart level card, else an A', () => {
    const order = ['RJa', 'BJa', 'S7a', 'SAa', 'SKa'] as const;
    for (let i = 0; i + 1 < order.length; i += 1) {
      expect(cardPower(order[i] ?? 'RJa', '7')).toBeGreaterThan(cardPower(order[i + 1] ?? 'RJa', '7'));
    }
  });
});
