/** One match of a schedule: two pair numbers (1-based); 0 stands for a bye (TRN-RR-5). */
export type ScheduledMatch = readonly [number, number];
/** One round of a schedule: its matches in the order of the source tables. */
export type ScheduledRound = readonly ScheduledMatch[];

export type ScheduleMethod = 'berger' | 'fixedRotation';

/** An odd field plays with a phantom pair 0: whoever meets it has the bye that round (TRN-RR-5). */
function slots(pairs: number): number {
  if (!Number.isInteger(pairs) || pairs < 2) throw new RangeError(`pairs: need an integer ≥ 2, got ${pairs}`);
  return pairs % 2 === 0 ? pairs : pairs + 1;
}

/**
 * The Berger method (贝格尔编排法, 000 附录七/八), exactly as the appendix prints it.
 * The fixed slot n (0 for an odd field) meets x = (r+1)/2 as second-named in odd rounds and
 * x = r/2 + n/2 as first-named in even rounds; the other matches fan out from x as (x+k, x−k),
 * counted round 1…n−1.
 */
export function bergerSchedule(pairs: number): ScheduledRound[] {
  const n = slots(pairs);
  const fixed = n === pairs ? n : 0;
  const wrap = (v: number): number => ((((v - 1) % (n - 1)) + (n - 1)) % (n - 1)) + 1;
  const rounds: ScheduledRound[] = [];
  for (let r = 1; r <= n - 1; r += 1) {
    const x = r % 2 === 1 ? (r + 1) / 2 : r / 2 + n / 2;
    const first: ScheduledMatch = r % 2 === 1 ? [x, fixed] : [fixed, x];
    const rest: ScheduledMatch[] = [];
    for (let k = 1; k < n / 2; k += 1) rest.push([wrap(x + k), wrap(x - k)]);
    rounds.push([first, ...rest]);
  }
  return rounds;
}

/**
 * The fixed-rotation method (固定轮转编排法, 000 附录七/八): pair 1 stays put and the others move
 * one place round the circle each round (top row left to right after 1, bottom row right to left).
 */
export function fixedRotationSchedule(pairs: number): ScheduledRound[] {
  const n = slots(pairs);
  const last = n === pairs ? n : 0;
  let circle = [...Array.from({ length: n - 2 }, (_, i) => i + 2), last];
  const rounds: ScheduledRound[] = [];
  for (let r = 1; r <= n - 1; r += 1) {
    const top = [1, ...circle.slice(0, n / 2 - 1)];
    const bottom = circle.slice(n / 2 - 1).reverse();
    rounds.push(bottom.map((b, i): ScheduledMatch => [top[i] ?? 1, b]));
    circle = [...circle.slice(-1), ...circle.slice(0, -1)];
  }
  return rounds;
}

/** TRN-RR-2: a single round robin by the chosen appendix method. */
export function singleRoundRobin(pairs: number, method: ScheduleMethod = 'berger'): ScheduledRound[] {
  return method === 'berger' ? bergerSchedule(pairs) : fixedRotationSchedule(pairs);
}

/**
 * TRN-RR-3: a double round robin. The second cycle repeats the first with each match's order
 * reversed, so whatever the order within "a-b" decides (TRN-RR-5 leaves it open) swaps over.
 */
export function doubleRoundRobin(pairs: number, method: ScheduleMethod = 'berger'): ScheduledRound[] {
  const once = singleRoundRobin(pairs, method);
  return [...once, ...once.map((round) => round.map(([a, b]): ScheduledMatch => [b, a]))];
}
