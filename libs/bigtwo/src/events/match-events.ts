import { z } from 'zod';
import { PerSeatIntSchema, SeatSchema } from './primitives';

/**
 * DEC-B2-4, when a duplicate board's deal (order and salt) is revealed at a table and the hands
 * still held are opened: `allTables` once every table it was dealt at has ended it, or the
 * organiser closes it (the decision: the other tables may still be playing the same cards);
 * `ownEnd` at this table's own board end, as a board dealt for one table alone is.
 */
export const DuplicateRevealSchema = z.enum(['allTables', 'ownEnd']);
export type DuplicateReveal = z.infer<typeof DuplicateRevealSchema>;

/**
 * DEC-B2-5, whether a duplicate board of a set that declares its tables is held on this table's
 * delayed broadcast: `lastTableDealt` until the delay has passed since the last declared table was
 * dealt it (the decision); `none` flows after the delay from this table's own deal.
 */
export const BroadcastHoldSchema = z.enum(['lastTableDealt', 'none']);
export type BroadcastHold = z.infer<typeof BroadcastHoldSchema>;

/** The defaults of the fields a ruleset recorded before they existed reads with (DEC-B2-4, DEC-B2-5). */
export const B2_LATER_RULESET_DEFAULTS = Object.freeze({
  duplicateReveal: 'allTables',
  broadcastHold: 'lastTableDealt',
} as const satisfies { duplicateReveal: DuplicateReveal; broadcastHold: BroadcastHold });

/**
 * The organiser's choices for a Big Two match; `cga2017` is the source's (DECISIONS.md DEC-B2-*).
 * `straightKey` is the key card of a straight and a straight flush (B2-CMP-4): `a` is reading (a),
 * its highest card in the single-card order, the literal one (DEC-B2-1); `b` the sequence's top.
 */
export const BigTwoRulesetSchema = z.object({
  name: z.string().min(1),
  /** B2-SHOW-1: seconds for the show choice (明牌). */
  showSeconds: z.number().int().min(1),
  /** B2-DBL-1: seconds for each doubling choice (加倍). */
  doubleSeconds: z.number().int().min(1),
  /** B2-PLAY-8: the source sets no play clock; null means none, a number sets one. */
  playSeconds: z.number().int().min(1).nullable(),
  straightKey: z.enum(['a', 'b']),
  /** B2-APL-1: appeals close this many hours after the end of the competition. */
  appealHours: z.number().int().min(0),
  /** DEC-B2-4 (above); a ruleset without it reveals at every table's end, the decision. */
  duplicateReveal: DuplicateRevealSchema.default(B2_LATER_RULESET_DEFAULTS.duplicateReveal),
  /** DEC-B2-5 (above); a ruleset without it holds until the last declared table, the decision. */
  broadcastHold: BroadcastHoldSchema.default(B2_LATER_RULESET_DEFAULTS.broadcastHold),
});
export type BigTwoRuleset = z.infer<typeof BigTwoRulesetSchema>;

/**
 * A recorded ruleset as the engine folds it: a MatchCreated written before DEC-B2-4/5 were fields
 * lacks them (events are folded as stored, never re-parsed) and reads with the decisions.
 */
export function bigtwoRulesetOf(recorded: BigTwoRuleset): BigTwoRuleset {
  return { ...B2_LATER_RULESET_DEFAULTS, ...recorded };
}

/**
 * The ruleset as a CreateMatch records it: a field added since (DEC-B2-4/5) that the command did not
 * give is left out, so the checked replay re-decides a stream recorded before it byte for byte; the
 * fold reads it with the decision (bigtwoRulesetOf). A command through the server's schema always gives it.
 */
export function rulesetAsGiven(parsed: BigTwoRuleset, given: unknown): BigTwoRuleset {
  const { duplicateReveal, broadcastHold, ...rest } = parsed;
  const has = (field: string): boolean => typeof given === 'object' && given !== null && field in given;
  // Typed as the current ruleset: the fold fills what is left out.
  return {
    ...rest,
    ...(has('duplicateReveal') ? { duplicateReveal } : {}),
    ...(has('broadcastHold') ? { broadcastHold } : {}),
  } as BigTwoRuleset;
}

export const b2Cga2017: BigTwoRuleset = {
  name: 'cga2017',
  showSeconds: 10,
  doubleSeconds: 10,
  playSeconds: null,
  straightKey: 'a',
  appealHours: 3,
  duplicateReveal: 'allTables',
  broadcastHold: 'lastTableDealt',
};

const PlayerSchema = z.object({ id: z.string().min(1), name: z.string().min(1), seat: SeatSchema });

/** A match of boards at one table: four players, one in each seat (B2-GEN-1). */
export const MatchCreatedSchema = z.object({
  type: z.literal('MatchCreated'),
  data: z.object({
    game: z.literal('bigtwo'),
    table: z.string().min(1),
    /** The seats in play order (B2-SEAT-1). */
    seats: z.tuple([z.literal('S'), z.literal('E'), z.literal('N'), z.literal('W')]),
    ruleset: BigTwoRulesetSchema,
    players: z.array(PlayerSchema).length(4),
    createdAt: z.number().int(),
  }),
});

/** The competition at this table is over; `endedAt` opens the appeal window (B2-APL-1). */
export const MatchEndedSchema = z.object({
  type: z.literal('MatchEnded'),
  data: z.object({ endedAt: z.number().int(), boards: z.number().int().min(0), totals: PerSeatIntSchema }),
});
