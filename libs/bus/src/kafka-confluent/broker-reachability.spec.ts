import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BusSubscriptionHealth } from '../port';
import { watchBrokerReachability, type ConfluentHealthClient } from './broker-reachability';

/** A consumer handle whose metadata requests wait for the test to answer them. */
class FakeHandle extends EventEmitter implements ConfluentHealthClient {
  readonly pending: ((error: Error | null) => void)[] = [];
  getMetadata(_options: { timeout: number }, callback: (error: Error | null) => void): void {
    this.pending.push(callback);
  }
  answer(error: Error | null): void {
    this.pending.shift()?.(error);
  }
}

// node-rdkafka's error events, as a consumer of kcat's mock emitted them when the mock stopped.
const transportFailure = Object.assign(new Error('broker transport failure'), { code: -1 });
const allBrokersDown = Object.assign(new Error('all broker connections are down'), { code: -1 });

describe('a Confluent consumer reports its brokers going away and coming back (TC-SCALE-2)', () => {
  let handle: FakeHandle;
  let reports: BusSubscriptionHealth[];
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    handle = new FakeHandle();
    reports = [];
    stop = watchBrokerReachability(
      handle,
      'consumer of group g fetches nothing',
      (h) => reports.push(h),
      1_000,
    );
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('TC-SCALE-2: down on all-brokers-down (not on one transport failure), live on the first metadata answer after', () => {
    handle.emit('event.error', transportFailure);
    expect(reports).toEqual([]);
    handle.emit('event.error', allBrokersDown);
    handle.emit('event.error', allBrokersDown);
    expect(reports).toEqual([
      { live: false, reason: 'consumer of group g fetches nothing: all broker connections are down' },
    ]);

    vi.advanceTimersByTime(1_000);
    handle.answer(transportFailure);
    expect(reports).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    handle.answer(null);
    expect(reports.at(-1)).toEqual({ live: true });
    // Probing stops once the brokers are back; a later outage is reported again.
    vi.advanceTimersByTime(5_000);
    expect(handle.pending).toEqual([]);
    handle.emit('event.error', allBrokersDown);
    expect(reports.map((r) => r.live)).toEqual([false, true, false]);
  });

  it('TC-SCALE-2: reports nothing once stopped (the subscription closed)', () => {
    handle.emit('event.error', allBrokersDown);
    vi.advanceTimersByTime(1_000);
    stop();
    handle.answer(null);
    handle.emit('event.error', allBrokersDown);
    expect(reports.map((r) => r.live)).toEqual([false]);
  });
});
