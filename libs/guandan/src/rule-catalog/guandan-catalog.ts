import { GUANDAN_DECISIONS } from './guandan-decisions';
import { GUANDAN_RULES } from './guandan-rules';
import { GUANDAN_SOURCES } from './guandan-sources';
import type { RuleCatalog } from './rule-catalog';

export const GUANDAN_RULE_CATALOG: RuleCatalog = {
  game: 'guandan',
  rulePrefix: 'GD-',
  decisionPrefix: 'DEC-GD-',
  moduleDir: 'libs/guandan',
  sources: GUANDAN_SOURCES,
  rules: GUANDAN_RULES,
  decisions: GUANDAN_DECISIONS,
};
