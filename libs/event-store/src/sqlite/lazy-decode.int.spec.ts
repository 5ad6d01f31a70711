import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyAll } from '../chain/verify';
import { appealFiled, at, collect, numberedPass } from '../contract/fixtures';
import { UnreadableEventError } from '../errors';
import { createEventStore, type EventStore } from '../event-store';
import type { UnsealedEvent } from '../port';
import { SQLITE_FILE_NAME, SqliteEventLog } from './sqlite-event-log';
import { storeTestCatalog, type StoreTestEvent } from '../contract/store-catalog';

let dataDir: string;
let log: SqliteEventLog;
let store: EventStore<StoreTestEvent>;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-lazy-decode-'));
  log = new SqliteEventLog({ dataDir });
  store = createEventStore({ log, catalog: storeTestCatalog });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const passes = (count: number, schemaVersion = 1): UnsealedEvent[] =>
  Array.from({ length: count }, (_, n) => {
    const event = numberedPass(n, 'lazy');
    return { ...event, metadata: { ...event.metadata, schemaVersion } };
  });

/** Counts the envelopes parsed while `read` runs (the SQLite log parses each with JSON.parse). */
async function parsesDuring(read: () => Promise<void> | void): Promise<number> {
  const parse = vi.spyOn(JSON, 'parse');
  try {
    await read();
    return parse.mock.calls.length;
  } finally {
    parse.mockRestore();
  }
}

describe('events read from SQLite decode their envelope on first access', () => {
  it('reads columns without parsing, and each envelope once however often data and metadata are read', async () => {
    await log.append('match-lazy', passes(20), 'no_stream');
    let seats = '';
    const columnsOnly = await parsesDuring(async () => {
      for await (const event of store.readAll()) {
        if (event.type !== 'Passed' || event.stream !== 'match-lazy' || event.position.commit < 1n)
          seats += '?';
      }
    });
    expect(columnsOnly).toBe(0);
    const everything = await parsesDuring(async () => {
      for await (const event of store.readAll()) {
        if (event.type !== 'Passed') continue;
        seats += event.data.seat;
        seats += event.metadata.actor.id === 'operator-1' && event.data.seat.length === 1 ? '' : '?';
      }
    });
    expect(everything).toBe(20);
    expect(seats).toBe('SENW'.repeat(5));
    const raw = await parsesDuring(() => {
      for (const event of log.readAllSync({ maxCount: 5 })) seats += String(event.revision);
    });
    expect(raw).toBe(0);
  });

  it('gives the same events as an eager read would, through spread, structuredClone and the raw readers', async () => {
    await log.append('match-lazy', passes(2), 'no_stream');
    const [first] = await log.readStream('match-lazy');
    const expected = {
      stream: 'match-lazy',
      revision: 0,
      type: 'Passed',
      data: { seat: 'S' },
      metadata: {
        ...passes(1)[0]?.metadata,
        prevHash: null,
        hash: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
      },
    };
    expect({ ...first }).toMatchObject(expected);
    expect(structuredClone(first)).toMatchObject(expected);
    const typed = at(await collect(store.readAll()), 1);
    expect({ ...typed }).toMatchObject({ revision: 1, data: { seat: 'E' } });
    expect(verifyAll(await collect(log.readAll()))).toEqual({ ok: true, events: 2, streams: 1 });
  });

  it('keeps a malformed envelope out of the iteration: the event has no data and verification names it', async () => {
    await log.append('match-lazy', passes(3), 'no_stream');
    await log.close();
    const db = new Database(join(dataDir, SQLITE_FILE_NAME));
    db.prepare(
      `UPDATE events SET envelope = 'not json' WHERE stream_id = (SELECT id FROM streams WHERE name = 'match-lazy') AND revision = 1`,
    ).run();
    db.close();
    log = new SqliteEventLog({ dataDir });
    store = createEventStore({ log, catalog: storeTestCatalog });

    const events = [...log.readAllSync()];
    expect(events.map((event) => event.revision)).toEqual([0, 1, 2]);
    expect(at(events, 1).data).toBeUndefined();
    expect(at(events, 1).metadata.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyAll(events)).toMatchObject({ ok: false, brokenLink: { stream: 'match-lazy', revision: 1 } });
  });
});

describe('the typed store over lazily decoded events', () => {
  it('defers the version check of a type without upcasters to the first read of data or metadata', async () => {
    expect(storeTestCatalog.definition('Passed')?.history).toEqual([]);
    await log.append('match-lazy', passes(1), 'no_stream');
    await log.append('match-lazy', passes(1, 7), 0); // a newer build's Passed v7
    await log.append('match-other', passes(1), 'no_stream');

    // A consumer that filters by stream or type meets the unreadable event and skips it.
    const streams: string[] = [];
    for await (const event of store.readAll()) if (event.stream === 'match-other') streams.push(event.stream);
    expect(streams).toEqual(['match-other']);

    const unreadable = at(await collect(store.readAll()), 1);
    expect([unreadable.stream, unreadable.revision, unreadable.type]).toEqual(['match-lazy', 1, 'Passed']);
    expect(() => unreadable.data).toThrow(UnreadableEventError);
    expect(() => unreadable.data).toThrow(/stored event match-lazy@1 cannot be read: .*Passed v7/);
    expect(() => unreadable.metadata).toThrow(UnreadableEventError);
    expect(() => ({ ...unreadable })).toThrow(UnreadableEventError);

    const [readable, newer] = await store.readStream('match-lazy');
    expect(readable?.data).toEqual({ seat: 'S' });
    expect(() => newer?.metadata).toThrow(UnreadableEventError);

    const subscription = store.subscribeToAll();
    const delivered = await collect(subscription, 3);
    await subscription.close();
    expect(delivered.map((event) => event.revision)).toEqual([0, 1, 0]);
    expect(() => delivered[1]?.data).toThrow(UnreadableEventError);

    // The raw log reads it as stored: verification still sees v7 and an intact chain.
    expect(at(await log.readStream('match-lazy'), 1).metadata.schemaVersion).toBe(7);
    expect(verifyAll(await collect(log.readAll())).ok).toBe(true);
  });

  it('still throws during iteration for a type with upcasters whose stored version it cannot read', async () => {
    expect(storeTestCatalog.definition('AppealFiled')?.history.length).toBeGreaterThan(0);
    const valid = appealFiled('m1');
    await log.append(
      'appeal-am1',
      [
        {
          type: valid.type,
          data: valid.data,
          metadata: {
            ...valid.metadata,
            eventId: '00000000-0000-4000-8000-00000000000a',
            recordedAt: '2026-05-02T10:00:00.000Z',
            schemaVersion: 9,
          },
        },
      ],
      'no_stream',
    );
    await expect(collect(store.readAll())).rejects.toThrow(UnreadableEventError);
    await expect(collect(store.readAll())).rejects.toMatchObject({ stream: 'appeal-am1', revision: 0 });
    await expect(store.readStream('appeal-am1')).rejects.toThrow(/AppealFiled v9 cannot be read/);
  });

  it('still throws during iteration for an event type the catalog does not know (known from its column)', async () => {
    const [pass] = passes(1);
    if (pass === undefined) throw new Error('no fixture');
    await log.append('match-lazy', [{ ...pass, type: 'PassedTwice' }], 'no_stream');
    await expect(collect(store.readAll())).rejects.toMatchObject({
      name: 'UnreadableEventError',
      stream: 'match-lazy',
      revision: 0,
    });
  });
});
