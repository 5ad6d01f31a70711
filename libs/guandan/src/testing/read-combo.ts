import type { Face, Rank } from '@tablecast/cards';
import { classify } from '../combos/classify';
import type { Reading } from '../model/reading';

/**
 * Every reading of a space-separated list of faces at `level` ('S9 D9 H2'), with the plain-straight
 * option on (DEC-GD-4) and bombs up to `maxBombLength` cards: the worked examples of the digest are
 * written this way in the classify specs.
 */
export const readCombo = (cards: string, level: Rank, maxBombLength = 10): Reading[] =>
  classify(cards.split(' ') as Face[], level, { maxBombLength, sameSuitRunMayBeStraight: true });
