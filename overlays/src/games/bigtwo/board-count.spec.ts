import { describe, expect, it } from 'vitest';
import { bigtwoEn } from './labels';

describe('boards played, in English', () => {
  it('says "1 board played", and "boards" from two on', () => {
    expect(bigtwoEn.boardsPlayed(1)).toBe('1 board played');
    expect(bigtwoEn.boardsPlayed(3)).toBe('3 boards played');
  });
});
