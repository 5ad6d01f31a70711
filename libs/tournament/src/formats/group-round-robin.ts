import { singleRoundRobin, type ScheduledRound, type ScheduleMethod } from './round-robin';

export interface RoundRobinGroup<T> {
  /** The group's entrants; schedule number k is `entrants[k - 1]`. */
  readonly entrants: readonly T[];
  readonly rounds: ScheduledRound[];
}

/**
 * TRN-RR-1: group round robin. Entrants arrive in seed order (by grade or results) and are dealt
 * to the groups in a snake (1→A, 2→B, …, then back), so every group gets a like share of strength.
 * Interpretation: the source says groups are seeded but not how; the snake is the usual reading.
 */
export function groupRoundRobin<T>(
  seeded: readonly T[],
  groups: number,
  method: ScheduleMethod = 'berger',
): RoundRobinGroup<T>[] {
  if (!Number.isInteger(groups) || groups < 1)
    throw new RangeError(`groups: need an integer ≥ 1, got ${groups}`);
  if (seeded.length < groups * 2)
    throw new RangeError(`groups: ${seeded.length} entrants cannot fill ${groups} groups of at least 2`);
  const members: T[][] = Array.from({ length: groups }, () => []);
  seeded.forEach((entrant, i) => {
    const lap = Math.floor(i / groups);
    const at = i % groups;
    members[lap % 2 === 0 ? at : groups - 1 - at]?.push(entrant);
  });
  return members.map((entrants) => ({ entrants, rounds: singleRoundRobin(entrants.length, method) }));
}
