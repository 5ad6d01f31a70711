import { z } from 'zod';

/**
 * When a duplicate board's deal (order and salt) is revealed at a table (DEC-DDZ-4, DEC-B2-4):
 * `allTables` once every table it was dealt at has ended it, or the organiser closes it (the
 * decision: the other tables may still be playing the same cards); `ownEnd` at this table's own
 * board end, as a board dealt for one table alone is (for a set whose tables cannot see each
 * other's feeds).
 */
export const DuplicateRevealSchema = z.enum(['allTables', 'ownEnd']);
export type DuplicateReveal = z.infer<typeof DuplicateRevealSchema>;

/**
 * Whether a duplicate board of a set that declares its tables is held on this table's delayed
 * broadcast (DEC-DDZ-5, DEC-B2-5): `lastTableDealt` until the delay has passed since the last
 * declared table was dealt it (the decision: no table's broadcast shows hands another table has
 * not been dealt yet); `none` flows after the delay from this table's own deal.
 */
export const BroadcastHoldSchema = z.enum(['lastTableDealt', 'none']);
export type BroadcastHold = z.infer<typeof BroadcastHoldSchema>;

/** The duplicate-board fields of a seated board game's ruleset. */
export interface DuplicateRulesetFields {
  readonly duplicateReveal: DuplicateReveal;
  readonly broadcastHold: BroadcastHold;
}

/** The defaults of the duplicate-board fields a ruleset recorded before they existed reads with. */
export const DUPLICATE_RULESET_DEFAULTS = Object.freeze({
  duplicateReveal: 'allTables',
  broadcastHold: 'lastTableDealt',
} as const satisfies DuplicateRulesetFields);

/**
 * A recorded ruleset as an engine folds it: a MatchCreated written before the duplicate-board
 * fields existed lacks them (events are folded as stored, never re-parsed) and reads with the decisions.
 */
export function withDuplicateDefaults<R extends DuplicateRulesetFields>(recorded: R): R {
  return { ...DUPLICATE_RULESET_DEFAULTS, ...recorded };
}

/**
 * The ruleset as a CreateMatch records it: a duplicate-board field that the command did not give is
 * left out, so the checked replay re-decides a stream recorded before it byte for byte; the fold
 * reads it with the decision (withDuplicateDefaults). A command through the server's schema always gives it.
 */
export function rulesetAsGiven<R extends DuplicateRulesetFields>(parsed: R, given: unknown): R {
  const { duplicateReveal, broadcastHold, ...rest } = parsed;
  const has = (field: string): boolean => typeof given === 'object' && given !== null && field in given;
  // Typed as the current ruleset: the fold fills what is left out.
  return {
    ...rest,
    ...(has('duplicateReveal') ? { duplicateReveal } : {}),
    ...(has('broadcastHold') ? { broadcastHold } : {}),
  } as R;
}
