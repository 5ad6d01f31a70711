import type { EventMetadata } from '@tablecast/events';
import { describe, expect, it } from 'vitest';
import { LazyStoredEvent, type DecodedEnvelope } from './lazy-event';
import type { StoredEvent } from './port';
import { positionOf } from './position';

const metadata: EventMetadata = {
  eventId: '00000000-0000-4000-8000-000000000001',
  correlationId: 'c1',
  causationId: null,
  actor: { id: 'operator-1', role: 'operator' },
  recordedAt: '2026-05-02T10:00:00.000Z',
  schemaVersion: 1,
  prevHash: null,
  hash: 'ab'.repeat(32),
};

/** An event over a counted decoder, so a test can see when and how often it decodes. */
function counted(): { event: LazyStoredEvent<string>; decodes: () => number } {
  let decodes = 0;
  const decode = (text: string): DecodedEnvelope => {
    decodes += 1;
    return { data: JSON.parse(text) as unknown, metadata: { ...metadata } };
  };
  const event = new LazyStoredEvent<string>('match-m1', 4, positionOf(9), 'Passed', '{"seat":"E"}', decode);
  return { event, decodes: () => decodes };
}

const plain = {
  stream: 'match-m1',
  revision: 4,
  position: positionOf(9),
  type: 'Passed',
  data: { seat: 'E' },
  metadata,
};

describe('LazyStoredEvent', () => {
  it('decodes nothing until data or metadata is read, then once for both', () => {
    const { event, decodes } = counted();
    expect([event.stream, event.revision, event.position, event.type]).toEqual([
      'match-m1',
      4,
      positionOf(9),
      'Passed',
    ]);
    expect(decodes()).toBe(0);
    const data = event.data;
    expect(event.metadata.correlationId).toBe('c1');
    expect(event.data).toBe(data);
    expect(decodes()).toBe(1);
  });

  it('has data and metadata as own enumerable accessors that copies read through', () => {
    // Typed as the port's event, as consumers see it (a spread of the class type is linted).
    const event: StoredEvent = counted().event;
    for (const key of ['data', 'metadata']) {
      const descriptor = Object.getOwnPropertyDescriptor(event, key);
      expect(descriptor?.enumerable, key).toBe(true);
      expect(typeof descriptor?.get, key).toBe('function');
    }
    expect(Object.keys(event)).toEqual(['stream', 'revision', 'position', 'type', 'data', 'metadata']);
    expect({ ...event }).toEqual(plain);
    expect(Object.getOwnPropertyDescriptor({ ...event }, 'data')).toMatchObject({ value: { seat: 'E' } });
    expect(structuredClone(event)).toEqual(plain);
    const withText = (value: unknown): unknown => (typeof value === 'bigint' ? value.toString() : value);
    expect(JSON.parse(JSON.stringify(event, (_key, value) => withText(value)))).toEqual(
      JSON.parse(JSON.stringify(plain, (_key, value) => withText(value))),
    );
    expect(event).toEqual(plain);
    expect(event).not.toEqual({ ...plain, data: { seat: 'W' } });
  });

  it('runs a decode check once, on the first read, and keeps its failure for every later read', () => {
    const { event, decodes } = counted();
    const stored: StoredEvent = event;
    let checks = 0;
    event.checkOnDecode((stored, envelope) => {
      checks += 1;
      expect(stored).toBe(event);
      if (envelope.metadata.schemaVersion === 1) throw new RangeError('version 1 refused');
    });
    expect(checks).toBe(0);
    expect(() => event.data).toThrow('version 1 refused');
    expect(() => event.metadata).toThrow('version 1 refused');
    expect(() => ({ ...stored })).toThrow('version 1 refused');
    expect([checks, decodes()]).toEqual([1, 1]);
  });

  it('checks an event already decoded at once', () => {
    const { event } = counted();
    expect(event.data).toEqual({ seat: 'E' });
    expect(() => {
      event.checkOnDecode(() => {
        throw new RangeError('late check');
      });
    }).toThrow('late check');
    expect(() => event.data).toThrow('late check');
  });

  it('runs every check added before the decode, in order', () => {
    const { event } = counted();
    const order: string[] = [];
    event.checkOnDecode(() => order.push('first'));
    event.checkOnDecode(() => {
      order.push('second');
      throw new RangeError('second refused');
    });
    expect(() => event.metadata).toThrow('second refused');
    expect(order).toEqual(['first', 'second']);
  });

  it('hands out the decoded values when the check passes', () => {
    const { event } = counted();
    event.checkOnDecode(() => undefined);
    expect(event).toEqual(plain);
  });
});
