import { z } from 'zod';
import { PerSeatIntSchema, SeatSchema } from './primitives';

/** DEC-DDZ-2: who bids first; `seat0` for duplicate play, `rotating` by board number otherwise. */
export const FirstBidderSchema = z.enum(['seat0', 'rotating']);

/**
 * DEC-DDZ-4, when a duplicate board's deals (order and salt) are revealed at a table: `allTables`
 * once every table it was dealt at has ended it, or the organiser closes it (the decision: the
 * other tables may still be playing the same cards); `ownEnd` at this table's own board end, as a
 * board dealt for one table alone is (for a set whose tables cannot see each other's feeds).
 */
export const DuplicateRevealSchema = z.enum(['allTables', 'ownEnd']);
export type DuplicateReveal = z.infer<typeof DuplicateRevealSchema>;

/**
 * DEC-DDZ-5, whether a duplicate board of a set that declares its tables is held on this table's
 * delayed broadcast: `lastTableDealt` until the delay has passed since the last declared table was
 * dealt it (the decision: no table's broadcast shows hands another table has not been dealt yet);
 * `none` flows after the delay from this table's own deal, as a board dealt for one table alone.
 */
export const BroadcastHoldSchema = z.enum(['lastTableDealt', 'none']);
export type BroadcastHold = z.infer<typeof BroadcastHoldSchema>;

/** The defaults of the fields a ruleset recorded before they existed reads with (DEC-DDZ-4, DEC-DDZ-5). */
export const DDZ_LATER_RULESET_DEFAULTS = Object.freeze({
  duplicateReveal: 'allTables',
  broadcastHold: 'lastTableDealt',
} as const satisfies { duplicateReveal: DuplicateReveal; broadcastHold: BroadcastHold });

/** The organiser's choices for a Dou Dizhu match; `cga2017` is the source's default (DECISIONS.md). */
export const DoudizhuRulesetSchema = z.object({
  name: z.string().min(1),
  firstBidder: FirstBidderSchema,
  /** DDZ-BID-6, DDZ-DBL-1/2, DDZ-PLAY-6: seconds to bid, to double or redouble, to play. */
  bidSeconds: z.number().int().min(1),
  doubleSeconds: z.number().int().min(1),
  playSeconds: z.number().int().min(1),
  /** DDZ-APL-1: appeals close this many hours after the end of the competition. */
  appealHours: z.number().int().min(0),
  /** DEC-DDZ-4 (above); a ruleset without it reveals at every table's end, the decision. */
  duplicateReveal: DuplicateRevealSchema.default(DDZ_LATER_RULESET_DEFAULTS.duplicateReveal),
  /** DEC-DDZ-5 (above); a ruleset without it holds until the last declared table, the decision. */
  broadcastHold: BroadcastHoldSchema.default(DDZ_LATER_RULESET_DEFAULTS.broadcastHold),
});
export type DoudizhuRuleset = z.infer<typeof DoudizhuRulesetSchema>;

/**
 * A recorded ruleset as the engine folds it: a MatchCreated written before DEC-DDZ-4/5 were fields
 * lacks them (events are folded as stored, never re-parsed) and reads with the decisions.
 */
export function doudizhuRulesetOf(recorded: DoudizhuRuleset): DoudizhuRuleset {
  return { ...DDZ_LATER_RULESET_DEFAULTS, ...recorded };
}

/**
 * The ruleset as a CreateMatch records it: a field added since (DEC-DDZ-4/5) that the command did not
 * give is left out, so the checked replay re-decides a stream recorded before it byte for byte; the
 * fold reads it with the decision (doudizhuRulesetOf). A command through the server's schema always gives it.
 */
export function rulesetAsGiven(parsed: DoudizhuRuleset, given: unknown): DoudizhuRuleset {
  const { duplicateReveal, broadcastHold, ...rest } = parsed;
  const has = (field: string): boolean => typeof given === 'object' && given !== null && field in given;
  // Typed as the current ruleset: the fold fills what is left out.
  return {
    ...rest,
    ...(has('duplicateReveal') ? { duplicateReveal } : {}),
    ...(has('broadcastHold') ? { broadcastHold } : {}),
  } as DoudizhuRuleset;
}

export const ddzCga2017: DoudizhuRuleset = {
  name: 'cga2017',
  firstBidder: 'seat0',
  bidSeconds: 25,
  doubleSeconds: 25,
  playSeconds: 25,
  appealHours: 3,
  duplicateReveal: 'allTables',
  broadcastHold: 'lastTableDealt',
};

const PlayerSchema = z.object({ id: z.string().min(1), name: z.string().min(1), seat: SeatSchema });

/** A match of boards at one table: three players in seats 0, 1, 2 (DDZ-GEN-1). */
export const MatchCreatedSchema = z.object({
  type: z.literal('MatchCreated'),
  data: z.object({
    /** The platform's MatchCreated names the game, so the platform picks this module to fold it. */
    game: z.literal('doudizhu'),
    table: z.string().min(1),
    /** The seats in play order (DDZ-GEN-4), as every game's MatchCreated lists them. */
    seats: z.tuple([z.literal('0'), z.literal('1'), z.literal('2')]),
    ruleset: DoudizhuRulesetSchema,
    players: z.array(PlayerSchema).length(3),
    createdAt: z.number().int(),
  }),
});

/** The competition at this table is over; `endedAt` opens the appeal window (DDZ-APL-1). */
export const MatchEndedSchema = z.object({
  type: z.literal('MatchEnded'),
  data: z.object({ endedAt: z.number().int(), boards: z.number().int().min(0), totals: PerSeatIntSchema }),
});
