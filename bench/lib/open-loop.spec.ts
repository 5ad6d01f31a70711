import { describe, expect, it } from 'vitest';
import {
  achievedPerSecond,
  keptUp,
  latencyMs,
  monotonicClock,
  periodMs,
  runOpenLoopTable,
  scheduledSendMs,
  sendLagMs,
  serviceMs,
  type OpenLoopClock,
  type OpenLoopSample,
} from './open-loop';
import { summarize } from './stats';

/** A clock that only moves when told: sleeping jumps to the wake time, a round trip adds its cost. */
function fakeClock(): OpenLoopClock & { advance(ms: number): void } {
  let now = 0;
  return {
    now: () => now,
    sleepUntil: (ms) => {
      now = Math.max(now, ms);
      return Promise.resolve();
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

/** One table at one command every `period` ms against a server taking `costs[i]` ms for round trip i. */
async function play(period: number, costs: readonly number[]): Promise<OpenLoopSample[]> {
  const clock = fakeClock();
  let inFlight = 0;
  const samples = await runOpenLoopTable({
    count: costs.length,
    scheduledAt: (index) => scheduledSendMs(0, period, 0, 1, index),
    clock,
    roundTrip: async (index) => {
      inFlight += 1;
      expect(inFlight).toBe(1);
      await Promise.resolve();
      clock.advance(costs[index] ?? 0);
      inFlight -= 1;
    },
  });
  for (const sample of samples) expect(sample.sentMs).toBeGreaterThanOrEqual(sample.scheduledMs);
  return samples;
}

describe('open-loop schedule', () => {
  it('spreads 8 tables at 25 commands/s evenly: one send every 5 ms, 200 commands/s offered', () => {
    const period = periodMs(25);
    expect(period).toBe(40);
    const firstRound = Array.from({ length: 8 }, (_, table) => scheduledSendMs(1000, period, table, 8, 0));
    expect(firstRound).toEqual([1000, 1005, 1010, 1015, 1020, 1025, 1030, 1035]);
    expect(scheduledSendMs(1000, period, 3, 8, 10)).toBe(1000 + 15 + 400);
  });

  it('rejects a rate that is not a positive number, naming the rate', () => {
    for (const bad of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => periodMs(bad)).toThrow(/rate must be a positive number of commands\/s/);
    }
  });
});

describe('open-loop latency (coordinated omission corrected)', () => {
  it('times every round trip from its schedule: a fast server is measured at its own cost', async () => {
    const samples = await play(40, [5, 5, 5, 5]);
    expect(samples.map(latencyMs)).toEqual([5, 5, 5, 5]);
    expect(samples.map(sendLagMs)).toEqual([0, 0, 0, 0]);
    expect(samples.map((s) => s.sentMs)).toEqual([0, 40, 80, 120]);
  });

  it('charges a 200 ms stall to every later send it delayed, not just to the one that stalled', async () => {
    const samples = await play(40, [5, 5, 200, 5, 5, 5, 5, 5, 5]);
    // Sends 3..7 were due while send 2 was stuck; each goes out as the previous one finishes.
    expect(samples.map((s) => s.sentMs)).toEqual([0, 40, 80, 280, 285, 290, 295, 300, 320]);
    expect(samples.map(latencyMs)).toEqual([5, 5, 200, 165, 130, 95, 60, 25, 5]);
    // A closed loop timing from the actual send sees the stall once and the rest as fast.
    expect(samples.map(serviceMs)).toEqual([5, 5, 200, 5, 5, 5, 5, 5, 5]);
    expect(summarize(samples.map(serviceMs)).median).toBe(5);
    expect(summarize(samples.map(latencyMs)).median).toBe(60);
    // Once the backlog has drained the table is back on its schedule.
    expect(samples.map(sendLagMs)[8]).toBe(0);
  });

  it('over capacity the latencies grow without bound and the achieved rate is the capacity', async () => {
    // 25 commands/s offered to a server that takes 50 ms each (20 commands/s).
    const samples = await play(
      40,
      Array.from({ length: 20 }, () => 50),
    );
    const latencies = samples.map(latencyMs);
    expect(latencies).toEqual(latencies.map((_, index) => 50 + 10 * index));
    expect(achievedPerSecond(samples)).toBe(20);
  });

  it('below capacity the achieved rate is the offered one', async () => {
    const samples = await play(
      40,
      Array.from({ length: 10 }, () => 40),
    );
    // 10 round trips from the first scheduled send (0) to the last answer (9 × 40 + 40 ms).
    expect(achievedPerSecond(samples)).toBe(25);
  });
});

describe('keptUp', () => {
  it('counts a run answered at 95 % or more of the offered rate as kept up, and less as saturated', () => {
    expect(keptUp(200, 200)).toBe(true);
    expect(keptUp(200, 190)).toBe(true);
    expect(keptUp(200, 189.9)).toBe(false);
    expect(keptUp(400, 330)).toBe(false);
  });
});

describe('monotonicClock', () => {
  it('does not wake before the time asked for', async () => {
    const target = monotonicClock.now() + 15;
    await monotonicClock.sleepUntil(target);
    expect(monotonicClock.now()).toBeGreaterThanOrEqual(target);
  });
});
