import { describe, expect, it } from 'vitest';
import { describeFeedBusContract } from '../contract/feed-bus.contract';
import { frame, range } from '../contract/fixtures';
import { Recorder } from '../contract/recorder';
import { waitFor } from '../contract/wait-for';
import { BusConfigurationError } from '../errors';
import { createInProcessBus } from './in-process-bus';

describeFeedBusContract('in-process', () => Promise.resolve(createInProcessBus()), {
  testTimeoutMs: 5_000,
  deliveryTimeoutMs: 2_000,
  quietPeriodMs: 20,
  concurrent: false,
});

describe('in-process bus specifics', () => {
  it('has handed a message to idle synchronous subscribers by the time publish returns', () => {
    const bus = createInProcessBus();
    const gateway = new Recorder();
    void bus.subscribe(gateway.handler);
    // subscribe registers synchronously; publish delivers synchronously.
    void bus.publish(frame('venue', 'm-1', 0));
    expect(gateway.labels()).toEqual(['venue/m-1/0']);
  });

  it('hands every subscriber the same payload object, with no copy or re-encoding', async () => {
    const bus = createInProcessBus();
    const [a, b] = [new Recorder(), new Recorder()];
    await bus.subscribe(a.handler);
    await bus.subscribe(b.handler);
    const payload = Buffer.from('frame bytes');
    await bus.publish({ audience: 'broadcast', matchId: 'm-1', seq: 0, payload });
    expect(a.received[0]?.payload).toBe(payload);
    expect(b.received[0]?.payload).toBe(payload);
  });

  it('lets a slow subscriber queue in order without delaying the publisher or the others', async () => {
    const bus = createInProcessBus();
    const fast = new Recorder();
    const slow: number[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await bus.subscribe(async (message) => {
      await gate;
      slow.push(message.seq);
    });
    await bus.subscribe(fast.handler);

    for (const seq of range(50)) await bus.publish(frame('venue', 'm-1', seq));
    expect(fast.seqs('m-1')).toEqual(range(50));
    expect(slow).toEqual([]);

    release();
    await waitFor('the slow subscriber to catch up', () => slow.length === 50, { timeoutMs: 2_000 });
    expect(slow).toEqual(range(50));
  });

  it('drops a subscriber whose backlog passes the bound and tells its onError, not the publisher', async () => {
    const bus = createInProcessBus({ maxQueuedPerSubscription: 3 });
    const stuck = new Recorder();
    const healthy = new Recorder();
    await bus.subscribe(() => new Promise<void>(() => undefined), { onError: stuck.onError });
    await bus.subscribe(healthy.handler);

    // The first frame is in the stuck handler; three wait; the fifth overflows.
    for (const seq of range(6)) await bus.publish(frame('venue', 'm-1', seq));

    expect(stuck.errors.map((error) => [error.reason, error.where.seq])).toEqual([['overflow', 4]]);
    expect(stuck.errors[0]?.message).toContain('more than 3 messages waiting');
    expect(healthy.seqs('m-1')).toEqual(range(6));
  });

  it('delivers messages published from inside a handler after the current one, in order', async () => {
    const bus = createInProcessBus();
    const seen: string[] = [];
    await bus.subscribe((message) => {
      seen.push(`${message.matchId}/${message.seq}`);
      if (message.matchId === 'm-1' && message.seq === 0) void bus.publish(frame('venue', 'm-2', 0));
    });
    await bus.publish(frame('venue', 'm-1', 0));
    await bus.publish(frame('venue', 'm-1', 1));
    expect(seen).toEqual(['m-1/0', 'm-2/0', 'm-1/1']);
  });

  it('splits a shared group only among the members that take the audience', async () => {
    const bus = createInProcessBus();
    const venueOnly = new Recorder();
    const venueAndStaff = new Recorder();
    await bus.subscribe(venueOnly.handler, { audiences: ['venue'], groupId: 'gateways' });
    await bus.subscribe(venueAndStaff.handler, { audiences: ['venue', 'staff'], groupId: 'gateways' });
    const matches = range(10).map((i) => `m-${i}`);

    for (const matchId of matches) {
      await bus.publish(frame('staff', matchId, 0));
      await bus.publish(frame('venue', matchId, 0));
    }

    expect(venueOnly.received.every((message) => message.audience === 'venue')).toBe(true);
    expect(venueAndStaff.seqs('m-0', 'staff')).toEqual([0]);
    expect(venueAndStaff.received.filter((message) => message.audience === 'staff')).toHaveLength(10);
    const venueFrames = [...venueOnly.labels(), ...venueAndStaff.labels()].filter((l) =>
      l.startsWith('venue/'),
    );
    expect(venueFrames.sort()).toEqual(matches.map((matchId) => `venue/${matchId}/0`).sort());
    expect(venueOnly.received.length, 'the venue-only member got a share').toBeGreaterThan(0);
  });

  it('hands a late reader the latest frame of every (match, audience) it asks for, and of no other audience', async () => {
    const bus = createInProcessBus();
    for (const seq of range(3)) {
      await bus.publish(frame('venue', 'm-1', seq));
      await bus.publish(frame('staff', 'm-1', seq));
    }
    await bus.publish(frame('venue', 'm-2', 0));
    const latest = new Recorder();
    expect(await bus.readLatest(latest.handler, { audiences: ['venue', 'broadcast'] })).toBe(2);
    expect(latest.labels()).toEqual(['venue/m-1/2', 'venue/m-2/0']);
  });

  it('refuses a non-positive queue bound', () => {
    expect(() => createInProcessBus({ maxQueuedPerSubscription: 0 })).toThrow(BusConfigurationError);
  });
});
