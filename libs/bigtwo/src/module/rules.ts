import { ruleVocabulary, type RuleVocabulary } from '@tablecast/game-kit';
import { BIGTWO_RULE_CATALOG, catalogIds } from '../rule-catalog';

/** The rule IDs of the Big Two digest and the product decisions, from the rule catalog. */
export const bigtwoRules: RuleVocabulary = ruleVocabulary(
  BIGTWO_RULE_CATALOG.rulePrefix,
  BIGTWO_RULE_CATALOG.decisionPrefix,
  catalogIds(BIGTWO_RULE_CATALOG),
);
