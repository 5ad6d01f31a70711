import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyAll } from '../chain/verify';
import { collect } from '../contract/fixtures';
import type { StoredEvent, UnsealedEvent } from '../port';
import { numberedProbe } from '../testing/numbered-probe';
import { exited, spawnAppendChild } from '../testing/spawn-child';
import { SqliteEventLog } from './sqlite-event-log';

interface ProbeData {
  batch: number;
  index: number;
  size: number;
}

/** The test's own appends, with append-child's data shape (a batch of one). */
const probe = (n: number): UnsealedEvent => numberedProbe(n, { batch: n, index: 0, size: 1 });

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-reliability-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SQLite log under crashes and concurrent processes', { timeout: 30_000 }, () => {
  it('keeps every acknowledged append and no half batch after kill -9 of the writer', async () => {
    const { child, lines } = spawnAppendChild(['loop', dataDir, 'match-crash']);
    const acknowledged: { batch: number; size: number; revision: number }[] = [];
    for await (const line of lines) {
      const [, batch, size, revision] = line.split(' ').map(Number);
      acknowledged.push({ batch: batch ?? -1, size: size ?? -1, revision: revision ?? -1 });
      if (acknowledged.length === 300) child.kill('SIGKILL');
    }
    await exited(child);
    expect(child.signalCode).toBe('SIGKILL');

    const log = new SqliteEventLog({ dataDir });
    try {
      const events = await collect(log.readAll());
      const byBatch = new Map<number, StoredEvent[]>();
      for (const event of events) {
        const { batch } = event.data as ProbeData;
        byBatch.set(batch, [...(byBatch.get(batch) ?? []), event]);
      }
      for (const ack of acknowledged) {
        expect(byBatch.get(ack.batch)?.length, `acknowledged batch ${ack.batch}`).toBe(ack.size);
        expect(byBatch.get(ack.batch)?.at(-1)?.revision).toBe(ack.revision);
      }
      for (const [batch, batchEvents] of byBatch) {
        expect(batchEvents.length, `batch ${batch} is whole`).toBe((batchEvents[0]?.data as ProbeData).size);
      }
      // At most the one batch in flight at the kill can be present without its acknowledgement.
      expect(byBatch.size - acknowledged.length).toBeLessThanOrEqual(1);
      expect(verifyAll(events)).toMatchObject({ ok: true, events: events.length });
      // The stream head is written in the batch's transaction, so the kill cannot split them.
      expect(await log.readStreamHeads()).toEqual({
        recorded: true,
        heads: [
          { stream: 'match-crash', revision: events.at(-1)?.revision, hash: events.at(-1)?.metadata.hash },
        ],
      });
      // The reopened log is writable where the dead writer left off.
      const last = events.at(-1)?.revision ?? -1;
      expect((await log.append('match-crash', [probe(1_000_000)], last)).nextRevision).toBe(last + 1);
    } finally {
      await log.close();
    }
  });

  it('lets exactly one of two writer processes with the same expected revision win', async () => {
    const seed = new SqliteEventLog({ dataDir });
    await seed.append('match-race', [probe(0)], 'no_stream');
    // A barrier, not a start time: each writer opens the log and says `ready`; only once both have
    // does either get its `go`, so a writer slow to start cannot miss the race.
    const racers = [
      spawnAppendChild(['race', dataDir, 'match-race'], 'pipe'),
      spawnAppendChild(['race', dataDir, 'match-race'], 'pipe'),
    ];
    const outputs = racers.map(({ lines }) => lines[Symbol.asyncIterator]());
    const ready = await Promise.all(outputs.map((output) => output.next()));
    expect(ready.map((line) => line.value as unknown)).toEqual(['ready', 'ready']);
    for (const { child } of racers) child.stdin?.end('go\n');
    const outcomes = await Promise.all(
      outputs.map(async (output) => {
        const rest: string[] = [];
        for (let line = await output.next(); line.done !== true; line = await output.next())
          rest.push(line.value);
        return rest.join('');
      }),
    );
    expect(outcomes.filter((o) => o.startsWith('won 2'))).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'conflict 2')).toHaveLength(1);
    const events = await seed.readStream('match-race');
    expect(events.map((e) => e.revision)).toEqual([0, 1, 2]);
    expect(verifyAll(events).ok).toBe(true);
    await seed.close();
  });

  it('delivers every event once, in order, to a subscriber from the start while another process appends', async () => {
    const log = new SqliteEventLog({ dataDir, crossProcessPollMs: 20 });
    const { child, lines } = spawnAppendChild(['loop', dataDir, 'match-live']);
    const subscription = log.subscribeToAll({ fromPosition: 'start' });
    const received: StoredEvent[] = [];
    const consuming = (async () => {
      for await (const event of subscription) received.push(event);
    })();
    let acks = 0;
    for await (const line of lines) {
      acks += 1;
      if (acks === 200) child.kill('SIGKILL');
      expect(line).toMatch(/^ack /);
    }
    await exited(child);
    const all = await collect(log.readAll());
    while (received.length < all.length) await new Promise((resolve) => setTimeout(resolve, 10));
    await subscription.close();
    await consuming;
    expect(received.map((e) => e.position)).toEqual(all.map((e) => e.position));
    expect(new Set(received.map((e) => e.metadata.eventId)).size).toBe(all.length);
    await log.close();
  });

  it('delivers every event once, in order, while appends continue in the same process', async () => {
    const log = new SqliteEventLog({ dataDir });
    const subscription = log.subscribeToAll();
    const received: number[] = [];
    const consuming = (async () => {
      for await (const event of subscription) {
        received.push(Number(event.position.commit));
        if (received.length === 1000) break;
      }
    })();
    const writer = new SqliteEventLog({ dataDir });
    for (let i = 0; i < 200; i += 1) {
      const events = Array.from({ length: 5 }, (_, k) => probe(i * 5 + k));
      await writer.append(`match-s${i % 3}`, events, 'any');
      if (i % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await consuming;
    await subscription.close();
    expect(received).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    await writer.close();
    await log.close();
  });
});
