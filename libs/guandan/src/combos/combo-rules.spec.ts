import { describe, expect, it } from 'vitest';
import { cga2017, house004 } from '../ruleset/ruleset';
import { readCombo as read } from '../testing/read-combo';

/** One test per rule: each names a single rule ID and checks that rule with its own cards. */
describe('combination rules one by one (GD-COMBO-*, GD-WILD-*)', () => {
  it('GD-COMBO-1: any one card is a single, jokers and the level card included', () => {
    expect(read('SA', '2')).toEqual([{ type: 'single', rank: 'A', length: 1 }]);
    expect(read('D3', '2')).toEqual([{ type: 'single', rank: '3', length: 1 }]);
    expect(read('BJ', '2')).toEqual([{ type: 'single', rank: 'BJ', length: 1 }]);
    expect(read('RJ', '2')).toEqual([{ type: 'single', rank: 'RJ', length: 1 }]);
    expect(read('C2', '2')).toEqual([{ type: 'single', rank: '2', length: 1 }]);
  });

  it('GD-COMBO-2: two cards of one rank are a pair whatever their suits; two different ranks are not', () => {
    expect(read('S9 D9', '2')).toEqual([{ type: 'pair', rank: '9', length: 2 }]);
    expect(read('C9 C9', '2')).toEqual([{ type: 'pair', rank: '9', length: 2 }]);
    expect(read('RJ RJ', '2')).toEqual([{ type: 'pair', rank: 'RJ', length: 2 }]);
    expect(read('S9 D8', '2')).toEqual([]);
    expect(read('BJ RJ', '2')).toEqual([]);
  });

  it('GD-COMBO-4: three cards of one rank are a triple; a third card of another rank breaks it', () => {
    expect(read('S6 H6 C6', '2')).toEqual([{ type: 'triple', rank: '6', length: 3 }]);
    expect(read('SK DK DK', '2')).toEqual([{ type: 'triple', rank: 'K', length: 3 }]);
    expect(read('S6 H6 C7', '2')).toEqual([]);
    expect(read('BJ BJ RJ', '2')).toEqual([]);
  });

  it('GD-COMBO-10: the two big and two small jokers together are four jokers; three jokers are nothing', () => {
    expect(read('BJ BJ RJ RJ', '7')).toEqual([{ type: 'fourJokers', length: 4 }]);
    expect(read('BJ BJ RJ', '7')).toEqual([]);
    expect(read('BJ RJ RJ', '7')).toEqual([]);
  });

  it('GD-WILD-1: the heart level card stands for a card of any suit, so it completes a spade straight flush; another level card does not', () => {
    const flushes = read('S7 S8 S9 ST H5', '5').filter((r) => r.type === 'straightFlush');
    expect(flushes).toEqual([
      { type: 'straightFlush', rank: 'T', length: 5, suit: 'S' },
      { type: 'straightFlush', rank: 'J', length: 5, suit: 'S' },
    ]);
    // ♣5 and ♦5 are level cards too, but not wildcards: 5 7 8 9 10 is no combination.
    expect(read('S7 S8 S9 ST C5', '5')).toEqual([]);
    expect(read('S7 S8 S9 ST D5', '5')).toEqual([]);
  });

  it('GD-WILD-2: a wildcard never stands for a joker: no four jokers and no joker pair with one', () => {
    expect(read('BJ BJ RJ H2', '2')).toEqual([]);
    expect(read('RJ H2', '2')).toEqual([]);
    expect(read('BJ H2', '2')).toEqual([]);
    // Beside a natural card of another rank it does stand in.
    expect(read('S6 H2', '2')).toEqual([{ type: 'pair', rank: '6', length: 2 }]);
  });

  it('DEC-GD-14: wildcards with no natural card read only as themselves; beside a natural card they stand in for its rank', () => {
    expect(read('H9', '9')).toEqual([{ type: 'single', rank: '9', length: 1 }]);
    expect(read('H9 H9', '9')).toEqual([{ type: 'pair', rank: '9', length: 2 }]);
    expect(read('H9 H9 SA', '9')).toEqual([{ type: 'triple', rank: 'A', length: 3 }]);
  });

  it('GD-VAR-004-13: house004 lists bombs up to 8 cards, so nine 9s (8 naturals and a wildcard) are no combination there', () => {
    const nine = 'S9 S9 H9 H9 C9 C9 D9 D9 H2';
    expect(house004.maxBombLength).toBe(8);
    expect(read(nine, '2', house004.maxBombLength)).toEqual([]);
    expect(read('S9 S9 H9 H9 C9 C9 D9 D9', '2', house004.maxBombLength)).toEqual([
      { type: 'bomb', rank: '9', length: 8 },
    ]);
    expect(read(nine, '2', cga2017.maxBombLength)).toEqual([{ type: 'bomb', rank: '9', length: 9 }]);
  });
});
