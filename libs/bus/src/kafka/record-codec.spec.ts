import { describe, expect, it } from 'vitest';
import type { BusMessage } from '../bus-message';
import {
  decodeRecord,
  encodeRecord,
  PAYLOAD_KIND_HEADER,
  SEQ_HEADER,
  type IncomingRecord,
} from './record-codec';

/** What a consumer gets back for a record the producer wrote: key, value and headers as Buffers. */
function asFetched(message: BusMessage): IncomingRecord {
  const record = encodeRecord(message);
  return {
    key: Buffer.from(record.key),
    value: Buffer.from(record.value),
    headers: Object.fromEntries(
      Object.entries(record.headers).map(([name, value]) => [name, Buffer.from(value)]),
    ),
  };
}

describe('Kafka record codec', () => {
  it('round-trips a text frame as text and a binary frame as bytes, keyed by match', () => {
    const text: BusMessage = {
      audience: 'venue',
      matchId: 'final-1',
      seq: 42,
      payload: '{"t":"delta","p":"东"}',
    };
    const binary: BusMessage = {
      audience: 'staff',
      matchId: 'final-1',
      seq: 7,
      payload: Buffer.from([0, 255, 1]),
    };
    expect(encodeRecord(text).key).toBe('final-1');
    expect(decodeRecord('venue', asFetched(text))).toEqual({ ok: true, message: text });
    expect(decodeRecord('staff', asFetched(binary))).toEqual({ ok: true, message: binary });
  });

  it('takes the audience from the topic it was fetched from', () => {
    const sent: BusMessage = { audience: 'broadcast', matchId: 'm', seq: 0, payload: 'x' };
    const decoded = decodeRecord('broadcast', asFetched(sent));
    expect(decoded.ok && decoded.message.audience).toBe('broadcast');
  });

  it.each([
    ['no key', { key: null }, 'no match id key'],
    ['no value', { value: null }, 'no payload'],
    ['no seq header', { headers: { [PAYLOAD_KIND_HEADER]: 'text' } }, `${SEQ_HEADER} is undefined`],
    [
      'a negative seq',
      { headers: { [SEQ_HEADER]: '-1', [PAYLOAD_KIND_HEADER]: 'text' } },
      `${SEQ_HEADER} is "-1"`,
    ],
    [
      'an unsafe seq',
      { headers: { [SEQ_HEADER]: '9007199254740993', [PAYLOAD_KIND_HEADER]: 'text' } },
      'not a seq',
    ],
    [
      'an unknown payload kind',
      { headers: { [SEQ_HEADER]: '1', [PAYLOAD_KIND_HEADER]: 'json' } },
      `${PAYLOAD_KIND_HEADER} is "json"`,
    ],
  ])('refuses a record with %s', (_, change: Partial<IncomingRecord>, problem) => {
    const record = { ...asFetched({ audience: 'venue', matchId: 'm', seq: 1, payload: 'x' }), ...change };
    const decoded = decodeRecord('venue', record);
    expect(decoded.ok).toBe(false);
    expect(decoded.ok ? '' : decoded.problem).toContain(problem);
  });
});
