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
import { LIVE_STREAMS_SCHEMA_VERSION } from './live-streams';
import { SQLITE_FILE_NAME, SqliteEventLog } from './sqlite-event-log';

const fixtures = join(__dirname, '..', '..', 'fixtures');

type Row = Record<string, string | number | null>;

/** A v1 row's events, read straight from its columns (one per envelope field). */
function fromV1Columns(row: Row): StoredEvent {
  return {
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
  };
}

/** A v2 row's event, read straight from its columns (names, and the envelope array). */
function fromV2Columns(row: Row): StoredEvent {
  const e = JSON.parse(String(row.envelope)) as unknown[];
  return {
    stream: String(row.stream),
    revision: Number(row.revision),
    position: positionOf(Number(row.position)),
    type: String(row.type),
    data: e[0],
    metadata: {
      eventId: e[1] as string,
      correlationId: e[2] as string,
      causationId: e[3] as string | null,
      actor: { id: e[4] as string, role: e[5] as 'captain' },
      recordedAt: e[6] as string,
      schemaVersion: e[7] as number,
      prevHash: e[8] as string | null,
      hash: String(row.hash),
    },
  };
}

interface OldLayout {
  readonly name: string;
  readonly file: string;
  readonly fromRow: (row: Row) => StoredEvent;
  readonly events: number;
  readonly streams: number;
  /** match-F1's last revision, and the position the next append gets. */
  readonly f1Head: number;
  readonly nextPosition: number;
  /** SQL that edits match-F1@2's data in this layout, as someone with the file would. */
  readonly editSql: string;
}

const layouts: readonly OldLayout[] = [
  {
    // events.sqlite as the build before schema v2 wrote it (commit 67706e2; one column per envelope
    // field): four streams, a v1 AppealFiled, text that JSON must escape in data and in the envelope
    // columns (quotes, backslash, newline, CJK, a surrogate pair), a checkpoint, recorded heads.
    name: 'v1 (a column per envelope field)',
    file: join(fixtures, 'events.layout-v1.sqlite'),
    fromRow: fromV1Columns,
    events: 8,
    streams: 4,
    f1Head: 4,
    nextPosition: 10,
    editSql: `UPDATE events SET data = '{"seat":"N"}' WHERE stream = 'match-F1' AND revision = 2`,
  },
  {
    // events.sqlite as the build before schema v3 wrote it (commit 23c8baa, schema v2: names in
    // every row, one envelope column): the v1 fixture opened for writing by that build (migrated
    // to v2), then two Passed appended to match-F1 (one with quotes, backslash, newline, CJK and a
    // surrogate pair in its data) and a new stream match-F3 with a HandStarted and two Passed, one
    // by a referee whose id has curly quotes. Made by a script run in a clone at that commit.
    name: 'v2 (names in every row)',
    file: join(fixtures, 'events.layout-v2.sqlite'),
    fromRow: fromV2Columns,
    events: 13,
    streams: 5,
    f1Head: 6,
    nextPosition: 15,
    editSql: `UPDATE events SET envelope = json_set(envelope, '$[0]', json('{"seat":"N"}')) WHERE stream = 'match-F1' AND revision = 2`,
  },
];

