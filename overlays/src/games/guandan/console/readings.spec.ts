import type { MatchState } from '@tablecast/guandan/view';
import { describe, expect, it } from 'vitest';
import { declarableReadings, describeReading } from './readings';
import { findState, playoutStates } from './testing/states';

describe('describeReading', () => {
  it('names combos in Chinese by default and in English on request', () => {
    expect(describeReading({ type: 'pair', rank: 'K', length: 2 }, 'zh-CN')).toBe('对子 K');
    expect(describeReading({ type: 'single', rank: 'RJ', length: 1 }, 'zh-CN')).toBe('单张 大王');
    expect(describeReading({ type: 'bomb', rank: 'T', length: 5 }, 'zh-CN')).toBe('炸弹 10');
    expect(describeReading({ type: 'fourJokers', length: 4 }, 'zh-CN')).toBe('四大天王');
    expect(describeReading({ type: 'pair', rank: 'K', length: 2 }, 'en')).toBe('Pair K');
  });

  it('shows a sequence from its low to its top position (GD-RANK-2)', () => {
    expect(describeReading({ type: 'straight', rank: '8', length: 5 }, 'zh-CN')).toBe('顺子 4–8');
    expect(describeReading({ type: 'straight', rank: '5', length: 5 }, 'zh-CN')).toBe('顺子 A–5');
    expect(describeReading({ type: 'pairSequence', rank: 'A', length: 6 }, 'zh-CN')).toBe(
      '木板（三连对） Q–A',
    );
    expect(describeReading({ type: 'tripleSequence', rank: '4', length: 6 }, 'zh-CN')).toBe(
      '钢板（两连三） 3–4',
    );
    expect(describeReading({ type: 'straightFlush', rank: 'A', length: 5, suit: 'H' }, 'zh-CN')).toBe(
      '同花顺 红心10–A',
    );
  });
});

describe('declarableReadings', () => {
  const states = playoutStates();
  const leading = findState(
    states,
    (s) => s.hand?.phase === 'play' && s.hand.trick?.last == null && s.hand.level === '2',
  );

  it('offers both full houses of K K 6 6 + the wildcard at level 2 (GD-WILD-4 example 2)', () => {
    const readings = declarableReadings(leading, ['SKa', 'CKb', 'S6a', 'C6a', 'H2a']);
    expect(readings.map((r) => `${r.type}:${String(r.rank)}`).sort()).toEqual(['fullHouse:6', 'fullHouse:K']);
  });

  it('keeps only the readings that beat the play to beat', () => {
    const hand = leading.hand;
    if (!hand) throw new Error('fixture');
    const toBeat: MatchState = {
      ...leading,
      hand: {
        ...hand,
        trick: {
          leader: 'S',
          last: { seat: 'S', cards: [], as: { type: 'fullHouse', rank: '9', length: 5 } },
          passed: [],
        },
      },
    };
    expect(declarableReadings(toBeat, ['SKa', 'CKb', 'S6a', 'C6a', 'H2a'])).toEqual([
      { type: 'fullHouse', rank: 'K', length: 5 },
    ]);
  });
});
