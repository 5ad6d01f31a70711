/**
 * TRN-SWISS-3: in the last 1–2 rounds the regulations may have leading pairs whose match ends in a
 * draw play one more deal. `lastRounds` is what the regulations set (0: never).
 */
export function swissExtraDealDue(input: {
  readonly round: number;
  readonly totalRounds: number;
  readonly lastRounds: 0 | 1 | 2;
  readonly leading: boolean;
  readonly draw: boolean;
}): boolean {
  return (
    input.draw && input.leading && input.lastRounds > 0 && input.round > input.totalRounds - input.lastRounds
  );
}

export type CorrectionVerdict =
  | { readonly ok: true; readonly pairingChanges: false }
  | { readonly ok: false; readonly rule: 'TRN-SWISS-9'; readonly error: string };

/**
 * TRN-SWISS-9: a scoring error is raised at the table before the players leave; a data-entry
 * error within 5 minutes after the next round's pairing is published. A correction never changes
 * a published pairing. Times are milliseconds on one clock.
 */
export function swissCorrectionAllowed(input: {
  readonly kind: 'scoring' | 'dataEntry';
  readonly raisedAt: number;
  readonly playersLeftAt?: number;
  readonly nextPairingPublishedAt?: number;
}): CorrectionVerdict {
  if (input.kind === 'scoring') {
    if (input.playersLeftAt !== undefined && input.raisedAt > input.playersLeftAt)
      return {
        ok: false,
        rule: 'TRN-SWISS-9',
        error: 'raisedAt: a scoring error must be raised at the table before the players leave',
      };
    return { ok: true, pairingChanges: false };
  }
  if (
    input.nextPairingPublishedAt !== undefined &&
    input.raisedAt > input.nextPairingPublishedAt + 5 * 60_000
  )
    return {
      ok: false,
      rule: 'TRN-SWISS-9',
      error: "raisedAt: a data-entry error must be raised within 5 minutes of the next round's pairing",
    };
  return { ok: true, pairingChanges: false };
}

/** TRN-SWISS-10: the 003 event's parameters. */
export const EVENT_003 = {
  maxPairs: 100,
  rounds: 6,
  dealsPerRound: 7,
  minAge: 18,
  maxAge: 75,
  roundMinutes: 60,
} as const;

/** TRN-SWISS-10: the 003 award for a final place. */
export function award003(place: number): '一等奖' | '二等奖' | '三等奖' | '优胜奖' | null {
  if (!Number.isInteger(place) || place < 1) return null;
  if (place <= 3) return '一等奖';
  if (place <= 8) return '二等奖';
  if (place <= 16) return '三等奖';
  if (place <= 30) return '优胜奖';
  return null;
}

/**
 * TRN-SWISS-10: the top 30% receive master points. Interpretation: 30% of the field rounded down,
 * computed in integers (pairs × 3 / 10).
 */
export function masterPointPlaces(pairs: number): number {
  return Math.floor((pairs * 3) / 10);
}

/** TRN-SWISS-10: an entry the 003 regulations accept, or the field that breaks them. */
export function entry003Problem(pairsSoFar: number, ages: readonly [number, number]): string | null {
  if (pairsSoFar >= EVENT_003.maxPairs)
    return `entrants: the 003 event takes at most ${EVENT_003.maxPairs} pairs`;
  for (const [i, age] of ages.entries())
    if (age < EVENT_003.minAge || age > EVENT_003.maxAge)
      return `ages.${i}: players must be 18–75, got ${age}`;
  return null;
}