/** The fixture's events read straight from its old columns, without the code under test. */
function eventsInOldLayout(layout: OldLayout, file: string): StoredEvent[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare<[], Row>('SELECT * FROM events ORDER BY position').all().map(layout.fromRow);
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

const columnsOf = (db: Database.Database, table: string): string[] =>
  db.prepare<[string], string>('SELECT name FROM pragma_table_info(?)').pluck().all(table);

describe.each(layouts)('migration to schema v3 of a file in layout $name', (layout) => {
  let dataDir: string;
  let file: string;
  let expected: StoredEvent[];

  beforeAll(() => {
    // From a copy: opening a WAL file, even read-only, leaves -shm and -wal files beside it.
    const scratch = mkdtempSync(join(tmpdir(), 'tablecast-migration-expected-'));
    copyFileSync(layout.file, join(scratch, SQLITE_FILE_NAME));
    expected = eventsInOldLayout(layout, join(scratch, SQLITE_FILE_NAME));
    rmSync(scratch, { recursive: true, force: true });
  });

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tablecast-migration-'));
    file = join(dataDir, SQLITE_FILE_NAME);
    copyFileSync(layout.file, file);
  });

  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is migrated when opened for writing: same events, positions, hashes, heads and checkpoints', async () => {
    expect(expected).toHaveLength(layout.events);
    const log = new SqliteEventLog({ dataDir });
    try {
      const db = log.database;
      expect(db.pragma('user_version', { simple: true })).toBe(LIVE_STREAMS_SCHEMA_VERSION);
      expect(columnsOf(db, 'events')).toEqual([
        'position',
        'stream_id',
        'revision',
        'type_id',
        'hash',
        'envelope',
      ]);
      expect(await collect(log.readAll())).toEqual(expected);
      expect([...log.readAllSync({ fromPosition: positionOf(3), maxCount: 4 })]).toEqual(
        expected.slice(2, 6),
      );
      const f1 = expected.filter((event) => event.stream === 'match-F1');
      expect(await log.readStream('match-F1', { direction: 'backwards', maxCount: 2 })).toEqual(
        f1.slice(-2).reverse(),
      );
      expect(await log.readStream('match-F1', { fromRevision: 1 })).toEqual(f1.slice(1));
      expect(verifyAll(expected)).toEqual({ ok: true, events: layout.events, streams: layout.streams });
      expect(await verifyWithHeads(log)).toBe('intact');
      expect(await log.getCheckpoint('projection-matches')).toEqual(positionOf(5));
      // Each name once, ids in order of first appearance; the view gives the rows back with names.
      const firstSeen = (names: string[]): string[] => [...new Set(names)];
      expect(db.prepare<[], string>('SELECT name FROM streams ORDER BY id').pluck().all()).toEqual(
        firstSeen(expected.map((event) => event.stream)),
      );
      expect(db.prepare<[], string>('SELECT name FROM event_types ORDER BY id').pluck().all()).toEqual(
        firstSeen(expected.map((event) => event.type)),
      );
      expect(
        db.prepare('SELECT position, stream, revision, type, hash FROM events_named ORDER BY position').all(),
      ).toEqual(
        expected.map((event) => ({
          position: Number(event.position.commit),
          stream: event.stream,
          revision: event.revision,
          type: event.type,
          hash: event.metadata.hash,
        })),
      );
    } finally {
      await log.close();
    }
  });

  it('keeps every stream appendable: the chain continues from the migrated heads', async () => {
    const log = new SqliteEventLog({ dataDir });
    try {
      const result = await log.append('match-F1', [play(1), play(2)], layout.f1Head);
      expect(result).toEqual({ nextRevision: layout.f1Head + 2, position: positionOf(layout.nextPosition) });
      const [next] = await log.readStream('match-F1', { fromRevision: layout.f1Head + 1, maxCount: 1 });
      expect(next?.metadata.prevHash).toBe(
        expected.filter((e) => e.stream === 'match-F1').at(-1)?.metadata.hash,
      );
      await log.append('match-new', [play(3)], 'no_stream');
      expect((await log.readStream('match-new')).map((event) => event.type)).toEqual(['CardsPlayed']);
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

  it('is one transaction: a migration that fails leaves the old layout, migrated on the next open', async () => {
    // A table in the way makes the v3 step fail after it has started.
    const db = new Database(file);
    db.exec('CREATE TABLE event_types (in_the_way INTEGER)');
    db.close();
    expect(() => new SqliteEventLog({ dataDir })).toThrow(/event_types already exists/);
    const left = new Database(file, { readonly: true });
    expect(left.pragma('user_version', { simple: true })).toBe(2);
    expect(columnsOf(left, 'events')).toEqual(['position', 'stream', 'revision', 'type', 'hash', 'envelope']);
    expect(left.prepare('SELECT count(*) AS n FROM events').get()).toEqual({ n: layout.events });
    left.close();
    const reader = new SqliteEventLog({ dataDir, readOnly: true });
    expect(await collect(reader.readAll())).toEqual(expected);
    await reader.close();

    const fix = new Database(file);
    fix.exec('DROP TABLE event_types');
    fix.close();
    const log = new SqliteEventLog({ dataDir });
    try {
      expect(log.database.pragma('user_version', { simple: true })).toBe(LIVE_STREAMS_SCHEMA_VERSION);
      expect(await collect(log.readAll())).toEqual(expected);
      expect(await verifyWithHeads(log)).toBe('intact');
    } finally {
      await log.close();
    }
  });

  it('is not done by a read-only open (tablecast verify), which reads the old layout as it is', async () => {
    const before = readFileSync(file);
    const log = new SqliteEventLog({ dataDir, readOnly: true });
    try {
      expect(await collect(log.readAll())).toEqual(expected);
      expect(await log.readStream('appeal-A2026.F1.9')).toEqual(
        expected.filter((e) => e.stream === 'appeal-A2026.F1.9'),
      );
      expect(await log.readStream('match-none')).toEqual([]);
      const subscription = log.subscribeToAll({ filter: { streamPrefixes: ['appeal-'] } });
      expect(await collect(subscription, 2)).toEqual(expected.filter((e) => e.stream.startsWith('appeal-')));
      await subscription.close();
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
      const byPrefix = reader.subscribeToAll({ filter: { streamPrefixes: ['match-F1'] } });
      const pages = reader.readAllSync();
      expect(pages.next().value).toEqual(expected[0]);
      await new SqliteEventLog({ dataDir }).close(); // another process's first open for writing
      // A read begun before continues across the migration (its first page was read before).
      expect([...pages]).toEqual(expected.slice(1));
      expect(await collect(reader.readAll())).toEqual(expected);
      expect(await reader.readStream('appeal-A2026.F1.9', { direction: 'backwards' })).toEqual(
        expected.filter((e) => e.stream === 'appeal-A2026.F1.9'),
      );
      expect(await verifyWithHeads(reader)).toBe('intact');
      expect(await collect(subscription, 2)).toEqual(
        expected.filter((event) => event.type === 'AppealFiled'),
      );
      expect(await collect(byPrefix, 1)).toEqual([expected.find((event) => event.stream === 'match-F1')]);
      await subscription.close();
      await byPrefix.close();
    } finally {
      await reader.close();
    }
  });

  it('carries an edit made before the migration into a broken link after it', async () => {
    const db = new Database(file);
    db.prepare(layout.editSql).run();
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
