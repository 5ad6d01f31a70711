import type { Face } from '@tablecast/cards';

/**
 * A deal for the engine's tests. S holds ♦3 (首家) and can play out in three plays: the 3-7
 * straight, the full house 888 99 and the triple AAA. E can come down to one card in three plays
 * (the 8-Q straight, the full house KKK 77, the pair of tens), keeping ♣3. N holds the jacks and ♥3.
 */
export const S_HAND: readonly Face[] = [
  'D3',
  'D4',
  'D5',
  'D6',
  'C7',
  'S8',
  'H8',
  'C8',
  'S9',
  'H9',
  'SA',
  'HA',
  'CA',
];
export const E_HAND: readonly Face[] = [
  'D8',
  'C9',
  'CT',
  'DJ',
  'DQ',
  'HK',
  'CK',
  'DK',
  'H7',
  'S7',
  'HT',
  'ST',
  'C3',
];
export const N_GIVEN: readonly Face[] = ['HJ', 'SJ', 'H3'];

export const STRAIGHT_3_7: readonly Face[] = ['D3', 'D4', 'D5', 'D6', 'C7'];
export const STRAIGHT_8_Q: readonly Face[] = ['D8', 'C9', 'CT', 'DJ', 'DQ'];
export const FULL_HOUSE_K: readonly Face[] = ['HK', 'CK', 'DK', 'H7', 'S7'];
export const FULL_HOUSE_8: readonly Face[] = ['S8', 'H8', 'C8', 'S9', 'H9'];
