import { describe, expect, it } from 'vitest';
import type { BusMessage } from '../bus-message';
import { recordsByTopic } from './client-bus';
import { SEQ_HEADER } from './record-codec';

const frame = (audience: BusMessage['audience'], matchId: string, seq: number): BusMessage => ({
  audience,
  matchId,
  seq,
  payload: `${matchId}#${seq}`,
});

describe('recordsByTopic', () => {
  it("groups a batch by audience topic, each topic's records in publish order", () => {
    const batch = [
      frame('venue', 'm1', 1),
      frame('broadcast', 'm1', 1),
      frame('venue', 'm2', 1),
      frame('venue', 'm1', 2),
    ];
    const grouped = recordsByTopic('tc', batch);
    expect(grouped.map((group) => group.topic)).toEqual(['tc.venue', 'tc.broadcast']);
    const venue = grouped[0]?.messages ?? [];
    expect(venue.map((record) => [record.key, record.value, record.headers[SEQ_HEADER]])).toEqual([
      ['m1', 'm1#1', '1'],
      ['m2', 'm2#1', '1'],
      ['m1', 'm1#2', '2'],
    ]);
    expect(grouped[1]?.messages.map((record) => record.value)).toEqual(['m1#1']);
  });

  it('sends nothing for an empty batch', () => {
    expect(recordsByTopic('tc', [])).toEqual([]);
  });
});
