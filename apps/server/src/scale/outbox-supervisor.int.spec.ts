import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OutboxRecord } from '@tablecast/bus';
import { SqliteEventLog, type UnsealedEvent } from '@tablecast/event-store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventOutbox } from './event-outbox';
import { OutboxSupervisor } from './outbox-supervisor';

const WAIT = { timeout: 10_000, interval: 10 };

function passed(n: number): UnsealedEvent {
  return {
    type: 'Passed',
    data: { seat: 'SENW'[n % 4] },
    metadata: {
      eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      correlationId: `supervisor-${String(n)}`,
      causationId: null,
      actor: { id: 'operator-1', role: 'operator' },
      recordedAt: '2026-11-29T10:00:00.000Z',
      schemaVersion: 1,
    },
  };
}

/** Brokers that refuse the next `refusals` sends (Kafka down), then take every record. */
class FlakyBrokers {
  readonly written: OutboxRecord[] = [];
  constructor(private refusals: number) {}
  /** Kafka goes down again for `count` sends. */
  refuse(count: number): void {
    this.refusals += count;
  }
  send(records: readonly OutboxRecord[]): Promise<void> {
    if (this.refusals > 0) {
      this.refusals -= 1;
      return Promise.reject(new Error('brokers unreachable'));
    }
    this.written.push(...records);
    return Promise.resolve();
  }
}

describe('the outbox supervisor on the real SQLite log', () => {
  let dataDir: string;
  let log: SqliteEventLog;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tablecast-outbox-supervisor-'));
    log = new SqliteEventLog({ dataDir });
  });
  afterEach(async () => {
    await log.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts an outbox that gave up again from its checkpoint with a growing backoff, so every event goes out once, in order', async () => {
    await log.append('match-a', [passed(1), passed(2)], 'no_stream');
    await log.append('match-b', [passed(3)], 'no_stream');
    // Three refusals, one try per outbox: the first event stops three outboxes in a row.
    const brokers = new FlakyBrokers(3);
    const failures: [string, number][] = [];
    const supervisor = new OutboxSupervisor({
      start: () => new EventOutbox({ log, producer: brokers, checkpoint: 'outbox', attempts: 1 }),
      retryDelayMs: (n) => n,
      onFailure: (error, retryInMs) => failures.push([error.message, retryInMs]),
    });
    try {
      await vi.waitFor(() => {
        expect(brokers.written.map((record) => record.headers['tablecast-position'])).toEqual([
          '1',
          '2',
          '3',
        ]);
      }, WAIT);
      // Backoff grew with each failure in a row: 1, 2, 3 ms.
      expect(failures.map(([, retryInMs]) => retryInMs)).toEqual([1, 2, 3]);
      expect(failures[0]?.[0]).toMatch(
        /publishing the event at position 1 failed 1 times \(brokers unreachable\)/,
      );
      expect(supervisor.lastFailure?.message).toMatch(/brokers unreachable/);

      // Still running: a later append goes out too, and the count spans the restarts.
      await log.append('match-a', [passed(4)], 1);
      await vi.waitFor(() => {
        expect(brokers.written.map((record) => [record.key, record.headers['tablecast-position']])).toEqual([
          ['match-a', '1'],
          ['match-a', '2'],
          ['match-b', '3'],
          ['match-a', '4'],
        ]);
      }, WAIT);
      await vi.waitFor(() => {
        expect(supervisor.publishedCount).toBe(4);
      }, WAIT);

      // Down again after the restarted outbox had published: the backoff starts over at 1 ms.
      brokers.refuse(1);
      await log.append('match-b', [passed(5)], 0);
      await vi.waitFor(() => {
        expect(brokers.written.map((record) => record.headers['tablecast-position'])).toEqual([
          '1',
          '2',
          '3',
          '4',
          '5',
        ]);
      }, WAIT);
      expect(failures.map(([, retryInMs]) => retryInMs)).toEqual([1, 2, 3, 1]);
    } finally {
      await supervisor.stop();
    }
    // Stopping is not a failure: nothing restarts after it.
    expect(failures).toHaveLength(4);
    expect(await log.getCheckpoint('outbox')).toEqual({ commit: 5n, prepare: 5n });
  });
});
