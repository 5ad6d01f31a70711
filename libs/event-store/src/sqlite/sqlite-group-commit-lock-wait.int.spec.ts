import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isLogBusyError, WrongExpectedRevisionError } from '../errors';
import type { AppendResult, UnsealedEvent } from '../port';
import { numberedProbe } from '../testing/numbered-probe';
import { exited, spawnAppendChild } from '../testing/spawn-child';
import { SqliteEventLog } from './sqlite-event-log';

const probe = (n: number): UnsealedEvent => numberedProbe(n, { n });

/**
 * Bound on a timer's lateness while this process waits for the write lock: generous for a loaded
 * 2-core machine, far below the busy timeouts below (a wait on the thread makes it that late).
 */
const ON_TIME_MS = 1500;

/** The outcome of an append: its next revision, or the error it was refused with. */
async function outcome(append: Promise<AppendResult>): Promise<number | Error> {
  try {
    return (await append).nextRevision;
  } catch (error) {
    return error as Error;
  }
}

/** How late a timer of `ms` fired, beyond its `ms`. */
function timerLateness(ms: number): Promise<number> {
  const start = performance.now();
  return new Promise((resolve) => {
    setTimeout(() => {
      resolve(performance.now() - start - ms);
    }, ms);
  });
}

/** Another process holding the log's write lock, with one event of `stream` appended in it, until `release`. */
async function lockHolder(dataDir: string, stream: string) {
  const { child, lines } = spawnAppendChild(['hold', dataDir, stream], 'pipe');
  const output = lines[Symbol.asyncIterator]();
  expect((await output.next()).value).toBe('held');
  return {
    child,
    release: async (): Promise<void> => {
      child.stdin?.end('go\n');
      expect((await output.next()).value).toBe('committed');
    },
  };
}

let dataDir: string;
let log: SqliteEventLog;
let holder: Awaited<ReturnType<typeof lockHolder>> | undefined;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-lock-wait-'));
  log = new SqliteEventLog({ dataDir, groupCommit: true });
  holder = undefined;
});
afterEach(async () => {
  if (holder !== undefined) {
    holder.child.kill('SIGKILL');
    await exited(holder.child);
  }
  await log.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a group commit while another process holds the write lock', { timeout: 30_000 }, () => {
  it('waits without holding up the event loop, then commits the appends made meanwhile in order, each checked against the other process’s commit', async () => {
    // Long enough that a wait on the thread would make the timer below late by far more than ON_TIME_MS.
    log.setBusyTimeout(8000);
    holder = await lockHolder(dataDir, 'match-shared');
    const before = log.groupCommitTotals();

    const first = outcome(log.append('match-shared', [probe(1)], 'no_stream'));
    // Scheduled after the group's first try: it fires on time only if that try did not wait on the thread.
    expect(await timerLateness(100)).toBeLessThan(ON_TIME_MS);
    // Made while the group waits: they join it, after the first, in the order they were made.
    const second = outcome(log.append('match-shared', [probe(2)], 0));
    const third = outcome(log.append('match-other', [probe(3)], 'no_stream'));
    expect(await timerLateness(50)).toBeLessThan(ON_TIME_MS);
    expect(log.groupCommitTotals()).toEqual(before);

    await holder.release();
    // Checked under the lock, after the other process's commit: its event is revision 0.
    expect(await first).toBeInstanceOf(WrongExpectedRevisionError);
    expect(await first).toMatchObject({ stream: 'match-shared', actual: 0 });
    expect(await second).toBe(1);
    expect(await third).toBe(0);
    const after = log.groupCommitTotals();
    expect({ commits: after.commits - before.commits, appends: after.appends - before.appends }).toEqual({
      commits: 1,
      appends: 3,
    });
    expect((await log.readStream('match-shared')).map((e) => e.revision)).toEqual([0, 1]);
    expect((await log.readStream('match-shared'))[1]?.data).toEqual({ n: 2 });
    // The wait is still told: one transaction waited, for at least the two timers.
    const timings = log.appendTimings();
    expect(timings.lockWaits).toBe(1);
    expect(timings.lockWaitMs).toBeGreaterThanOrEqual(150);
  });

  it('refuses the group with SQLITE_BUSY once the busy timeout has passed, the event loop turning meanwhile, and writes nothing of it', async () => {
    log.setBusyTimeout(400);
    holder = await lockHolder(dataDir, 'match-held');
    let ticks = 0;
    const ticker = setInterval(() => {
      ticks += 1;
    }, 10);
    const start = performance.now();
    const refused = await outcome(log.append('match-refused', [probe(1)], 'no_stream'));
    const waited = performance.now() - start;
    clearInterval(ticker);

    expect(isLogBusyError(refused)).toBe(true);
    expect(refused).toMatchObject({ code: 'SQLITE_BUSY' });
    expect(waited).toBeGreaterThanOrEqual(390);
    // A wait on the thread lets the 10 ms ticker run once at most, after it.
    expect(ticks).toBeGreaterThanOrEqual(5);
    expect(log.groupCommitTotals()).toEqual({ commits: 0, appends: 0 });
    expect(log.appendTimings().appends).toBe(0);

    await holder.release();
    expect(await log.readStream('match-refused')).toEqual([]);
    // Nothing of the refused group is remembered: the same append goes through once the lock is free.
    expect(await outcome(log.append('match-refused', [probe(1)], 'no_stream'))).toBe(0);
    expect((await log.readStream('match-held')).map((e) => e.revision)).toEqual([0]);
  });
});
