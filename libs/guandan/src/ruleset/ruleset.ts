import { z } from 'zod';
import { FaceSchema } from '../events/primitives';
import {
  CESA2023_ESCALATION,
  HOUSE004_ESCALATION,
  NATIONAL_ESCALATION,
  PenaltyEscalationSchema,
} from './escalation';

/**
 * A ruleset is data: every difference between the 2017 national rules (000), the 2023 championship
 * regulations (003) and the teachers' house rules (004) is a named field, and the engine reads the
 * fields, never the name. MatchCreated records the whole ruleset, so a replay needs nothing else.
 */
export const RulesetSchema = z.object({
  name: z.string().min(1),
  /** GD-COMBO-8, DEC-GD-7: the longest bomb (10 = eight naturals plus both wildcards; 004 caps at 8). */
  maxBombLength: z.number().int().min(4).max(10),
  /** GD-RPT-1 / GD-VAR-004-1: a player reports his count once it drops to this many cards or fewer. */
  reportThreshold: z.number().int().min(1).max(27),
  /** GD-VAR-004-6: failures at A after which a pair goes back to 2; null = no such rule. */
  aFailuresBackTo2: z.number().int().min(1).nullable(),
  /**
   * GD-TRIB-3, GD-VAR-003-8, GD-VAR-004-2, DEC-GD-8: highest face value (2…10) a return may have,
   * to one's partner and to an opponent; null = any card.
   */
  returnTributeMaxFace: z.object({
    toPartner: z.number().int().min(2).max(10).nullable(),
    toOpponent: z.number().int().min(2).max(10).nullable(),
  }),
  /** GD-DEAL-1, GD-VAR-003-6: a turned card with one of these faces is cut and turned again. */
  recutFaces: z.array(FaceSchema),
  /** Q-SF, DEC-GD-4: a same-suit run of five may be declared a plain straight. */
  sameSuitRunMayBeStraight: z.boolean(),
  /** GD-TRIB-6, GD-VAR-004-4: anti-tribute is automatic (000 "不用进贡") or the holder may choose (004 "可抗贡"). */
  antiTribute: z.enum(['automatic', 'optional']),
  /**
   * GD-SCORE-2, GD-VAR-003-4: match points in tenths won by the higher pair, indexed by the level
   * difference 0…13 (the lower pair gets 20 minus it). Tenths keep standings exact (DEC-T-2).
   */
  matchPointsByDifference: z.array(z.number().int().min(0).max(20)).length(14),
  /** GD-SCORE-4, GD-VAR-003-15, DEC-GD-13: level points awarded for a game lost by forfeit. */
  forfeitLevelPoints: z.number().int().min(0).max(26),
  /** GD-VAR-003-15: a bye's match points (tenths) and level points; null = set by the event regulations. */
  byeScore: z.object({ matchPoints: z.number().int(), levelPoints: z.number().int() }).nullable(),
  /**
   * GD-VAR-003-14, GD-VAR-004-10: levels given to the punctual pair for lateness up to `maxMinutes`
   * (0: tolerated, nothing to award); beyond the last band, forfeit. Empty: left to the regulations.
   */
  lateArrivalLevels: z.array(
    z.object({ maxMinutes: z.number().int().min(0), levels: z.number().int().min(0) }),
  ),
  /** GD-PEN-11 / GD-VAR-004-9: playing out of turn costs the turn (000) or gives the opponents levels (004). */
  outOfTurnPlay: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('loseTurn') }),
    z.object({ kind: z.literal('opponentsLevelUp'), levels: z.number().int().min(1) }),
  ]),
  /**
   * GD-TIME-1 / GD-VAR-004-7: thinking time per play. A warning from `warningSeconds`, a violation
   * (the turn and the rest of the trick lost, DEC-GD-10) from `violationSeconds` (null: no such
   * step), and a separate limit for the first play of a deal (null: the normal limit).
   */
  playTimeLimit: z.object({
    warningSeconds: z.number().int().min(1),
    violationSeconds: z.number().int().min(1).nullable(),
    firstPlaySeconds: z.number().int().min(1).nullable(),
  }),
  /** GD-TRIB-7, GD-TIME-2: seconds to pay and to return a tribute; a violation this many seconds after the warning. */
  tributeTimeLimit: z.object({
    tributeSeconds: z.number().int().min(1),
    returnSeconds: z.number().int().min(1),
    escalationSeconds: z.number().int().min(1),
  }),
  /**
   * Equal double tributes: 000/003 give them clockwise and first place's 下家 leads (GD-TRIB-5);
   * 004 lets the tributers choose between the two returned cards, and the one who takes the smaller
   * leads (equal returns: first place's 下家) (GD-VAR-004-3).
   */
  equalDoubleTribute: z.enum(['clockwise', 'tributersChooseReturns']),
  /** GD-VAR-004-8: at a level tie when time runs out, a draw (000) or the pair that reached it first wins (004). */
  timedTieBreak: z.enum(['draw', 'firstToReach']),
  /**
   * GD-PEN-4/5, GD-PEN-13/14, GD-RPT-2/3, GD-VAR-004-9: how a pair's repeated breaches escalate.
   * Defaulted so that games recorded before the field existed replay under the 2017 ladder.
   */
  penaltyEscalation: PenaltyEscalationSchema.default(NATIONAL_ESCALATION),
  /**
   * GD-APL-1/2: an appeal is valid only if lodged within `windowMinutes` after the end of the
   * round; the arbitration committee answers within `answerMinutes`. Defaulted like the above.
   */
  appeals: z
    .object({ windowMinutes: z.number().int().min(1), answerMinutes: z.number().int().min(1) })
    .default({ windowMinutes: 30, answerMinutes: 120 }),
});
export type Ruleset = z.infer<typeof RulesetSchema>;

