import { COMBO_TYPES, type ComboType, type Reading } from '@tablecast/guandan/view';
import { describe, expect, it } from 'vitest';
import { guandanOnAir } from './on-air-words';
import { comboName } from './labels';

/**
 * The words the audience reads for each combination, written out here rather than taken from the
 * catalogue: a changed or swapped label must fail this spec (glossary: 木板, 钢板, 四大天王).
 */
const ZH: Readonly<Record<Exclude<ComboType, 'bomb'>, string>> = {
  single: '单张',
  pair: '对子',
  triple: '三张',
  fullHouse: '三带对',
  straight: '顺子',
  pairSequence: '木板',
  tripleSequence: '钢板',
  straightFlush: '同花顺',
  fourJokers: '四大天王',
};
const EN: Readonly<Record<Exclude<ComboType, 'bomb'>, string>> = {
  single: 'Single',
  pair: 'Pair',
  triple: 'Triple',
  fullHouse: 'Full house',
  straight: 'Straight',
  pairSequence: 'Three pairs',
  tripleSequence: 'Two triples',
  straightFlush: 'Straight flush',
  fourJokers: 'Four jokers',
};

/** A reading of each type with its usual card count (the name depends on the type alone). */
const READINGS: Readonly<Record<Exclude<ComboType, 'bomb'>, Reading>> = {
  single: { type: 'single', rank: 'RJ', length: 1 },
  pair: { type: 'pair', rank: '7', length: 2 },
  triple: { type: 'triple', rank: 'Q', length: 3 },
  fullHouse: { type: 'fullHouse', rank: '9', length: 5 },
  straight: { type: 'straight', rank: '5', length: 5 },
  pairSequence: { type: 'pairSequence', rank: '4', length: 6 },
  tripleSequence: { type: 'tripleSequence', rank: 'K', length: 6 },
  straightFlush: { type: 'straightFlush', rank: 'A', length: 5, suit: 'H' },
  fourJokers: { type: 'fourJokers', length: 4 },
};

describe('comboName: the on-air label of each combination', () => {
  it('covers every combination type', () => {
    expect([...Object.keys(ZH), 'bomb'].sort()).toEqual([...COMBO_TYPES].sort());
  });

  it.each(Object.entries(READINGS))('names a %s in zh-CN and in English', (type, reading) => {
    const key = type as keyof typeof ZH;
    expect(comboName(reading, reading.length, guandanOnAir['zh-CN'])).toBe(ZH[key]);
    expect(comboName(reading, reading.length, guandanOnAir.en)).toBe(EN[key]);
  });

  it('names a bomb by its size, 4 to 10 cards (GD-CMP-5: more cards beat fewer)', () => {
    for (let cards = 4; cards <= 10; cards += 1) {
      const bomb: Reading = { type: 'bomb', rank: '8', length: cards };
      expect(comboName(bomb, cards, guandanOnAir['zh-CN'])).toBe(`${String(cards)}张炸弹`);
      expect(comboName(bomb, cards, guandanOnAir.en)).toBe(`${String(cards)}-card bomb`);
    }
  });
});
