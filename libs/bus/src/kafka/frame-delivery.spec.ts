import { describe, expect, it } from 'vitest';
import type { BusMessage } from '../bus-message';
import type { BusDeliveryError } from '../errors';
import { decodeTopicRecord, frameDeliverer } from './frame-delivery';
import type { KafkaReceiveTiming } from './kafka-subscription';
import { encodeRecord } from './record-codec';

const message: BusMessage = { audience: 'venue', matchId: 'm1', seq: 3, payload: 'frame' };
const fetched = () => {
  const { key, value, headers } = encodeRecord(message);
  return { key: Buffer.from(key), value: Buffer.from(value), headers };
};

describe('decodeTopicRecord', () => {
  it("reads the audience from the record's topic", () => {
    expect(decodeTopicRecord('tc', 'tc.venue', fetched())).toEqual({ ok: true, message });
  });

  it('refuses a topic that is not one of the prefix', () => {
    expect(decodeTopicRecord('tc', 'other.venue', fetched())).toEqual({
      ok: false,
      problem: 'unexpected topic other.venue',
    });
  });
});

describe('frameDeliverer', () => {
  it('reports the receive timing before the handler runs', async () => {
    const seen: string[] = [];
    const deliver = frameDeliverer(
      (delivered) => {
        seen.push(`handler ${delivered.seq}`);
      },
      () => undefined,
      (timing: KafkaReceiveTiming) => seen.push(`timing ${timing.publishedAtMs}/${timing.receivedAtMs}`),
    );
    const thunk = deliver(message, 10, 12);
    expect(seen).toEqual([]);
    await thunk();
    expect(seen).toEqual(['timing 10/12', 'handler 3']);
  });

  it("reports a handler's failure as handler-failed and resolves", async () => {
    const errors: BusDeliveryError[] = [];
    const deliver = frameDeliverer(
      () => Promise.reject(new Error('boom')),
      (error) => errors.push(error),
      undefined,
    );
    await deliver(message, 1, 2)();
    expect(errors.map((error) => [error.reason, error.where.seq])).toEqual([['handler-failed', 3]]);
  });
});
