import { ruleVocabulary, type RuleVocabulary } from '@tablecast/game-kit';
import { DOUDIZHU_RULE_CATALOG, catalogIds } from '../rule-catalog';

/** The rule IDs of the Dou Dizhu digest and the product decisions, from the rule catalog. */
export const doudizhuRules: RuleVocabulary = ruleVocabulary(
  DOUDIZHU_RULE_CATALOG.rulePrefix,
  DOUDIZHU_RULE_CATALOG.decisionPrefix,
  catalogIds(DOUDIZHU_RULE_CATALOG),
);
