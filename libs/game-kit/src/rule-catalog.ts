/**
 * A game's rule catalog, the project's own copy of its digest: every rule ID the module's code and
 * tests may quote, with its citation. One shape for every game, so each joins the same coverage
 * check and its IDs become the module's rule vocabulary.
 */
export interface CatalogEntry {
  /** The stable ID, e.g. GD-TRIB-3 or DEC-GD-8. */
  readonly id: string;
  /** A short English summary of the rule or decision. */
  readonly title: string;
  /** Where the project's digest places it, e.g. "§12 Tribute and return". */
  readonly section: string;
  /** The citation: source document, article and clause ("000 第十条 一"), or the rules it decides. */
  readonly source: string;
}

/** A source rulebook a citation names by its number. */
export interface SourceDocument {
  readonly id: string;
  readonly title: string;
  readonly issuer: string;
}

export interface RuleCatalog {
  /** The game or rule family, e.g. "guandan". */
  readonly game: string;
  /** The prefix every rule ID of the catalog starts with, e.g. "GD-". */
  readonly rulePrefix: string;
  /** The prefix of the product decisions on its open questions, e.g. "DEC-GD-". */
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
