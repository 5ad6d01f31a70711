import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fixKafkaJsIdleTimerLoop } from './request-queue-idle-fix';

interface RequestQueue {
  pending: unknown[];
  throttledUntil: number;
  checkPendingRequests(): void;
  destroy(): void;
}
type RequestQueueClass = new (options: Record<string, unknown>) => RequestQueue;

const load = createRequire(__filename);
const silent = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** How often an idle queue's pending check runs within `ms` after one response arrived. */
async function checksWithin(ms: number, setUp?: (queue: RequestQueue) => void): Promise<number> {
  const RequestQueue = load('kafkajs/src/network/requestQueue') as RequestQueueClass;
  const queue = new RequestQueue({
    maxInFlightRequests: 1,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'test',
    broker: 'mock:1',
    logger: silent,
  });
  setUp?.(queue);
  let checks = 0;
  const check = queue.checkPendingRequests.bind(queue);
  queue.checkPendingRequests = () => {
    checks += 1;
    check();
  };
  queue.checkPendingRequests(); // what a fulfilled request does
  await new Promise((resolve) => setTimeout(resolve, ms));
  queue.destroy();
  return checks;
}

describe('kafkajs idle timer fix (tulios/kafkajs#1556)', () => {
  it('stops an idle connection re-checking its empty queue every millisecond, keeps a throttle end', async () => {
    // Unfixed, the check re-arms a 1 ms timer forever: dozens of runs in 100 ms.
    expect(await checksWithin(100)).toBeGreaterThan(10);

    expect(fixKafkaJsIdleTimerLoop()).toBe(true);
    expect(fixKafkaJsIdleTimerLoop()).toBe(true); // idempotent
    expect(await checksWithin(100)).toBe(1);
    // A throttled connection still checks when the throttle ends, then stops (a loop would make
    // dozens). Once or twice: kafkajs' timer counts from the event loop's cached time, which can
    // lag Date.now(), so under load it may fire a millisecond before the throttle's end and check
    // once more right after it (seen in CI: 3).
    const throttled = await checksWithin(100, (queue) => {
      queue.throttledUntil = Date.now() + 30;
    });
    expect(throttled).toBeGreaterThanOrEqual(2);
    expect(throttled).toBeLessThanOrEqual(3);
  });

  it('leaves any other kafkajs release alone', () => {
    const other = (id: string): unknown => {
      if (id === 'kafkajs/package.json') return { version: '2.3.0' };
      throw new Error(`should not load ${id}`);
    };
    expect(fixKafkaJsIdleTimerLoop(other)).toBe(false);
  });
});
