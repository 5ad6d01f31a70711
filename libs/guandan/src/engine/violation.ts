/**
 * A rejected command: the rule it breaks (a GD-* rule ID from the digest), in English and Chinese.
 * The decider returns these as values and never throws for bad input (STYLE habit 3). The type is
 * every game's, from the game kit.
 */
export { isViolation, violation, type RuleViolation } from '@tablecast/game-kit';