const winnerTakesAll = [10, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20];

/** The 2017 national rules (000) with the product decisions of DECISIONS.md: the default. */
export const cga2017: Ruleset = {
  name: 'cga2017',
  maxBombLength: 10,
  reportThreshold: 10,
  aFailuresBackTo2: null,
  returnTributeMaxFace: { toPartner: 10, toOpponent: null },
  recutFaces: ['BJ', 'RJ'],
  sameSuitRunMayBeStraight: true,
  antiTribute: 'automatic',
  matchPointsByDifference: winnerTakesAll,
  forfeitLevelPoints: 18,
  byeScore: null,
  lateArrivalLevels: [],
  outOfTurnPlay: { kind: 'loseTurn' },
  playTimeLimit: { warningSeconds: 20, violationSeconds: 30, firstPlaySeconds: null },
  tributeTimeLimit: { tributeSeconds: 15, returnSeconds: 30, escalationSeconds: 15 },
  equalDoubleTribute: 'clockwise',
  timedTieBreak: 'draw',
  penaltyEscalation: NATIONAL_ESCALATION,
  appeals: { windowMinutes: 30, answerMinutes: 120 },
};

/** The 2023 China Workers' Championship regulations (003), falling back to 000 where silent. */
export const cesa2023: Ruleset = {
  ...cga2017,
  name: 'cesa2023',
  returnTributeMaxFace: { toPartner: 10, toOpponent: 10 },
  recutFaces: ['BJ', 'RJ', 'H2'],
  matchPointsByDifference: [10, 15, 15, 16, 16, 17, 17, 18, 18, 19, 19, 20, 20, 20],
  forfeitLevelPoints: 17,
  byeScore: { matchPoints: 15, levelPoints: 17 },
  lateArrivalLevels: [
    { maxMinutes: 5, levels: 1 },
    { maxMinutes: 10, levels: 2 },
  ],
  // GD-VAR-003-11: the player on turn may ask the count after a report, so asking is no breach.
  penaltyEscalation: CESA2023_ESCALATION,
};

/** The 7th teachers' event house rules (004). */
export const house004: Ruleset = {
  ...cga2017,
  name: 'house004',
  maxBombLength: 8,
  reportThreshold: 7,
  aFailuresBackTo2: 3,
  returnTributeMaxFace: { toPartner: 10, toOpponent: 10 },
  antiTribute: 'optional',
  equalDoubleTribute: 'tributersChooseReturns',
  outOfTurnPlay: { kind: 'opponentsLevelUp', levels: 1 },
  // 004 sets 30 s a play and 3 min for the first play of a deal, with no penalty scale: warnings only.
  playTimeLimit: { warningSeconds: 30, violationSeconds: null, firstPlaySeconds: 180 },
  timedTieBreak: 'firstToReach',
  penaltyEscalation: HOUSE004_ESCALATION,
  // GD-VAR-004-10: more than 10 minutes late is a forfeit; up to 10, no level penalty is set.
  lateArrivalLevels: [{ maxMinutes: 10, levels: 0 }],
};

/**
 * Fields added after games were recorded, with the value a game recorded before them plays by
 * (the 2017 rules). Stored events at the current schema version are not re-parsed on read, so
 * evolve and replay fill these in themselves.
 */
const LATER_FIELD_DEFAULTS: Pick<Ruleset, 'penaltyEscalation' | 'appeals'> = {
  penaltyEscalation: NATIONAL_ESCALATION,
  appeals: { windowMinutes: 30, answerMinutes: 120 },
};

/** A recorded ruleset with the later fields it may lack filled in (see LATER_FIELD_DEFAULTS). */
export function withLaterFieldDefaults(ruleset: Ruleset): Ruleset {
  return { ...LATER_FIELD_DEFAULTS, ...ruleset };
}

export const RULESETS = { cga2017, cesa2023, house004 } as const;
export type RulesetName = keyof typeof RULESETS;
export const RULESET_NAMES = Object.keys(RULESETS) as RulesetName[];
