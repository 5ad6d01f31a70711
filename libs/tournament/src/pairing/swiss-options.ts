/**
 * The choices the sources leave open for Swiss pairing, each a named option with a default
 * (docs/tournament-oracle.md lists them too).
 */
export interface SwissOptions {
  /**
   * Which document's pairing order: '000' pairs high against high from the top every round
   * (TRN-SWISS-1); '003' pairs odd rounds from the small numbers to the large and even rounds
   * from the large to the small (TRN-SWISS-7). Default '000'.
   */
  readonly rules: '000' | '003';
  /**
   * TRN-SWISS-7 open question: "小号/大号" read as standings positions ('standings': odd rounds
   * pair top-down, even rounds bottom-up) or as pair numbers ('pairNumber': score groups stay
   * top-down, within a group pairs are taken by ascending number in odd rounds, descending in
   * even ones). Default 'standings'. Only used under rules '003'.
   */
  readonly smallLargeMeans: 'standings' | 'pairNumber';
  /**
   * TRN-SWISS-1 open question (the round-1 snake is undefined): 'fold' sets 1 against N,
   * 2 against N−1 … (as round 1 of the appendix round-robin tables); 'slide' sets 1 against
   * N/2+1; 'lot' draws by lot from `seed` (003: the chief arbiter draws round 1). Default 'fold'.
   */
  readonly firstRound: 'fold' | 'slide' | 'lot';
  /** The seed of a draw by lot; required when firstRound is 'lot'. */
  readonly seed?: string;
  /**
   * TRN-SWISS-7: pairs of one unit (同一单位) do not meet in the last 2 rounds. The rounds of the
   * event, when known, switch this on for rounds totalRounds−1 and totalRounds.
   */
  readonly totalRounds?: number;
  /** Avoid same-unit meetings this round whatever the round (the oracle's avoidSameUnit). */
  readonly avoidSameUnit?: boolean;
  /**
   * TRN-SWISS-8 open question (who gets the bye, and may a pair get two): the bye goes to the
   * lowest-placed pair that has not had one ('lowestWithoutBye', the default), relaxed only when
   * no pairing works otherwise; 'lowest' lets a pair have a second bye freely.
   */
  readonly bye: 'lowestWithoutBye' | 'lowest';
  /**
   * The sources give no rule when no legal pairing exists. 'refuse' (the default) answers with
   * TRN-SWISS-1 rather than pair a rematch; 'allowRematch' pairs the fewest-constrained way and
   * reports the relaxation.
   */
  readonly whenNoLegalPairing: 'refuse' | 'allowRematch';
  /** Search steps per constraint tier before that tier counts as unsatisfiable. Default 2,000,000. */
  readonly budget: number;
}

export const DEFAULT_SWISS_OPTIONS: SwissOptions = {
  rules: '000',
  smallLargeMeans: 'standings',
  firstRound: 'fold',
  bye: 'lowestWithoutBye',
  whenNoLegalPairing: 'refuse',
  budget: 2_000_000,
};
