import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyAll } from '../chain/verify';
import { collect } from '../contract/fixtures';
import { WrongExpectedRevisionError } from '../errors';
import type { AppendResult, StoredEvent, UnsealedEvent } from '../port';
import { numberedProbe } from '../testing/numbered-probe';
import { exited, spawnAppendChild } from '../testing/spawn-child';
import { SqliteEventLog } from './sqlite-event-log';

const probe = (n: number): UnsealedEvent => numberedProbe(n, { n });

/** The outcome of an append: its next revision, or the error it was refused with. */
async function outcome(append: Promise<AppendResult>): Promise<number | Error> {
  try {
    return (await append).nextRevision;
  } catch (error) {
    return error as Error;
  }
}

let dataDir: string;
let log: SqliteEventLog;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-group-commit-'));
  log = new SqliteEventLog({ dataDir, groupCommit: true });
});
afterEach(async () => {
  await log.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SQLite log with group commit', { timeout: 30_000 }, () => {
  it('commits the appends of different matches made in one turn together, and a conflict refuses only its own', async () => {
    await log.append('match-b', [probe(1)], 'no_stream');
    const before = log.groupCommitTotals();

    // One turn: three matches' commands, the second sent with a stale revision.
    const [a, b, c] = await Promise.all([
      outcome(log.append('match-a', [probe(2), probe(3)], 'no_stream')),
      outcome(log.append('match-b', [probe(4)], 5)),
      outcome(log.append('match-c', [probe(5)], 'no_stream')),
    ]);

    expect(a).toBe(1);
    expect(b).toBeInstanceOf(WrongExpectedRevisionError);
    expect(b).toMatchObject({ stream: 'match-b', expected: 5, actual: 0 });
    expect(c).toBe(0);
    const after = log.groupCommitTotals();
    expect({ commits: after.commits - before.commits, appends: after.appends - before.appends }).toEqual({
      commits: 1,
      appends: 3,
    });
    expect((await log.readStream('match-a')).map((e) => e.data)).toEqual([{ n: 2 }, { n: 3 }]);
    expect((await log.readStream('match-b')).map((e) => e.data)).toEqual([{ n: 1 }]);
    expect((await log.readStream('match-c')).map((e) => e.data)).toEqual([{ n: 5 }]);
    const events = await collect(log.readAll());
    expect(verifyAll(events)).toMatchObject({ ok: true, events: 4 });
  });

  it('checks appends to one stream in the same turn in order, each against the ones before it', async () => {
    const [first, second, stale] = await Promise.all([
      outcome(log.append('match-one', [probe(1)], 'no_stream')),
      outcome(log.append('match-one', [probe(2)], 0)),
      outcome(log.append('match-one', [probe(3)], 0)),
    ]);
    expect([first, second]).toEqual([0, 1]);
    expect(stale).toMatchObject({ name: 'WrongExpectedRevisionError', actual: 1 });
    expect((await log.readStream('match-one')).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('answers no append before the shared commit: a failed COMMIT refuses the whole group and leaves none of it', async () => {
    // Tampering under the port: the head row of `match-doomed` adds a row breaking a deferred
    // foreign key, which SQLite checks only at COMMIT, after every append of the group was decided.
    const db = log.database;
    db.pragma('foreign_keys = ON');
    db.exec(`
      CREATE TABLE doom_parent (id INTEGER PRIMARY KEY);
      CREATE TABLE doom (ref INTEGER REFERENCES doom_parent (id) DEFERRABLE INITIALLY DEFERRED);
      CREATE TRIGGER doom_on_head AFTER INSERT ON stream_heads WHEN NEW.stream = 'match-doomed'
        BEGIN INSERT INTO doom (ref) VALUES (1); END;
    `);

    const outcomes = await Promise.all([
      outcome(log.append('match-a', [probe(1)], 'no_stream')),
      outcome(log.append('match-doomed', [probe(2)], 'no_stream')),
      outcome(log.append('match-c', [probe(3)], 'no_stream')),
    ]);

    for (const refused of outcomes)
      expect(refused).toMatchObject({ message: 'FOREIGN KEY constraint failed' });
    expect(await collect(log.readAll())).toEqual([]);
    expect(await log.readStreamHeads()).toEqual({ recorded: true, heads: [] });
    // Nothing of the refused group is remembered: the same appends go through once the file allows them.
    db.exec('DROP TRIGGER doom_on_head');
    expect(await outcome(log.append('match-a', [probe(1)], 'no_stream'))).toBe(0);
    expect(await outcome(log.append('match-doomed', [probe(2)], 'no_stream'))).toBe(0);
    expect((await log.readStream('match-doomed')).map((e) => e.data)).toEqual([{ n: 2 }]);
  });

  it('forgets the stream and type names a refused append of the group took, keeping the others', async () => {
    // The refused append inserts its new stream and type names, then fails at its head row and is
    // rolled back to its savepoint; the next append of the group is given the same fresh ids.
    log.database.exec(`
      CREATE TRIGGER refuse_head BEFORE INSERT ON stream_heads WHEN NEW.stream = 'match-refused'
        BEGIN SELECT RAISE(ABORT, 'refused by the test'); END;
    `);
    const refusedEvent = { ...probe(1), type: 'RefusedProbe' };
    const [refused, kept] = await Promise.all([
      outcome(log.append('match-refused', [refusedEvent], 'no_stream')),
      outcome(log.append('match-kept', [{ ...probe(2), type: 'KeptProbe' }], 'no_stream')),
    ]);
    expect(refused).toMatchObject({ message: 'refused by the test' });
    expect(kept).toBe(0);

    expect(await log.readStream('match-refused')).toEqual([]);
    expect((await log.readStream('match-kept')).map((e) => [e.type, e.data])).toEqual([
      ['KeptProbe', { n: 2 }],
    ]);
    log.database.exec('DROP TRIGGER refuse_head');
    expect(await outcome(log.append('match-refused', [refusedEvent], 'no_stream'))).toBe(0);
    expect((await log.readStream('match-refused')).map((e) => [e.type, e.data])).toEqual([
      ['RefusedProbe', { n: 1 }],
    ]);
    expect((await log.readStream('match-kept')).map((e) => e.type)).toEqual(['KeptProbe']);
  });

  it('commits the appends still queued when the log is closed', async () => {
    const pending = log.append('match-closing', [probe(1)], 'no_stream');
    await log.close();
    expect((await pending).nextRevision).toBe(0);
    log = new SqliteEventLog({ dataDir, groupCommit: true });
    expect((await log.readStream('match-closing')).map((e) => e.data)).toEqual([{ n: 1 }]);
  });

  it('keeps every acknowledged append and no half batch after kill -9 of a writer of several streams', async () => {
    const { child, lines } = spawnAppendChild(['group-loop', dataDir, 'match-crash']);
    const acknowledged: { stream: string; batch: number; size: number; revision: number }[] = [];
    for await (const line of lines) {
      const [, batch, size, revision, stream = ''] = line.split(' ');
      acknowledged.push({ stream, batch: Number(batch), size: Number(size), revision: Number(revision) });
      if (acknowledged.length === 300) child.kill('SIGKILL');
    }
    await exited(child);
    expect(child.signalCode).toBe('SIGKILL');

    const reopened = new SqliteEventLog({ dataDir });
    try {
      const events = await collect(reopened.readAll());
      const byBatch = new Map<string, StoredEvent[]>();
      for (const event of events) {
        const { batch } = event.data as { batch: number };
        const key = `${event.stream} ${String(batch)}`;
        byBatch.set(key, [...(byBatch.get(key) ?? []), event]);
      }
      expect(new Set(acknowledged.map((ack) => ack.stream))).toEqual(
        new Set(['match-crash-a', 'match-crash-b', 'match-crash-c']),
      );
      for (const ack of acknowledged) {
        const batch = byBatch.get(`${ack.stream} ${String(ack.batch)}`);
        expect(batch?.length, `acknowledged batch ${ack.stream} ${ack.batch}`).toBe(ack.size);
        expect(batch?.at(-1)?.revision).toBe(ack.revision);
      }
      for (const [key, batchEvents] of byBatch) {
        expect(batchEvents.length, `batch ${key} is whole`).toBe(
          (batchEvents[0]?.data as { size: number }).size,
        );
      }
      // At most the group in flight at the kill, one batch per stream, is there unacknowledged.
      expect(byBatch.size - acknowledged.length).toBeLessThanOrEqual(3);
      expect(verifyAll(events)).toMatchObject({ ok: true, events: events.length });
    } finally {
      await reopened.close();
    }
  });
});
