import { levelIndex, type Level } from '../scoring/levels';

/** A pair's state at the time-out of a 004 knockout game. */
export interface KnockoutSide {
  readonly entrant: string;
  readonly level: Level;
  /** When it reached that level, in the game's own order (the deal number, or a time): smaller is earlier. */
  readonly reachedAt: number;
}

/**
 * TRN-TB-3 and TRN-KO-6 (004 七): at time-out the higher level wins (A+, past A, above every
 * level); at equal levels the pair that reached it first. The same instant at the same level
 * cannot happen in one game: it is refused, naming the field.
 */
export function knockout004Winner(
  a: KnockoutSide,
  b: KnockoutSide,
): { readonly winner: string; readonly rule: string; readonly reason: string } {
  const d = levelIndex(a.level) - levelIndex(b.level);
  if (d !== 0)
    return { winner: d > 0 ? a.entrant : b.entrant, rule: 'TRN-KO-6', reason: 'higher level at time-out' };
  if (a.reachedAt === b.reachedAt)
    throw new RangeError(
      `reachedAt: both pairs reached ${a.level} at ${String(a.reachedAt)}; one of them reached it first`,
    );
  return {
    winner: a.reachedAt < b.reachedAt ? a.entrant : b.entrant,
    rule: 'TRN-TB-3',
    reason: `equal levels (${a.level}): the pair that reached it first`,
  };
}
