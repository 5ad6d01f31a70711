/**
 * Open-loop load for a latency benchmark. Each table sends on a fixed schedule whatever the server
 * does, and each round trip is timed from its SCHEDULED send. A closed loop (send the next command
 * when the answer arrives, time it from the actual send) lets a stalled server hold back the very
 * sends that would have seen the stall, so the stall is counted once instead of once per command
 * it delayed ("coordinated omission"); here a late send is charged the time it waited.
 */

/** A clock in milliseconds; the bench passes a real one, the spec a fake one it moves by hand. */
export interface OpenLoopClock {
  /** Monotonic time in ms. */
  now(): number;
  /** Resolves once `now()` is at least `ms`. */
  sleepUntil(ms: number): Promise<void>;
}

/** One round trip of one table: when it was due, when it went out, when its answer was in. */
export interface OpenLoopSample {
  readonly scheduledMs: number;
  readonly sentMs: number;
  readonly doneMs: number;
}

/** The gap between a table's sends at `ratePerSecond` commands/s. */
export function periodMs(ratePerSecond: number): number {
  if (!Number.isFinite(ratePerSecond) || ratePerSecond <= 0) {
    throw new Error(`rate must be a positive number of commands/s, got ${String(ratePerSecond)}`);
  }
  return 1000 / ratePerSecond;
}

/**
 * When table `table` (0-based, of `tables`) is due to send its `index`-th command. The tables'
 * schedules are spread evenly over one period, so the offered load arrives at an even rate
 * instead of in bursts of one command from every table at the same instant.
 */
export function scheduledSendMs(
  startMs: number,
  period: number,
  table: number,
  tables: number,
  index: number,
): number {
  return startMs + (table * period) / tables + index * period;
}

/** What the bench reports: from the scheduled send to the answer (includes any wait to send). */
export function latencyMs(sample: OpenLoopSample): number {
  return sample.doneMs - sample.scheduledMs;
}

/** What a closed loop would report: from the actual send to the answer (hides the wait). */
export function serviceMs(sample: OpenLoopSample): number {
  return sample.doneMs - sample.sentMs;
}

/** How late a send went out: the table's previous round trip still running, or the client's timer. */
export function sendLagMs(sample: OpenLoopSample): number {
  return sample.sentMs - sample.scheduledMs;
}

/**
 * Plays `count` round trips of one table, one at a time, each sent at its scheduled time or, if
 * the previous one is still running then, the moment that one finishes. The table never skips a
 * send and never sends two at once (a match takes one command at a time, each at the revision
 * the previous answer returned).
 */
export async function runOpenLoopTable(options: {
  readonly count: number;
  readonly scheduledAt: (index: number) => number;
  readonly clock: OpenLoopClock;
  readonly roundTrip: (index: number) => Promise<void>;
}): Promise<OpenLoopSample[]> {
  const { count, scheduledAt, clock, roundTrip } = options;
  const samples: OpenLoopSample[] = [];
  for (let index = 0; index < count; index += 1) {
    const scheduledMs = scheduledAt(index);
    if (clock.now() < scheduledMs) await clock.sleepUntil(scheduledMs);
    const sentMs = clock.now();
    await roundTrip(index);
    samples.push({ scheduledMs, sentMs, doneMs: clock.now() });
  }
  return samples;
}

/**
 * The rate the server actually kept up with: round trips answered per second, from the first
 * scheduled send to the last answer. Below the server's capacity it equals the offered rate;
 * above it, it is the capacity and the latencies grow with the length of the run.
 */
export function achievedPerSecond(samples: readonly OpenLoopSample[]): number {
  if (samples.length === 0) throw new Error('achieved rate of no samples');
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const sample of samples) {
    first = Math.min(first, sample.scheduledMs);
    last = Math.max(last, sample.doneMs);
  }
  return (samples.length * 1000) / (last - first);
}

/**
 * The real clock: `performance.now()`. A timer that fires late delays the send, and that lateness
 * is charged to the round trip like any other wait (the bench reports it as the send lag).
 */
export const monotonicClock: OpenLoopClock = {
  now: () => performance.now(),
  async sleepUntil(ms: number): Promise<void> {
    // setTimeout counts whole ms on the event loop's cached clock, so it may fire up to 1 ms before
    // or after the precise time; sleep the whole ms, then yield to I/O until the precise clock is
    // there (under 1 ms of polling per send instead of up to 2 ms of lag).
    const whole = Math.floor(ms - performance.now());
    if (whole > 0) await new Promise((resolve) => setTimeout(resolve, whole));
    while (performance.now() < ms) await new Promise((resolve) => setImmediate(resolve));
  },
};

/**
 * Whether the server kept up with the offered load: answered at least 95 % of the offered rate
 * over the run (the last answers trail the last sends by one latency, so a kept-up run of a few
 * seconds lands just under 100 %). A higher load than one it did not keep up with only measures
 * how long the backlog grew; a sweep stops there.
 */
export function keptUp(offeredPerSecond: number, achieved: number): boolean {
  return achieved >= 0.95 * offeredPerSecond;
}
