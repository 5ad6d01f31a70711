/**
 * The rule IDs a module may name in a rejection, a penalty or a moment: its rules (e.g. GD-PLAY-2)
 * and the product decisions on the sources' open questions (e.g. DEC-GD-3). A rejection naming
 * anything else is a defect the conformance suite reports.
 */
export interface RuleVocabulary {
  /** Every rule ID starts with this, e.g. "GD-" or "DDZ-". */
  readonly rulePrefix: string;
  /** Every decision ID starts with this, e.g. "DEC-GD-". */
  readonly decisionPrefix: string;
  readonly ids: ReadonlySet<string>;
}

export function ruleVocabulary(
  rulePrefix: string,
  decisionPrefix: string,
  ids: Iterable<string>,
): RuleVocabulary {
  const set = new Set(ids);
  for (const id of set) {
    if (!id.startsWith(rulePrefix) && !id.startsWith(decisionPrefix)) {
      throw new RangeError(`rule ID ${id} starts with neither ${rulePrefix} nor ${decisionPrefix}`);
    }
  }
  return { rulePrefix, decisionPrefix, ids: set };
}
