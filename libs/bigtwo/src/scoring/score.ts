import type { BigTwoRules } from '../combos/rules';

/** One player's end of board (B2-END-1): cards left, and his show and double choices (B2-SHOW-1, B2-DBL-1). */
export interface B2PlayerResult {
  readonly left: number;
  readonly showed: boolean;
  readonly doubled: boolean;
}

/** The four players of a table, in seat order. */
export interface B2ScoreInput {
  readonly players: readonly B2PlayerResult[];
}

export interface B2Score {
  /** B2-SCORE-1: each player's card points. */
  readonly cardPoints: readonly number[];
  /** B2-SCORE-2: each player's score; they sum to 0 (B2-SCORE-3). */
  readonly scores: readonly number[];
}

/** B2-SCORE-1, DEC-B2-2: card points for `left` cards in hand (0…13). */
export function cardPoints(left: number, rules: BigTwoRules): number {
  const points = Number.isInteger(left) ? rules.cardPointsByLeft[left] : undefined;
  if (points === undefined) throw new RangeError(`left: cards left must be a whole number 0…13, got ${left}`);
  return points;
}

/** B2-DBL-2: the player's factor, show × double. */
export function playerFactor(player: B2PlayerResult, rules: BigTwoRules): number {
  return (player.showed ? rules.showFactor : 1) * (player.doubled ? rules.doubleFactor : 1);
}

/**
 * B2-SCORE-2: score(A) = Σ over the other three X of (P_X − P_A) × factor_A × factor_X, each pairwise
 * term with only the two players' own factors; B2-SCORE-3: the four scores sum to 0.
 */
export function scoreBoard(input: B2ScoreInput, rules: BigTwoRules): B2Score {
  if (input.players.length !== 4)
    throw new RangeError(`players: a Big Two table has 4 players, got ${input.players.length}`);
  const points = input.players.map((player, seat) => {
    try {
      return cardPoints(player.left, rules);
    } catch (error) {
      throw new RangeError(`players.${seat}.${(error as Error).message}`, { cause: error });
    }
  });
  const factors = input.players.map((player) => playerFactor(player, rules));
  const scores = points.map((own, a) => {
    let score = 0;
    for (let x = 0; x < 4; x += 1) {
      if (x === a) continue;
      score += ((points[x] ?? 0) - own) * (factors[a] ?? 1) * (factors[x] ?? 1);
    }
    return score;
  });
  return { cardPoints: points, scores };
}
