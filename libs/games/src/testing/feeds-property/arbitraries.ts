import fc from 'fast-check';

/** A match of the property: its bots' seed, the ruleset (index into RULESET_NAMES), the delay in ms. */
export const matchArbitraries = [
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.nat(),
  fc.integer({ min: 1_000, max: 300_000 }),
] as const;
