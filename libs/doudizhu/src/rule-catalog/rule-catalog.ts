/**
 * The project's own catalog of the Dou Dizhu rules: every rule ID the module's code and tests may
 * quote, with its citation. Same shape as the Guandan catalog, so the game seam can gather both
 * under one coverage check.
 */
export interface CatalogEntry {
  /** The stable ID, e.g. DDZ-BID-4 or DEC-DDZ-1. */
  readonly id: string;
  /** A short English summary of the rule or decision. */
  readonly title: string;
  /** Where the project's digest places it, e.g. "§3 Bidding (叫牌)". */
  readonly section: string;
  /** The citation: source document, article and clause ("002 第六条"), or the rules it decides. */
  readonly source: string;
}

/** A source rulebook a citation names by its number. */
export interface SourceDocument {
  readonly id: string;
  readonly title: string;
  readonly issuer: string;
}

export interface RuleCatalog {
  readonly game: string;
  /** The prefix every rule ID of the catalog starts with. */
  readonly rulePrefix: string;
  /** The prefix of the product decisions on its open questions. */
  readonly decisionPrefix: string;
  /** The repository folder of the module that implements it; its tests must name every ID. */
  readonly moduleDir: string;
  readonly sources: readonly SourceDocument[];
  readonly rules: readonly CatalogEntry[];
  readonly decisions: readonly CatalogEntry[];
}

/** The IDs of a catalog, rules then decisions. */
export function catalogIds(catalog: RuleCatalog): string[] {
  return [...catalog.rules, ...catalog.decisions].map((entry) => entry.id);
}
