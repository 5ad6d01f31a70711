import type { Face } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import { readCombo as read } from '../testing/read-combo';
import { classify } from './classify';

describe('classify: GD-WILD-4 worked examples (level 2, wildcard ♥2)', () => {
  it('GD-WILD-4 #1: ♣8 + ♥2 is a pair of 8s', () => {
    expect(read('C8 H2', '2')).toEqual([{ type: 'pair', rank: '8', length: 2 }]);
  });

  it('GD-WILD-4 #2: KK66 + ♥2 reads KKK+66 or 666+KK (declaration needed, GD-WILD-5)', () => {
    expect(read('SK DK S6 C6 H2', '2')).toEqual([
      { type: 'fullHouse', rank: '6', length: 5 },
      { type: 'fullHouse', rank: 'K', length: 5 },
    ]);
  });

  it('GD-WILD-4 #3: 666 + ♥2 is a bomb of four 6s', () => {
    expect(read('S6 C6 D6 H2', '2')).toEqual([{ type: 'bomb', rank: '6', length: 4 }]);
  });

  it('GD-WILD-4 #4: 55677 + ♥2 and 55667 + ♥2 are three consecutive pairs 556677', () => {
    const expected = [{ type: 'pairSequence', rank: '7', length: 6 }];
    expect(read('S5 C5 D6 S7 C7 H2', '2')).toEqual(expected);
    expect(read('S5 C5 D6 S6 C7 H2', '2')).toEqual(expected);
  });

  it('GD-WILD-4 #5: 4568 + ♥2 (mixed suits) is the straight 4-8', () => {
    expect(read('S4 C5 D6 S8 H2', '2')).toEqual([{ type: 'straight', rank: '8', length: 5 }]);
  });

  it('GD-WILD-4 #5b: 4567 + ♥2 is 3-7 or 4-8 (an end: declaration needed)', () => {
    expect(read('S4 C5 D6 S7 H2', '2')).toEqual([
      { type: 'straight', rank: '7', length: 5 },
      { type: 'straight', rank: '8', length: 5 },
    ]);
  });

  it('GD-WILD-4 #6, GD-WILD-1 (a wildcard takes any suit): ♦7 ♦8 ♦9 ♦J + ♥2 is the straight flush ♦7-J (or, declared, a plain straight: DEC-GD-4)', () => {
    expect(read('D7 D8 D9 DJ H2', '2')).toEqual([
      { type: 'straightFlush', rank: 'J', length: 5, suit: 'D' },
      { type: 'straight', rank: 'J', length: 5 },
    ]);
  });

  it('GD-WILD-4 #6b: ♦7 ♦8 ♦9 ♦T + ♥2 is ♦6-T or ♦7-J', () => {
    const types = read('D7 D8 D9 DT H2', '2').filter((r) => r.type === 'straightFlush');
    expect(types.map((r) => r.rank)).toEqual(['T', 'J']);
  });

  it('GD-WILD-4 #7: 33344 + ♥2 and 33444 + ♥2 are two consecutive triples 333444', () => {
    const expected = [{ type: 'tripleSequence', rank: '4', length: 6 }];
    expect(read('S3 C3 D3 S4 C4 H2', '2')).toEqual(expected);
    expect(read('S3 C3 S4 C4 D4 H2', '2')).toEqual(expected);
  });

  it('GD-WILD-4 (004 example, level 10): 2 3 4 6 + ♥10 is the straight 2-6', () => {
    expect(read('S2 C3 D4 S6 HT', 'T')).toEqual([{ type: 'straight', rank: '6', length: 5 }]);
  });

  it('GD-WILD-5: two wildcards with 7788 read as 667788, 778899 or 777888', () => {
    expect(read('S7 C7 S8 C8 H2 H2', '2')).toEqual([
      { type: 'pairSequence', rank: '8', length: 6 },
      { type: 'pairSequence', rank: '9', length: 6 },
      { type: 'tripleSequence', rank: '8', length: 6 },
    ]);
  });
});

