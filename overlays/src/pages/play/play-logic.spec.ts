import type { SeatChoices } from '@tablecast/doudizhu/view';
import { describe, expect, it } from 'vitest';
import { deadlineOf, hintCards, readingsOf, secondsLeft, sortHand } from './play-logic';

type LegalPlay = Extract<SeatChoices, { kind: 'play' }>['plays'][number];

describe('the terminal’s card logic', () => {
  it('sorts a hand high to low by DDZ-CMP-3 (jokers, 2, A … 3)', () => {
    expect(sortHand(['S3', 'RJ', 'H2', 'SA', 'BJ', 'DT', 'C3'])).toEqual([
      'RJ',
      'BJ',
      'H2',
      'SA',
      'DT',
      'C3',
      'S3',
    ]);
  });

  it('reads tapped cards as the legal plays of the same ranks, whatever their suits', () => {
    const pair: LegalPlay = { cards: ['S5', 'H5'], as: { type: 'pair', rank: '5', length: 2 } };
    const plays: LegalPlay[] = [pair, { cards: ['S9'], as: { type: 'single', rank: '9', length: 1 } }];
    expect(readingsOf(['D5', 'C5'], plays)).toEqual([{ type: 'pair', rank: '5', length: 2 }]);
    expect(readingsOf(['D5', 'S9'], plays)).toEqual([]);
    expect(readingsOf([], plays)).toEqual([]);
    expect(hintCards(['C5', 'D5', 'S9'], pair)).toEqual(['C5', 'D5']);
  });

  it('counts a deadline down in whole seconds, and reads one only when the view has it', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
    expect(deadlineOf({ seats: [0], seconds: 25 })).toBeNull();
    expect(deadlineOf({ seats: [0], seconds: 25, deadline: 5 })).toBe(5);
    expect(deadlineOf(null)).toBeNull();
  });
});
