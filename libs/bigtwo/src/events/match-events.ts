import {
  BroadcastHoldSchema,
  DUPLICATE_RULESET_DEFAULTS,
  DuplicateRevealSchema,
  matchEndedSchema,
  withDuplicateDefaults,
} from '@tablecast/game-kit';
import { z } from 'zod';
import { PerSeatIntSchema, SeatSchema } from './primitives';

/** The defaults of the fields a ruleset recorded before they existed reads with (DEC-B2-4, DEC-B2-5). */
export const B2_LATER_RULESET_DEFAULTS = DUPLICATE_RULESET_DEFAULTS;

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
  return withDuplicateDefaults(recorded);
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
export const MatchEndedSchema = matchEndedSchema(PerSeatIntSchema);

export {
  BroadcastHoldSchema,
  DuplicateRevealSchema,
  rulesetAsGiven,
  type BroadcastHold,
  type DuplicateReveal,
} from '@tablecast/game-kit';
