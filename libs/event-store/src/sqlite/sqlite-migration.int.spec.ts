import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkHeads } from '../chain/heads';
import { ChainVerifier, verifyAll } from '../chain/verify';
import { collect } from '../contract/fixtures';
import type { StoredEvent, UnsealedEvent } from '../port';
import { positionOf } from '../position';
import { ENVELOPE_SCHEMA_VERSION } from './schema';
import { SQLITE_FILE_NAME, SqliteEventLog } from './sqlite-event-log';

/**
 * events.sqlite as the build before schema v2 wrote it (commit 67706e2; one column per envelope
 * field): four streams, a v1 AppealFiled, text that JSON must escape in data and in the envelope
 * columns (quotes, backslash, newline, CJK, a surrogate pair), a checkpoint, recorded heads.
 */
const oldFile = join(__dirname, '..', '..', 'fixtures', 'events.layout-v1.sqlite');

/** The fixture's events read straight from its old columns, without the code under test. */
function eventsInOldLayout(file: string): StoredEvent[] {
  const db = new Database(file, { readonly: true });
  try {
    type Row = Record<string, string | number | null>;
    return db
      .prepare<[], Row>('SELECT * FROM events ORDER BY position')
      .all()
      .map((row) => ({
        stream: String(row.stream),
        revision: Number(row.revision),
        position: positionOf(Number(row.position)),
        type: String(row.type),
        data: JSON.parse(String(row.data)) as unknown,
        metadata: {
          eventId: String(row.event_id),
          correlationId: String(row.correlation_id),
          causationId: row.causation_id === null ? null : String(row.causation_id),
          actor: { id: String(row.actor_id), role: String(row.actor_role) as 'captain' },
          recordedAt: String(row.recorded_at),
          schemaVersion: Number(row.schema_version),
          prevHash: row.prev_hash === null ? null : String(row.prev_hash),
          hash: String(row.hash),
        },
      }));
  } finally {
    db.close();
  }
}

const play = (n: number): UnsealedEvent => ({
  type: 'CardsPlayed',
  data: {
    seat: 'E',
    cards: ['H5a', 'S5b'],
    as: { type: 'pair', rank: '5', length: 2 },
    declared: false,
    lead: false,
  },
  metadata: {
    eventId: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    correlationId: `after-${n}`,
    causationId: null,
    actor: { id: 'operator-t1', role: 'operator' },
    recordedAt: '2026-06-01T10:00:00.000Z',
    schemaVersion: 1,
  },
});

async function verifyWithHeads(log: SqliteEventLog): Promise<unknown> {
  const verifier = new ChainVerifier();
  for await (const event of log.readAll()) {
    const broken = verifier.push(event);
    if (broken !== undefined) return broken;
  }
  const heads = await log.readStreamHeads();
  return heads.recorded ? (checkHeads(verifier.lastEvents, heads.heads) ?? 'intact') : heads.reason;
}

let dataDir: string;
let file: string;
let expected: StoredEvent[];

beforeAll(() => {
  // From a copy: opening a WAL file, even read-only, leaves -shm and -wal files beside it.
  const scratch = mkdtempSync(join(tmpdir(), 'tablecast-migration-expected-'));
  copyFileSync(oldFile, join(scratch, SQLITE_FILE_NAME));
  expected = eventsInOldLayout(join(scratch, SQLITE_FILE_NAME));
  rmSync(scratch, { recursive: true, force: true });
});

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-migration-'));
  file = join(dataDir, SQLITE_FILE_NAME);
  copyFileSync(oldFile, file);
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('schema v2 migration of a file in the column-per-field layout', () => {
  it('is migrated when opened for writing: same events, positions, hashes, heads and checkpoints', async () => {
    expect(expected).toHaveLength(8);
    const log = new SqliteEventLog({ dataDir });
    try {
      expect(log.database.pragma('user_version', { simple: true })).toBe(ENVELOPE_SCHEMA_VERSION);
      const columns = log.database
        .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('events')")
        .all()
        .map((column) => column.name);
      expect(columns).toEqual(['position', 'stream', 'revision', 'type', 'hash', 'envelope']);
      expect(await collect(log.readAll())).toEqual(expected);
      expect(await log.readStream('match-F1', { direction: 'backwards', maxCount: 2 })).toEqual([
        expected[6],
        expected[5],
      ]);
      expect(verifyAll(expected)).toEqual({ ok: true, events: 8, streams: 4 });
      expect(await verifyWithHeads(log)).toBe('intact');
      expect(await log.getCheckpoint('projection-matches')).toEqual(positionOf(5));
    } finally {
      await log.close();
    }
  });

  it('keeps every stream appendable: the chain continues from the migrated heads', async () => {
    const log = new SqliteEventLog({ dataDir });
    try {
      const result = await log.append('match-F1', [play(1), play(2)], 4);
      expect(result).toEqual({ nextRevision: 6, position: positionOf(10) });
      const [fifth] = await log.readStream('match-F1', { fromRevision: 5, maxCount: 1 });
      expect(fifth?.metadata.prevHash).toBe(expected[6]?.metadata.hash);
      expect(await verifyWithHeads(log)).toBe('intact');
    } finally {
      await log.close();
    }
  });

  it('is done once: a second open changes nothing', async () => {
    await new SqliteEventLog({ dataDir }).close();
    const once = readFileSync(file);
    await new SqliteEventLog({ dataDir }).close();
    expect(readFileSync(file).equals(once)).toBe(true);
  });

  it('is not done by a read-only open (tablecast verify), which reads the old layout as it is', async () => {
    const before = readFileSync(file);
    const log = new SqliteEventLog({ dataDir, readOnly: true });
    try {
      expect(await collect(log.readAll())).toEqual(expected);
      expect(await log.readStream('appeal-A2026.F1.9')).toEqual([expected[7]]);
      expect(await verifyWithHeads(log)).toBe('intact');
    } finally {
      await log.close();
    }
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('keeps a read-only connection opened before another connection migrated the file reading', async () => {
    const reader = new SqliteEventLog({ dataDir, readOnly: true });
    try {
      expect(await collect(reader.readAll())).toEqual(expected);
      const subscription = reader.subscribeToAll({ filter: { eventTypes: ['AppealFiled'] } });
      await new SqliteEventLog({ dataDir }).close(); // another process's first open for writing
      expect(await collect(reader.readAll())).toEqual(expected);
      expect(await reader.readStream('appeal-A2026.F1.9', { direction: 'backwards' })).toEqual([expected[7]]);
      expect(await verifyWithHeads(reader)).toBe('intact');
      const iterator = subscription[Symbol.asyncIterator]();
      expect((await iterator.next()).value).toEqual(expected.find((event) => event.type === 'AppealFiled'));
      await subscription.close();
    } finally {
      await reader.close();
    }
  });

  it('carries an edit made before the migration into a broken link after it', async () => {
    const db = new Database(file);
    db.prepare(`UPDATE events SET data = '{"seat":"N"}' WHERE stream = 'match-F1' AND revision = 2`).run();
    db.close();
    const log = new SqliteEventLog({ dataDir });
    try {
      expect(await verifyWithHeads(log)).toMatchObject({
        stream: 'match-F1',
        revision: 2,
        kind: 'hash-mismatch',
      });
    } finally {
      await log.close();
    }
  });
});
