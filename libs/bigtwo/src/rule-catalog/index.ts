export { catalogIds, type CatalogEntry, type RuleCatalog, type SourceDocument } from './rule-catalog';
export { BIGTWO_DECISIONS, BIGTWO_RULE_CATALOG, BIGTWO_SOURCES } from './bigtwo-catalog';
export { BIGTWO_RULES } from './bigtwo-rules';
