/**
 * A tie-break value as the standings show it: an exact decimal string, a list compared term by
 * term (places counted 1st, 2nd, …), or nothing where the step cannot be computed.
 */
export type StepValue =
  | { readonly kind: 'number'; readonly value: string }
  | { readonly kind: 'counts'; readonly value: readonly number[] }
  | { readonly kind: 'none'; readonly reason: string };

/** One term of a value: where it came from (a round, a board, an opponent) and what it added. */
export interface Contribution {
  readonly round?: number;
  readonly board?: number;
  readonly opponent?: string;
  readonly value: string;
  readonly note?: string;
}

/** How one step of a chain was computed for one standings row. */
export interface StepExplanation {
  readonly rule: string;
  /** 1-based position of the step in its chain. */
  readonly step: number;
  readonly key: string;
  readonly better: 'higher' | 'lower';
  /** What the value is, in the rule's words. */
  readonly method: string;
  readonly value: StepValue;
  readonly contributions: readonly Contribution[];
  /**
   * The entrants still tied with this row when the step was taken (itself included): `count`
   * entries of the ranking from its `from`-th (1-based; the rows are in the ranking's order), for
   * a group still tied on every earlier step is always a run of the final order. Named by place,
   * not by id: a round-1 field of n pairs all tied would otherwise name n pairs in each of n rows.
   */
  readonly among: TiedRun;
}

/** A run of the ranking: `count` entries from the `from`-th (1-based). */
export interface TiedRun {
  readonly from: number;
  readonly count: number;
}
