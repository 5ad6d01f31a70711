/** What decides a board's score (DDZ-SCORE-1…4), all known once the board has ended. */
export interface DdzScoreInput {
  /** The landlord's winning bid, 1 to 3 (DEC-DDZ-1). */
  readonly bid: number;
  /** Whether defender 1 and defender 2 doubled (DDZ-DBL-1). */
  readonly doubled: readonly [boolean, boolean];
  /** Whether the landlord redoubled (DDZ-DBL-2); counts only for a defender who doubled (DDZ-DBL-3). */
  readonly redoubled: boolean;
  /** Bombs played in the board, by anyone; four with two is no bomb. */
  readonly bombs: number;
  /** Rockets played in the board (0 or 1: one deck holds one rocket). */
  readonly rockets: number;
  /** DDZ-END-2 and DDZ-END-3. */
  readonly spring: boolean;
  readonly antiSpring: boolean;
  /** The side that went out first (DDZ-END-1). */
  readonly winner: 'landlord' | 'defenders';
}

export interface DdzScore {
  readonly defenders: readonly [number, number];
  readonly landlord: number;
}

/** A named factor of one defender's score, as the board-end card reads the formula. */
export interface DdzDefenderFactors {
  /** bid × W × 2^n. */
  readonly bid: number;
  readonly w: 1 | -1;
  readonly n: number;
}

/**
 * DDZ-SCORE-3/4: W and n for one defender: n = rockets + bombs + spring + antiSpring + d + d × r.
 * A redouble doubles only against a defender who doubled (DDZ-DBL-3).
 */
export function defenderFactors(input: DdzScoreInput, defender: 0 | 1): DdzDefenderFactors {
  const d = input.doubled[defender] ? 1 : 0;
  const r = input.redoubled ? 1 : 0;
  const n = input.rockets + input.bombs + (input.spring ? 1 : 0) + (input.antiSpring ? 1 : 0) + d + d * r;
  return { bid: input.bid, w: input.winner === 'defenders' ? 1 : -1, n };
}

/**
 * DDZ-SCORE-1: each defender scores bid × W × 2^n on his own; DDZ-SCORE-2: the landlord scores the
 * negative of their sum, so the three always sum to 0.
 */
export function scoreBoard(input: DdzScoreInput): DdzScore {
  const one = (defender: 0 | 1): number => {
    const { bid, w, n } = defenderFactors(input, defender);
    return bid * w * 2 ** n;
  };
  const defenders: [number, number] = [one(0), one(1)];
  // `0 - x` rather than `-x`: a board worth 0 must not score the landlord -0.
  return { defenders, landlord: 0 - (defenders[0] + defenders[1]) };
}
