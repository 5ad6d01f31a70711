import { z } from 'zod';

/**
 * One rule's own ladder: the k-th breach of `rules` by one pair (in the game, or in the deal) gets
 * at least `steps[k-1]`. Past the last step, `cycle` starts the ladder again (004's "two warnings
 * make a foul" counts in twos) or, when false, the last step repeats ("second and later").
 * `levelToOpponents` is 004's foul: the opponents go up one level and the deal goes on.
 */
export const PenaltyLadderSchema = z.object({
  rules: z.array(z.string().regex(/^GD-[A-Z]+-\d+(-\d+)?$/)).min(1),
  per: z.enum(['game', 'deal']),
  steps: z.array(z.enum(['warning', 'violation', 'foul', 'levelToOpponents'])).min(1),
  cycle: z.boolean(),
});
export type PenaltyLadder = z.infer<typeof PenaltyLadderSchema>;
export type LadderStep = PenaltyLadder['steps'][number];

/** How repeated breaches by one pair escalate on their own, without a referee choosing the sanction. */
export const PenaltyEscalationSchema = z.object({
  /**
   * GD-PEN-4 (000 第十六条 三 1): every `violationsPerFoul`-th violation of a pair in the game is a
   * foul (the source counts "in the same round"; the engine sees one game, so it counts there).
   * null: fouls only by ruling.
   */
  violationsPerFoul: z.number().int().min(2).nullable(),
  /** GD-PEN-5 (000 第十六条 四): a pair's `foulsPerGameLost`-th foul in a game loses it; null: only by ruling. */
  foulsPerGameLost: z.number().int().min(2).nullable(),
  ladders: z.array(PenaltyLadderSchema),
});
export type PenaltyEscalation = z.infer<typeof PenaltyEscalationSchema>;

/** The 2017 rules' own repetition ladders (000), which 003 and 004 inherit. */
export const NATIONAL_LADDERS: readonly PenaltyLadder[] = [
  // GD-PEN-14 (000 第十一条 五): manner of play (GD-PLAY-9, GD-WILD-6): warning, violation, then a foul.
  {
    rules: ['GD-PEN-14', 'GD-PLAY-9', 'GD-WILD-6'],
    per: 'game',
    steps: ['warning', 'violation', 'foul'],
    cycle: false,
  },
  // GD-RPT-2 (000 第十二条 二): a second failure to report by the pair in the game is a violation.
  { rules: ['GD-RPT-2'], per: 'game', steps: ['warning', 'violation'], cycle: false },
  // GD-RPT-3 (000 第十二条 三): asking (or answering) the count after a report: warning, then violation.
  { rules: ['GD-RPT-3'], per: 'game', steps: ['warning', 'violation'], cycle: false },
  // GD-PEN-13 (000 第二十条): illegal signals: warning or violation first, the second and later a foul.
  { rules: ['GD-PEN-13'], per: 'game', steps: ['warning', 'foul'], cycle: false },
];

export const NATIONAL_ESCALATION: PenaltyEscalation = {
  violationsPerFoul: 2,
  foulsPerGameLost: 3,
  ladders: [...NATIONAL_LADDERS],
};

/**
 * GD-VAR-004-9: a gesture or word of playing out of turn is a warning; two such warnings to one
 * pair in one deal are one foul, +1 level to the opponents. Interpretation: only these warnings
 * count, in twos (a third and fourth make another foul).
 */
export const HOUSE004_ESCALATION: PenaltyEscalation = {
  ...NATIONAL_ESCALATION,
  ladders: [
    ...NATIONAL_LADDERS,
    { rules: ['GD-VAR-004-9'], per: 'deal', steps: ['warning', 'levelToOpponents'], cycle: true },
  ],
};

/** GD-VAR-003-11: 003 gives the player on turn the right to ask the count, so GD-RPT-3 has no ladder. */
export const CESA2023_ESCALATION: PenaltyEscalation = {
  ...NATIONAL_ESCALATION,
  ladders: NATIONAL_LADDERS.filter((ladder) => !ladder.rules.includes('GD-RPT-3')),
};
