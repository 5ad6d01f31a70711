export { catalogIds, type CatalogEntry, type RuleCatalog, type SourceDocument } from './rule-catalog';
export { DOUDIZHU_DECISIONS, DOUDIZHU_RULE_CATALOG, DOUDIZHU_SOURCES } from './doudizhu-catalog';
export { DOUDIZHU_RULES } from './doudizhu-rules';
