import { GUANDAN_RULE_CATALOG } from './guandan-catalog';
import type { RuleCatalog } from './rule-catalog';

export { catalogIds, type CatalogEntry, type RuleCatalog, type SourceDocument } from './rule-catalog';
export { GUANDAN_RULE_CATALOG } from './guandan-catalog';

/**
 * The catalogs of the games that have a module. A game joins the rule-coverage check by adding
 * its catalog here once its module exists.
 */
export const RULE_CATALOGS: readonly RuleCatalog[] = [GUANDAN_RULE_CATALOG];
