import { describe, expect, it } from 'vitest';
import type { BusMessage } from '../bus-message';
import { KafkaClientBus, recordsByTopic, type KafkaBusClient, type SubscriptionGroup } from './client-bus';
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
    const grouped = recordsByTopic('tc', batch).filter((group) => !group.topic.endsWith('.latest'));
    expect(grouped.map((group) => group.topic)).toEqual(['tc.venue', 'tc.broadcast']);
    const venue = grouped[0]?.messages ?? [];
    expect(venue.map((record) => [record.key, record.value, record.headers[SEQ_HEADER]])).toEqual([
      ['m1', 'm1#1', '1'],
      ['m2', 'm2#1', '1'],
      ['m1', 'm1#2', '2'],
    ]);
    expect(grouped[1]?.messages.map((record) => record.value)).toEqual(['m1#1']);
  });

  it("puts each match's last frame of the batch on its audience's compacted latest-frame topic", () => {
    const batch = [
      frame('venue', 'm1', 1),
      frame('broadcast', 'm1', 1),
      frame('venue', 'm2', 1),
      frame('venue', 'm1', 2),
    ];
    const latest = recordsByTopic('tc', batch).filter((group) => group.topic.endsWith('.latest'));
    expect(
      latest.map((group) => [group.topic, group.messages.map((record) => [record.key, record.value])]),
    ).toEqual([
      [
        'tc.venue.latest',
        [
          ['m2', 'm2#1'],
          ['m1', 'm1#2'],
        ],
      ],
      ['tc.broadcast.latest', [['m1', 'm1#1']]],
    ]);
  });

  it('sends nothing for an empty batch', () => {
    expect(recordsByTopic('tc', [])).toEqual([]);
  });
});

describe('KafkaClientBus consumer groups', () => {
  /** A client that records the group each subscription would join; it connects to nothing. */
  function recordingClient(groups: SubscriptionGroup[]): KafkaBusClient {
    return {
      sendBatch: () => Promise.resolve(),
      startSubscription: (group) => {
        groups.push(group);
        return Promise.resolve({ close: () => Promise.resolve() });
      },
      readLatest: () => Promise.resolve(0),
      disconnect: () => Promise.resolve(),
    };
  }

  it.for([
    {
      given: 'a group id prefix',
      groupIdPrefix: 'tablecast-gateway',
      expected: /^tablecast-gateway\.[0-9a-f-]{36}$/,
    },
    { given: 'no group id prefix', groupIdPrefix: undefined, expected: /^gw-1\.[0-9a-f-]{36}$/ },
  ])('names an own group by $given, and a named group as given', async ({ groupIdPrefix, expected }) => {
    const groups: SubscriptionGroup[] = [];
    const bus = new KafkaClientBus(recordingClient(groups), {
      clientId: 'gw-1',
      topicPrefix: 'tc',
      ...(groupIdPrefix === undefined ? {} : { groupIdPrefix }),
    });
    await bus.subscribe(() => undefined);
    await bus.subscribe(() => undefined);
    await bus.subscribe(() => undefined, { groupId: 'shared' });
    await bus.close();
    expect(groups.map((group) => group.ownGroup)).toEqual([true, true, false]);
    expect(groups[0]?.groupId).toMatch(expected);
    expect(groups[1]?.groupId).toMatch(expected);
    expect(groups[0]?.groupId).not.toBe(groups[1]?.groupId);
    expect(groups[2]?.groupId).toBe('shared');
  });
});
