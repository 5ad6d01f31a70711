// The catalog's shape is game-neutral: it lives in the game kit.
export { catalogIds, type CatalogEntry, type RuleCatalog, type SourceDocument } from '@tablecast/game-kit';
