import { describe, expect, it } from 'vitest';
import { doudizhuEn } from './labels';

describe('boards played, in English', () => {
  it('says "1 board played", and "boards" from two on', () => {
    expect(doudizhuEn.boardsPlayed(1)).toBe('1 board played');
    expect(doudizhuEn.boardsPlayed(3)).toBe('3 boards played');
  });
});
