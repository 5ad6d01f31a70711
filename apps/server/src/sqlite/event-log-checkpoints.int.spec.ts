import { SqliteEventLog, verifyAll, type StoredEvent } from '@tablecast/event-store';
import { exited, pageProbe as probe, spawnTsChild } from '@tablecast/event-store/testing';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  CHECKPOINT_INTERVAL_MS,
  OWN_CHECKPOINT_PAGES,
  THREAD_CHECKPOINT_PAGES,
  offloadWalCheckpointsOfFile,
} from './wal-checkpoints';
import { uncopiedWalFrames } from './testing/wal-index';

const PAGE = 4096;
const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'tablecast-eventlog-wal-'));
  dirs.push(dir);
  return dir;
};
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const pages = (file: string): number => statSync(file).size / PAGE;

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function collect(events: AsyncIterable<StoredEvent>): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('the event log (events.sqlite) checkpointed on the checkpoint thread', { timeout: 30_000 }, () => {
  it('appends without pauses keep the WAL bounded near OWN_CHECKPOINT_PAGES; with pauses it stays short', async () => {
    const log = new SqliteEventLog({ dataDir: tempDir(), walAutocheckpointPages: OWN_CHECKPOINT_PAGES });
    const offload = offloadWalCheckpointsOfFile(log.file);
    const wal = `${log.file}-wal`;
    // ~20 pages every 5 ms, 3 times the limit in all, over several intervals: the thread's
    // PASSIVE checkpoints rarely complete, the connection's own one past the limit lets the WAL
    // start over. Counted in pages, not timed: on a loaded machine a fixed time wrote too few.
    // Beside two CPU burners the WAL overran the limit by ~1,400 pages before a restart (the
    // thread's checkpoint, starved, held it up), so the bound is twice the limit and the writes
    // three times it: an unbounded WAL would hold them all.
    let n = 0;
    const started = Date.now();
    while (n <= OWN_CHECKPOINT_PAGES * 3) {
      await log.append(
        'match-wal',
        Array.from({ length: 20 }, () => probe(n++)),
        'any',
      );
      await sleep(5);
    }
    expect(Date.now() - started).toBeGreaterThan(CHECKPOINT_INTERVAL_MS * 4);
    expect(pages(wal)).toBeLessThan(OWN_CHECKPOINT_PAGES * 2);
    // Bursts: past THREAD_CHECKPOINT_PAGES the thread copies the WAL into the database and it
    // starts over (the WAL file keeps its largest size: a new dir). Without the thread it would
    // hold all 3,000 pages. The next burst waits for the thread's checkpoint itself, not for a
    // pause a loaded machine may not give it time enough in.
    await offload.stop();
    await log.close();
    const bursty = new SqliteEventLog({ dataDir: tempDir(), walAutocheckpointPages: OWN_CHECKPOINT_PAGES });
    const second = offloadWalCheckpointsOfFile(bursty.file);
    let largestWal = 0;
    for (let burst = 0; burst < 6; burst += 1) {
      await bursty.append(
        'match-wal',
        Array.from({ length: 500 }, () => probe(n++)),
        'any',
      );
      largestWal = Math.max(largestWal, pages(`${bursty.file}-wal`));
      if (uncopiedWalFrames(bursty.file) >= THREAD_CHECKPOINT_PAGES) {
        await vi.waitFor(
          () => {
            expect(uncopiedWalFrames(bursty.file)).toBe(0);
          },
          {
            timeout: 10_000,
            interval: 20,
          },
        );
      }
    }
    expect(largestWal).toBeLessThan(THREAD_CHECKPOINT_PAGES + 1200);
    expect(pages(bursty.file)).toBeGreaterThan(2000);
    // A reader in another connection (as `tablecast verify` opens the file) sees the whole chain.
    const reader = new SqliteEventLog({ dataDir: join(bursty.file, '..'), readOnly: true });
    const events = await collect(reader.readAll());
    expect(events).toHaveLength(3000);
    expect(verifyAll(events)).toMatchObject({ ok: true });
    await reader.close();
    await second.stop();
    await bursty.close();
    expect(existsSync(`${bursty.file}-wal`)).toBe(false);
  });

  // Bounded by its own timeout only: on a loaded machine the writer takes long to start and write.
  it(
    'keeps every acknowledged append after kill -9 of a writer whose checkpoints ran on the thread',
    { timeout: 120_000 },
    async () => {
      const dataDir = tempDir();
      const { child, lines } = spawnTsChild(
        join(__dirname, 'testing', 'offloaded-append-child.ts'),
        [dataDir],
        __dirname,
      );
      const acknowledged: { batch: number; size: number; revision: number }[] = [];
      let databasePagesAtKill = 0;
      // Killed once the thread has copied a good part of the log into the database file, so the
      // kill lands among checkpoints (and the connection's own ones past the limit): however many
      // appends that takes on a loaded machine, bounded by the test's timeout only.
      onTestFinished(() => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      });
      for await (const line of lines) {
        const [, batch = -1, size = -1, revision = -1] = line.split(' ').map(Number);
        acknowledged.push({ batch, size, revision });
        if (databasePagesAtKill === 0 && acknowledged.length % 100 === 0) {
          const copied = pages(join(dataDir, 'events.sqlite'));
          if (copied > OWN_CHECKPOINT_PAGES * 1.5) {
            databasePagesAtKill = copied;
            child.kill('SIGKILL');
          }
        }
      }
      await exited(child);
      expect(child.signalCode).toBe('SIGKILL');
      expect(databasePagesAtKill).toBeGreaterThan(OWN_CHECKPOINT_PAGES * 1.5);

      const log = new SqliteEventLog({ dataDir });
      const events = await collect(log.readAll());
      const byBatch = new Map<number, number>();
      for (const event of events) {
        const { batch } = event.data as { batch: number };
        byBatch.set(batch, (byBatch.get(batch) ?? 0) + 1);
      }
      for (const ack of acknowledged) {
        expect(byBatch.get(ack.batch), `acknowledged batch ${String(ack.batch)}`).toBe(ack.size);
      }
      expect(events.at(-1)?.revision).toBeGreaterThanOrEqual(acknowledged.at(-1)?.revision ?? Infinity);
      expect(byBatch.size - acknowledged.length).toBeLessThanOrEqual(1);
      expect(verifyAll(events)).toMatchObject({ ok: true, events: events.length });
      await log.close();
    },
  );

  // TC-SCALE-2: several api processes append to one log, each with its own checkpoint thread.
  // Bounded by its own timeout only: two writers on a loaded machine start and write slowly.
  it(
    'two writer processes on one log, each with its checkpoint thread: every acknowledged append of both is kept',
    { timeout: 120_000 },
    async () => {
      const dataDir = tempDir();
      // The file exists before the writers start, so neither creates it under the other.
      await new SqliteEventLog({ dataDir }).close();
      const BATCHES = 600;
      const writers = ['match-writer-a', 'match-writer-b'].map((stream) => {
        const { child, lines } = spawnTsChild(
          join(__dirname, 'testing', 'offloaded-append-child.ts'),
          [dataDir, stream],
          __dirname,
        );
        onTestFinished(() => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        });
        const acknowledged = new Map<number, number>();
        // Both write at once: each is stopped once both have had BATCHES appends acknowledged.
        const reading = (async () => {
          for await (const line of lines) {
            const [, batch = -1, size = -1] = line.split(' ').map(Number);
            acknowledged.set(batch, size);
          }
        })();
        return { stream, child, acknowledged, reading };
      });
      // A writer that dies first (an append refused on a head its own commit should have left) fails the test.
      const died = writers.map(async (writer) => {
        await exited(writer.child);
        throw new Error(`${writer.stream}: writer exited with ${String(writer.child.exitCode)}`);
      });
      // Handled here too: the writers killed below end these promises as well.
      for (const promise of died) promise.catch(() => undefined);
      await Promise.race([
        vi.waitFor(
          () => {
            for (const writer of writers) expect(writer.acknowledged.size).toBeGreaterThanOrEqual(BATCHES);
          },
          { timeout: 110_000, interval: 50 },
        ),
        ...died,
      ]);
      for (const writer of writers) writer.child.kill('SIGKILL');
      await Promise.all(writers.map(async (writer) => Promise.all([exited(writer.child), writer.reading])));

      const log = new SqliteEventLog({ dataDir });
      const events = await collect(log.readAll());
      for (const writer of writers) {
        const byBatch = new Map<number, number>();
        for (const event of events.filter((e) => e.stream === writer.stream)) {
          const { batch } = event.data as { batch: number };
          byBatch.set(batch, (byBatch.get(batch) ?? 0) + 1);
        }
        for (const [batch, size] of writer.acknowledged)
          expect(byBatch.get(batch), `${writer.stream}: acknowledged batch ${String(batch)}`).toBe(size);
      }
      expect(verifyAll(events)).toMatchObject({ ok: true, events: events.length });
      await log.close();
    },
  );
});