describe('classify: combinations (GD-COMBO-*)', () => {
  it('GD-COMBO-1, GD-COMBO-2, GD-COMBO-4: single, pair, triple of one rank; suits free', () => {
    expect(read('SQ', '2')).toEqual([{ type: 'single', rank: 'Q', length: 1 }]);
    expect(read('SQ DQ', '2')).toEqual([{ type: 'pair', rank: 'Q', length: 2 }]);
    expect(read('S6 D6 H6', '2')).toEqual([{ type: 'triple', rank: '6', length: 3 }]);
  });

  it('GD-RANK-3: two identical jokers pair; a small and a big joker do not', () => {
    expect(read('BJ BJ', '2')).toEqual([{ type: 'pair', rank: 'BJ', length: 2 }]);
    expect(read('BJ RJ', '2')).toEqual([]);
  });

  it('GD-COMBO-3: KK AA 22 is never three consecutive pairs; AA2233 and QQKKAA are', () => {
    expect(read('SK DK SA DA S2 D2', '2')).toEqual([]);
    expect(read('SK DK SA DA S2 D2', '5')).toEqual([]);
    expect(read('SA DA S2 D2 S3 D3', '2')).toEqual([{ type: 'pairSequence', rank: '3', length: 6 }]);
    expect(read('SQ DQ SK DK SA DA', '2')).toEqual([{ type: 'pairSequence', rank: 'A', length: 6 }]);
    expect(read('S3 D3 S4 D4', '2')).toEqual([]);
    expect(read('S3 D3 S4 D4 S5 D5 S6 D6', '2')).toEqual([]);
  });

  it('GD-COMBO-5: 222333 is two consecutive triples even at level 2; three triples are not', () => {
    expect(read('S2 D2 C2 S3 D3 C3', '2')).toEqual([{ type: 'tripleSequence', rank: '3', length: 6 }]);
    expect(read('SA DA CA S2 D2 C2', '9')).toEqual([{ type: 'tripleSequence', rank: '2', length: 6 }]);
    expect(read('SK DK CK SA DA CA', '9')).toEqual([{ type: 'tripleSequence', rank: 'A', length: 6 }]);
    expect(read('SJ DJ CJ SQ DQ CQ SK DK CK', '9')).toEqual([]);
  });

  it('GD-COMBO-6, DEC-GD-6: a full house takes a triple and a pair; identical jokers may be the pair; five of a rank is a bomb', () => {
    expect(read('S9 D9 C9 SJ DJ', '2')).toEqual([{ type: 'fullHouse', rank: '9', length: 5 }]);
    expect(read('S9 D9 C9 RJ RJ', '2')).toEqual([{ type: 'fullHouse', rank: '9', length: 5 }]);
    expect(read('S9 D9 C9 BJ RJ', '2')).toEqual([]);
    expect(read('S9 D9 C9 SJ DQ', '2')).toEqual([]);
    expect(read('S9 D9 C9 S9 D9', '2')).toEqual([{ type: 'bomb', rank: '9', length: 5 }]);
  });

  it('GD-COMBO-7: A2345 and TJQKA are straights; JQKA2 is not, even when 2 is the level', () => {
    expect(read('SA D2 C3 S4 D5', '9')).toEqual([{ type: 'straight', rank: '5', length: 5 }]);
    expect(read('ST DJ CQ SK DA', '9')).toEqual([{ type: 'straight', rank: 'A', length: 5 }]);
    expect(read('SJ DQ CK SA D2', '2')).toEqual([]);
    expect(read('S3 D4 C5 S6 D7 C8', '2')).toEqual([]);
  });

  it('GD-COMBO-8, DEC-GD-7: bombs of 4 to 10 cards (eight naturals + two wildcards); 004 caps at 8', () => {
    const ten = 'S9 S9 H9 H9 C9 C9 D9 D9 H2 H2';
    expect(read(ten, '2')).toEqual([{ type: 'bomb', rank: '9', length: 10 }]);
    expect(read(ten, '2', 8)).toEqual([]);
    expect(read('S9 S9 H9 H9', '2')).toEqual([{ type: 'bomb', rank: '9', length: 4 }]);
  });

  it('GD-COMBO-9: five same-suit consecutive cards are a straight flush (A low or high)', () => {
    expect(read('HA H2 H3 H4 H5', '9')[0]).toEqual({
      type: 'straightFlush',
      rank: '5',
      length: 5,
      suit: 'H',
    });
    expect(read('ST SJ SQ SK SA', '9')[0]).toEqual({
      type: 'straightFlush',
      rank: 'A',
      length: 5,
      suit: 'S',
    });
  });

  it('Q-SF, DEC-GD-4: without the plain-straight option a same-suit run reads only as a straight flush', () => {
    const cards = 'S3 S4 S5 S6 S7'.split(' ') as Face[];
    expect(classify(cards, '9', { maxBombLength: 10, sameSuitRunMayBeStraight: false })).toEqual([
      { type: 'straightFlush', rank: '7', length: 5, suit: 'S' },
    ]);
  });

  it('GD-COMBO-10, GD-WILD-2: four jokers are natural only; a wildcard cannot stand for a joker', () => {
    expect(read('BJ BJ RJ RJ', '2')).toEqual([{ type: 'fourJokers', length: 4 }]);
    expect(read('BJ BJ RJ H2', '2')).toEqual([]);
    expect(read('RJ H2', '2')).toEqual([]);
  });

  it('GD-COMBO-11: nothing else is a combination (triple with a single, sequences with jokers)', () => {
    expect(read('S9 D9 C9 SJ', '2')).toEqual([]);
    expect(read('S3 D4 C5 S6 BJ', '2')).toEqual([]);
  });

  it('GD-RANK-2: a level card in its natural place in a straight; a wildcard at either end', () => {
    expect(read('S6 D7 C8 S9 DT', '8')).toEqual([{ type: 'straight', rank: 'T', length: 5 }]);
    expect(read('H8 D7 C6 S5 D4', '8').map((r) => r.rank)).toEqual(['7', '8']);
    expect(read('H8 D3 C4 S5 D6', '8').map((r) => r.rank)).toEqual(['6', '7']);
    expect(read('H8 SJ SQ SK SA', '8')).toEqual([
      { type: 'straightFlush', rank: 'A', length: 5, suit: 'S' },
      { type: 'straight', rank: 'A', length: 5 },
    ]);
  });

  it('GD-WILD-3: wildcards alone are the level card', () => {
    expect(read('H7', '7')).toEqual([{ type: 'single', rank: '7', length: 1 }]);
    expect(read('H7 H7', '7')).toEqual([{ type: 'pair', rank: '7', length: 2 }]);
  });

  it('GD-WILD-5, DEC-GD-6: a natural triple with both wildcards is a 5-bomb or a full house (the wildcards a pair of another rank)', () => {
    expect(read('S7 D7 C7 H7 H7', '7')).toEqual([
      { type: 'bomb', rank: '7', length: 5 },
      { type: 'fullHouse', rank: '7', length: 5 },
    ]);
  });
});
