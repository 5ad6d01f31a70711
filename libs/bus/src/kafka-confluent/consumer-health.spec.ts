import { describe, expect, it } from 'vitest';
import type { BusSubscriptionHealth } from '../port';
import { ConsumerHealth } from './consumer-health';

const brokersDown = { live: false, reason: 'fetches nothing: all broker connections are down' } as const;
const partitionsLost = { live: false, reason: 'lost its partitions: rejoining' } as const;

describe('a Confluent consumer is live only while no cause stops it (TC-SCALE-2)', () => {
  it('TC-SCALE-2: brokers back while the partitions are still lost stays down, naming the rejoin; live once assigned', () => {
    const reports: BusSubscriptionHealth[] = [];
    const health = new ConsumerHealth((h) => reports.push(h));
    health.set('brokers', brokersDown);
    health.set('assignment', partitionsLost);
    health.set('brokers', { live: true });
    health.set('assignment', { live: true });
    expect(reports).toEqual([
      brokersDown,
      { live: false, reason: `${brokersDown.reason}; ${partitionsLost.reason}` },
      partitionsLost,
      { live: true },
    ]);
  });

  it('TC-SCALE-2: reports changes only (a repeated cause, an assignment while live)', () => {
    const reports: BusSubscriptionHealth[] = [];
    const health = new ConsumerHealth((h) => reports.push(h));
    health.set('assignment', { live: true });
    health.set('brokers', brokersDown);
    health.set('brokers', brokersDown);
    health.set('brokers', { live: true });
    health.set('brokers', { live: true });
    expect(reports).toEqual([brokersDown, { live: true }]);
  });
});
