import { ruleVocabulary, type RuleVocabulary } from '@tablecast/game-kit';

const AREAS: readonly (readonly [string, number])[] = [
  ['GEN', 4],
  ['DEAL', 2],
  ['BID', 6],
  ['DBL', 3],
  ['PLAY', 7],
  ['COMBO', 12],
  ['CMP', 6],
  ['END', 3],
  ['SCORE', 5],
  ['MP', 4],
  ['TB', 1],
  ['APL', 3],
];

/** The rule IDs of the Dou Dizhu digest (DDZ-<AREA>-<n>) and the product decisions DEC-DDZ-1…3. */
export const DOUDIZHU_RULE_IDS: readonly string[] = [
  ...AREAS.flatMap(([area, count]) =>
    Array.from({ length: count }, (_, i) => `DDZ-${area}-${String(i + 1)}`),
  ),
  'DEC-DDZ-1',
  'DEC-DDZ-2',
  'DEC-DDZ-3',
];

export const doudizhuRules: RuleVocabulary = ruleVocabulary('DDZ-', 'DEC-DDZ-', DOUDIZHU_RULE_IDS);
