import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { numberedPass } from '../contract/fixtures';
import type { StoredEvent, UnsealedEvent } from '../port';
import { SqliteEventLog } from './sqlite-event-log';

const passed = (n: number): UnsealedEvent => numberedPass(n, 'wake');

let dataDir: string;
let log: SqliteEventLog;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-wake-'));
  // A poll far longer than the test: only the in-process append notice can wake the subscriber,
  // so a lost notice shows up as a missing event instead of being papered over by the poll.
  log = new SqliteEventLog({ dataDir, crossProcessPollMs: 60_000 });
});

afterEach(async () => {
  await log.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** How long a test waits for the subscriber to receive what it expects. */
const WAIT = { timeout: 5_000, interval: 5 };

describe('the SQLite subscription between pages', () => {
  it('delivers an append made while the consumer holds the last event of a short page', async () => {
    await log.append('match-w', [passed(0)], 'any');
    const subscription = log.subscribeToAll();
    const received: number[] = [];
    const consuming = (async () => {
      for await (const event of subscription) {
        received.push(event.revision);
        // The consumer appends (as a projection's side effect might) before asking for more.
        if (event.revision === 0) await log.append('match-w', [passed(1)], 0);
      }
    })();
    await vi.waitFor(() => {
      expect(received).toHaveLength(2);
    }, WAIT);
    expect(received).toEqual([0, 1]);
    await subscription.close();
    await consuming;
  });

  it('goes to sleep after a short page without reading the empty end of the log again', async () => {
    await log.append('match-w', [passed(0)], 'any');
    const reads = vi.spyOn(log, 'readPageAfter');
    const subscription = log.subscribeToAll();
    const received: StoredEvent[] = [];
    const consuming = (async () => {
      for await (const event of subscription) received.push(event);
    })();
    await vi.waitFor(() => {
      expect(received).toHaveLength(1);
    }, WAIT);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toHaveBeenCalledTimes(1);

    // Woken by an append: one read for the new event, and again no empty read after it.
    await log.append('match-w', [passed(1)], 0);
    await vi.waitFor(() => {
      expect(received).toHaveLength(2);
    }, WAIT);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toHaveBeenCalledTimes(2);
    await subscription.close();
    await consuming;
  });
});
