import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { numberedPass } from '../contract/fixtures';
import type { StoredEvent, UnsealedEvent } from '../port';
import type { ReadStatements } from './read-statements';
import { SqliteEventLog } from './sqlite-event-log';

const passed = (n: number): UnsealedEvent => numberedPass(n, 'recent');

let dataDir: string;
let log: SqliteEventLog;
let other: SqliteEventLog;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-recent-'));
  // No poll within the test: only append notices wake the subscriber.
  log = new SqliteEventLog({ dataDir, crossProcessPollMs: 60_000 });
  // A second connection to the same file, as a second writer (or process) would have.
  other = new SqliteEventLog({ dataDir, crossProcessPollMs: 60_000 });
});

afterEach(async () => {
  await other.close();
  await log.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** How long a test waits for the subscriber to receive what it expects. */
const WAIT = { timeout: 5_000, interval: 5 };

/** Every field a consumer can read, so two events compare by value (data and metadata decoded). */
const plain = (event: StoredEvent): object => ({
  stream: event.stream,
  revision: event.revision,
  position: event.position,
  type: event.type,
  data: event.data,
  metadata: event.metadata,
});

async function readAll(from: SqliteEventLog): Promise<object[]> {
  const events: object[] = [];
  for await (const event of from.readAll()) events.push(plain(event));
  return events;
}

/** The connection's prepared file reads, to count them (private: what this test is about). */
const fileReads = (of: SqliteEventLog): ReadStatements => (of as unknown as { reads: ReadStatements }).reads;

describe('a live subscriber of the appending connection (the rows just committed)', () => {
  it('gets each append as the file holds it, without reading it back', async () => {
    const subscription = log.subscribeToAll();
    const received: StoredEvent[] = [];
    const consuming = (async () => {
      for await (const event of subscription) received.push(event);
    })();
    const reads = vi.spyOn(fileReads(log), 'pageAfter');
    let revision = -1;
    for (let n = 0; n < 20; n += 1) {
      const batch = n % 3 === 0 ? [passed(2 * n), passed(2 * n + 1)] : [passed(2 * n)];
      revision = (await log.append('match-r', batch, revision < 0 ? 'no_stream' : revision)).nextRevision;
      await vi.waitFor(() => {
        expect(received).toHaveLength(revision + 1);
      }, WAIT);
    }
    expect(reads).not.toHaveBeenCalled();
    expect(received.map(plain)).toEqual(await readAll(log));
    await subscription.close();
    await consuming;
  });

  it('gets what another connection appended in between, in position order, each event once', async () => {
    const subscription = log.subscribeToAll();
    const received: StoredEvent[] = [];
    const consuming = (async () => {
      for await (const event of subscription) received.push(event);
    })();
    await log.append('match-a', [passed(0)], 'no_stream');
    await vi.waitFor(() => {
      expect(received).toHaveLength(1);
    }, WAIT);
    // The other connection's row falls between this connection's two appends.
    await other.append('match-b', [passed(1), passed(2)], 'no_stream');
    await log.append('match-a', [passed(3)], 0);
    await vi.waitFor(() => {
      expect(received).toHaveLength(4);
    }, WAIT);
    await other.append('match-b', [passed(4)], 1);
    await log.append('match-a', [passed(5), passed(6)], 1);
    await vi.waitFor(() => {
      expect(received).toHaveLength(7);
    }, WAIT);
    expect(received.map((e) => Number(e.position.commit))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(received.map(plain)).toEqual(await readAll(log));
    await subscription.close();
    await consuming;
  });

  it('reads the file for a subscriber behind the kept rows, and for one with a filter', async () => {
    let revision = -1;
    for (let n = 0; n < 100; n += 1) {
      revision = (await log.append('match-r', [passed(n)], revision < 0 ? 'no_stream' : revision))
        .nextRevision;
    }
    const reads = vi.spyOn(fileReads(log), 'pageAfter');
    const late = log.readPageAfter(0, undefined, 500);
    expect(late).toHaveLength(100);
    expect(reads).toHaveBeenCalledTimes(1);
    const filtered = log.readPageAfter(98, { streamPrefixes: ['match-r'] }, 500);
    expect(filtered.map((e) => e.revision)).toEqual([98, 99]);
    expect(reads).toHaveBeenCalledTimes(2);
    // Caught up with what it holds: the end of the log is read from the file, where rows other
    // connections committed since would be.
    await other.append('match-b', [passed(100)], 'no_stream');
    expect(log.readPageAfter(100, undefined, 500).map((e) => e.stream)).toEqual(['match-b']);
    expect(reads).toHaveBeenCalledTimes(3);
  });

  it('keeps nothing of an append that failed', async () => {
    await log.append('match-r', [passed(0)], 'no_stream');
    await expect(log.append('match-r', [passed(1)], 5)).rejects.toThrow();
    // The failed append's position goes to the next one, which follows the kept rows.
    await log.append('match-x', [passed(2)], 'no_stream');
    const reads = vi.spyOn(fileReads(log), 'pageAfter');
    const page = log.readPageAfter(0, undefined, 500);
    expect(reads).not.toHaveBeenCalled();
    expect(page.map((e) => [e.stream, e.revision, Number(e.position.commit)])).toEqual([
      ['match-r', 0, 1],
      ['match-x', 0, 2],
    ]);
    expect(page.map(plain)).toEqual(await readAll(log));
  });
});
