import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sealBatch } from '../chain/seal';
import { verifyAll } from '../chain/verify';
import { collect, numberedPass } from '../contract/fixtures';
import type { UnsealedEvent } from '../port';
import { INSERT_CHUNK } from './event-inserter';
import { SqliteEventLog } from './sqlite-event-log';

let dataDir: string;
let log: SqliteEventLog;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-inserter-'));
  log = new SqliteEventLog({ dataDir });
});

afterEach(async () => {
  await log.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Event `n` of a batch, its type `Passed` unless `n` is listed (then `TimeCalled`). */
function event(n: number, otherType: readonly number[]): UnsealedEvent {
  const passed = numberedPass(n, 'inserter');
  return otherType.includes(n) ? { ...passed, type: 'TimeCalled' } : passed;
}

describe('EventInserter', () => {
  it('stores each row as sealed, in chunks of one type, of mixed types and in the single-row rest', async () => {
    // 25 events: a chunk of one type, a chunk whose 15th event has another type, then 5 single rows
    // (one of them another type): every statement the inserter has, each with its shared values.
    expect(INSERT_CHUNK).toBe(10);
    const batch = Array.from({ length: 25 }, (_, n) => event(n, [14, 22]));
    await log.append('match-chunks', batch, 'no_stream');
    await log.append('match-other', [event(0, [])], 'no_stream');
    const sealed = sealBatch('match-chunks', -1, null, batch);
    const rows = log.database
      .prepare<[], { stream: string; revision: number; type: string; hash: string; envelope: string }>(
        "SELECT stream, revision, type, hash, envelope FROM events_named WHERE stream = 'match-chunks' ORDER BY position",
      )
      .all();
    // Schema v3: the rows hold ids, each name is stored once.
    expect(
      log.database
        .prepare<[], string>("SELECT DISTINCT typeof(stream_id) || ' ' || typeof(type_id) FROM events")
        .pluck()
        .all(),
    ).toEqual(['integer integer']);
    expect(
      log.database.prepare<[], string>('SELECT name FROM event_types ORDER BY id').pluck().all(),
    ).toEqual(['Passed', 'TimeCalled']);
    // recordedAt and eventId come with the events, so the store's rows equal sealing them again.
    expect(rows).toEqual(
      sealed.map((e) => ({
        stream: 'match-chunks',
        revision: e.revision,
        type: e.type,
        hash: e.metadata.hash,
        envelope: e.envelopeJson,
      })),
    );
    expect(rows.filter((row) => row.type === 'TimeCalled').map((row) => row.revision)).toEqual([14, 22]);
    expect(verifyAll(await collect(log.readAll()))).toEqual({ ok: true, events: 26, streams: 2 });
  });
});
