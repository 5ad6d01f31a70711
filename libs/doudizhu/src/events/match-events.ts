import {
  BroadcastHoldSchema,
  DUPLICATE_RULESET_DEFAULTS,
  DuplicateRevealSchema,
  matchEndedSchema,
  withDuplicateDefaults,
} from '@tablecast/game-kit';
import { z } from 'zod';
import { PerSeatIntSchema, SeatSchema } from './primitives';

/** DEC-DDZ-2: who bids first; `seat0` for duplicate play, `rotating` by board number otherwise. */
export const FirstBidderSchema = z.enum(['seat0', 'rotating']);

/** The defaults of the fields a ruleset recorded before they existed reads with (DEC-DDZ-4, DEC-DDZ-5). */
export const DDZ_LATER_RULESET_DEFAULTS = DUPLICATE_RULESET_DEFAULTS;

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
  return withDuplicateDefaults(recorded);
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
export const MatchEndedSchema = matchEndedSchema(PerSeatIntSchema);

export {
  BroadcastHoldSchema,
  DuplicateRevealSchema,
  rulesetAsGiven,
  type BroadcastHold,
  type DuplicateReveal,
} from '@tablecast/game-kit';
