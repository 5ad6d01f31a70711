import { describe, it, type TestContext } from 'vitest';
import type { BusMessage } from '../bus-message';
import { BusClosedError, BusConfigurationError, InvalidBusMessageError } from '../errors';
import type { FeedBus } from '../port';
import { frame, interleavedFrames, range } from './fixtures';
import { Recorder, label } from './recorder';
import { delay, waitFor } from './wait-for';

export interface FeedBusContractOptions {
  /** Per test; Kafka consumer-group joins take seconds on the mock. */
  readonly testTimeoutMs: number;
  /** Longest wait for deliveries that must arrive. */
  readonly deliveryTimeoutMs: number;
  /** How long a test keeps watching, after the expected deliveries, for ones that must not come. */
  readonly quietPeriodMs: number;
  /** Run the tests of the suite concurrently (each has its own bus, so they cannot interfere). */
  readonly concurrent: boolean;
}

/**
 * The one behaviour every feed-bus adapter must show (see the contract in `port.ts`).
 * `createBus` must return a fresh, isolated bus on each call.
 */
export function describeFeedBusContract(
  adapter: string,
  createBus: () => Promise<FeedBus>,
  options: FeedBusContractOptions,
): void {
  const suite = options.concurrent ? describe.concurrent : describe;
  const test = (name: string, body: (context: TestContext, bus: FeedBus) => Promise<void>): void => {
    it(name, { timeout: options.testTimeoutMs }, async (context) => {
      const bus = await createBus();
      context.onTestFinished(() => bus.close());
      await body(context, bus);
    });
  };
  const arrived = (recorder: Recorder, count: number, what: string): Promise<void> =>
    waitFor(`${count} ${what}`, () => recorder.received.length >= count, {
      timeoutMs: options.deliveryTimeoutMs,
      observed: () => `${recorder.received.length}: ${recorder.labels().slice(0, 12).join(', ')}`,
    });
  const publishAll = async (bus: FeedBus, messages: readonly BusMessage[]): Promise<void> => {
    // All calls are made before any settles: the adapter, not the caller, must keep the order.
    await Promise.all(messages.map((message) => bus.publish(message)));
  };

  suite(`feed bus contract: ${adapter}`, () => {
    test('delivers audience, match, seq and the very payload: text stays text, bytes stay bytes', async ({
      expect,
    }, bus) => {
      const gateway = new Recorder();
      await bus.subscribe(gateway.handler, { onError: gateway.onError });
      const bytes = Buffer.from([0x00, 0xff, 0x7b, 0x22, 0x80]);
      await bus.publish({
        audience: 'venue',
        matchId: 'final-1',
        seq: 0,
        payload: '{"t":"snapshot","who":"王"}',
      });
      await bus.publish({ audience: 'venue', matchId: 'final-1', seq: 1, payload: bytes });

      await arrived(gateway, 2, 'frames');
      const [text, binary] = gateway.received;
      expect(text).toEqual({
        audience: 'venue',
        matchId: 'final-1',
        seq: 0,
        payload: '{"t":"snapshot","who":"王"}',
      });
      expect(binary?.seq).toBe(1);
      expect(Buffer.isBuffer(binary?.payload)).toBe(true);
      expect(Buffer.compare(binary?.payload as Buffer, bytes)).toBe(0);
      expect(gateway.errors).toEqual([]);
    });

    test('keeps every match in publish order when matches interleave and publishes overlap', async ({
      expect,
    }, bus) => {
      const gateway = new Recorder();
      await bus.subscribe(gateway.handler, { audiences: ['broadcast'], onError: gateway.onError });
      const matches = ['m-a', 'm-b', 'm-c', 'm-d', 'm-e'];
      const messages = interleavedFrames('broadcast', matches, 40, 7);

      await publishAll(bus, messages);

      await arrived(gateway, messages.length, 'interleaved frames');
      for (const matchId of matches) expect(gateway.seqs(matchId), matchId).toEqual(range(40));
      expect(gateway.received.length).toBe(messages.length);
    });

    test('delivers only the audiences a subscriber asked for; no audiences means all', async ({
      expect,
    }, bus) => {
      const venueScreens = new Recorder();
      const staffDesk = new Recorder();
      const everything = new Recorder();
      await Promise.all([
        bus.subscribe(venueScreens.handler, { audiences: ['venue'] }),
        bus.subscribe(staffDesk.handler, { audiences: ['staff', 'broadcast'] }),
        bus.subscribe(everything.handler),
      ]);
      const messages = (['staff', 'venue', 'broadcast', 'commentary'] as const).flatMap((audience) =>
        range(3).map((seq) => frame(audience, 'm-1', seq)),
      );

      await publishAll(bus, messages);

      await arrived(everything, messages.length, 'frames of every audience');
      await arrived(venueScreens, 3, 'venue frames');
      await arrived(staffDesk, 6, 'staff and broadcast frames');
      await delay(options.quietPeriodMs);
      expect(everything.labels()).toEqual(messages.map(label).sort());
      expect(venueScreens.labels()).toEqual(['venue/m-1/0', 'venue/m-1/1', 'venue/m-1/2']);
      expect(staffDesk.received.map((message) => message.audience).sort()).toEqual([
        'broadcast',
        'broadcast',
        'broadcast',
        'staff',
        'staff',
        'staff',
      ]);
    });

    test('two gateway subscriptions each receive every message, in order', async ({ expect }, bus) => {
      const gatewayA = new Recorder();
      const gatewayB = new Recorder();
      await Promise.all([
        bus.subscribe(gatewayA.handler, { audiences: ['venue'] }),
        bus.subscribe(gatewayB.handler, { audiences: ['venue'] }),
      ]);
      const messages = interleavedFrames('venue', ['m-1', 'm-2', 'm-3'], 20, 11);

      await publishAll(bus, messages);

      await arrived(gatewayA, messages.length, 'frames at gateway A');
      await arrived(gatewayB, messages.length, 'frames at gateway B');
      for (const gateway of [gatewayA, gatewayB]) {
        for (const matchId of ['m-1', 'm-2', 'm-3']) expect(gateway.seqs(matchId)).toEqual(range(20));
      }
    });

    test('a shared groupId splits the matches: each message once, each match whole and in order', async ({
      expect,
    }, bus) => {
      const first = new Recorder();
      const second = new Recorder();
      await Promise.all([
        // Joining together is the hard case for a group; a member's consumer may crash and
        // rejoin on the way (reported to onError), but no frame may be lost or doubled.
        bus.subscribe(first.handler, { audiences: ['venue'], groupId: 'gateways', onError: first.onError }),
        bus.subscribe(second.handler, { audiences: ['venue'], groupId: 'gateways', onError: second.onError }),
      ]);
      const matches = range(12).map((i) => `m-${i}`);
      const messages = interleavedFrames('venue', matches, 5, 3);

      await publishAll(bus, messages);

      const total = (): number => first.received.length + second.received.length;
      await waitFor(`${messages.length} frames across the group`, () => total() >= messages.length, {
        timeoutMs: options.deliveryTimeoutMs,
        observed: () => String(total()),
      });
      await delay(options.quietPeriodMs);
      expect(first.received.length > 0 && second.received.length > 0, 'both members got matches').toBe(true);
      // Stable membership: each message once, each match at one member. A member's consumer that
      // crashed and rejoined on the way changed the membership, and a durable adapter delivers at
      // least once (port.ts): a frame in flight may come again, to either member, but none is lost
      // and each member still has its matches in order once repeats are dropped by seq.
      const churned = [...first.errors, ...second.errors].some(
        (error) => error.reason === 'consumer-crashed',
      );
      const delivered = [...first.labels(), ...second.labels()].sort();
      const expected = messages.map(label).sort();
      expect(churned ? [...new Set(delivered)] : delivered).toEqual(expected);
      for (const matchId of matches) {
        const atFirst = first.seqs(matchId);
        const atSecond = second.seqs(matchId);
        if (!churned) {
          expect(atFirst.length === 0 || atSecond.length === 0, `${matchId} went to one member`).toBe(true);
          expect([...atFirst, ...atSecond]).toEqual(range(5));
        }
        for (const seqs of [atFirst, atSecond]) {
          const firstTimes = seqs.filter((seq, at) => seqs.indexOf(seq) === at);
          expect(firstTimes, `${matchId} in order at each member`).toEqual(
            [...firstTimes].sort((a, b) => a - b),
          );
        }
      }
    });

    test('a handler is never re-entered: the next message waits for its promise', async ({ expect }, bus) => {
      let running = 0;
      let mostAtOnce = 0;
      const seen: number[] = [];
      await bus.subscribe(async (message) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await delay(2);
        seen.push(message.seq);
        running -= 1;
      });

      await publishAll(
        bus,
        range(15).map((seq) => frame('venue', 'm-1', seq)),
      );

      await waitFor('15 slow deliveries', () => seen.length >= 15, { timeoutMs: options.deliveryTimeoutMs });
      expect(seen).toEqual(range(15));
      expect(mostAtOnce).toBe(1);
    });

    test('close() of one subscription stops its delivery; the others carry on', async ({ expect }, bus) => {
      const leaving = new Recorder();
      const staying = new Recorder();
      const [subscription] = await Promise.all([
        bus.subscribe(leaving.handler, { audiences: ['venue'] }),
        bus.subscribe(staying.handler, { audiences: ['venue'] }),
      ]);
      await publishAll(
        bus,
        range(5).map((seq) => frame('venue', 'm-1', seq)),
      );
      await arrived(leaving, 5, 'frames before close');

      await subscription.close();
      await publishAll(
        bus,
        range(5).map((seq) => frame('venue', 'm-1', 5 + seq)),
      );

      await arrived(staying, 10, 'frames at the remaining subscriber');
      await delay(options.quietPeriodMs);
      expect(leaving.seqs('m-1')).toEqual(range(5));
      expect(staying.seqs('m-1')).toEqual(range(10));
    });

    test('close() waits for the handler call in progress, and no call starts after it', async ({
      expect,
    }, bus) => {
      const started: number[] = [];
      let finished = 0;
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const subscription = await bus.subscribe(
        async (message) => {
          started.push(message.seq);
          await gate;
          finished += 1;
        },
        { audiences: ['venue'] },
      );
      await publishAll(
        bus,
        range(3).map((seq) => frame('venue', 'm-1', seq)),
      );
      await waitFor('the first handler call', () => started.length === 1, {
        timeoutMs: options.deliveryTimeoutMs,
      });

      let closed = false;
      const closing = subscription.close().then(() => (closed = true));
      await delay(options.quietPeriodMs);
      expect(closed, 'close() resolved while a handler was still running').toBe(false);
      release();
      await closing;

      expect(finished).toBe(1);
      await delay(options.quietPeriodMs);
      expect(started).toEqual([0]);
    });

    test('reports a failing handler to onError and continues with the next message', async ({
      expect,
    }, bus) => {
      const gateway = new Recorder();
      await bus.subscribe(
        (message) => {
          if (message.seq === 1) throw new Error('socket write failed');
          gateway.received.push(message);
        },
        { onError: gateway.onError },
      );

      await publishAll(
        bus,
        range(3).map((seq) => frame('venue', 'm-1', seq)),
      );

      await arrived(gateway, 2, 'frames around the failure');
      expect(gateway.seqs('m-1')).toEqual([0, 2]);
      expect(gateway.errors.map((error) => [error.reason, error.where.seq])).toEqual([['handler-failed', 1]]);
      expect(gateway.errors[0]?.message).toContain('socket write failed');
    });

    test('refuses publish and subscribe after close() with BusClosedError', async ({ expect }, bus) => {
      const gateway = new Recorder();
      await bus.subscribe(gateway.handler);
      await bus.close();

      await expect(bus.publish(frame('venue', 'm-1', 0))).rejects.toThrow(BusClosedError);
      await expect(bus.publish(frame('venue', 'm-1', 0))).rejects.toThrow(
        'feed bus is closed: publish of match m-1 venue seq 0 was refused',
      );
      await expect(bus.subscribe(gateway.handler)).rejects.toThrow(BusClosedError);
      await delay(options.quietPeriodMs);
      expect(gateway.received).toEqual([]);
    });

    test('refuses a malformed message with InvalidBusMessageError and delivers nothing of it', async ({
      expect,
    }, bus) => {
      const gateway = new Recorder();
      await bus.subscribe(gateway.handler);
      const bad = [
        { ...frame('venue', 'm-1', 0), seq: -1 },
        { ...frame('venue', 'm-1', 0), seq: 1.5 },
        { ...frame('venue', '', 0) },
        { ...frame('venue', 'm-1', 0), audience: 'public' },
        { ...frame('venue', 'm-1', 0), payload: { cards: ['3H'] } },
      ] as unknown as BusMessage[];

      for (const message of bad) await expect(bus.publish(message)).rejects.toThrow(InvalidBusMessageError);
      await bus.publish(frame('venue', 'm-1', 0));

      await arrived(gateway, 1, 'the one valid frame');
      await delay(options.quietPeriodMs);
      expect(gateway.labels()).toEqual(['venue/m-1/0']);
    });

    test('refuses subscribe options it cannot honour', async ({ expect }, bus) => {
      const gateway = new Recorder();
      await expect(bus.subscribe(gateway.handler, { audiences: [] })).rejects.toThrow(BusConfigurationError);
      await expect(bus.subscribe(gateway.handler, { audiences: ['public' as 'venue'] })).rejects.toThrow(
        'subscribe to unknown audience "public"',
      );
      await expect(bus.subscribe(gateway.handler, { groupId: '' })).rejects.toThrow(BusConfigurationError);
    });
  });
}
