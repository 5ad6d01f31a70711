import { z } from 'zod';

/**
 * The ruleset fields the combinations and the scoring read. Everything the source leaves open is
 * a field here, defaulted by the product decisions (DEC-B2-1, DEC-B2-2).
 */
export interface BigTwoRules {
  /**
   * B2-CMP-4, which card of a straight or straight flush decides: (a) `'a'` its highest card in
   * the single-card order, so A2345 and 23456 (key card the 2) are the highest straights; (b)
   * `'b'` the top of the sequence, so A2345 (top 5) is the lowest and TJQKA the highest.
   * DEC-B2-1 chooses (a).
   */
  readonly straightKey: 'a' | 'b';
  /** B2-SCORE-1, DEC-B2-2: card points for 0…13 cards left (index = cards left). */
  readonly cardPointsByLeft: readonly number[];
  /** B2-DBL-2, B2-SCORE-2: the factor for showing the hand (明牌). */
  readonly showFactor: number;
  /** B2-DBL-2, B2-SCORE-2: the factor for doubling (加倍). */
  readonly doubleFactor: number;
}

/** DEC-B2-2: n ≤ 7 → n; 8 ≤ n ≤ 9 → 2n; 10 ≤ n ≤ 12 → 3n; 13 → 4n. */
export const DEC_B2_2_CARD_POINTS: readonly number[] = Object.freeze(
  Array.from({ length: 14 }, (_, n) => (n <= 7 ? n : n <= 9 ? 2 * n : n <= 12 ? 3 * n : 4 * n)),
);

export const DEFAULT_BIGTWO_RULES: BigTwoRules = Object.freeze({
  straightKey: 'a',
  cardPointsByLeft: DEC_B2_2_CARD_POINTS,
  showFactor: 3,
  doubleFactor: 2,
});

/** The rules as configuration (a ruleset's Big Two section); defaults from DEFAULT_BIGTWO_RULES. */
export const BigTwoRulesSchema = z
  .object({
    straightKey: z.enum(['a', 'b']).default('a'),
    cardPointsByLeft: z
      .array(z.number().int().min(0))
      .length(14)
      .default([...DEC_B2_2_CARD_POINTS]),
    showFactor: z.number().int().min(1).default(3),
    doubleFactor: z.number().int().min(1).default(2),
  })
  .strict();
