// The floors under the event-store benchmark's figures (bench/event-store.bench.ts): each part of a
// batched append alone, and what reading the same rows costs at least in each way tried.
import {
  EventInserter,
  SqliteEventLog,
  sealBatch,
  type SealedEvent,
  type UnsealedEvent,
} from '@tablecast/event-store';
import { tablecastCatalog } from '@tablecast/games';
import type { Database } from 'better-sqlite3';
import { Packr } from 'msgpackr';
import { cardsPlayed, measure, measureSync, rawCardsPlayed, seconds, type Rate } from './event-store-events';

const progress = (text: string): void => {
  process.stderr.write(`event-store bench: ${text}\n`);
};

export interface BatchedFloors {
  readonly rawLog: Rate;
  readonly validateOnly: Rate;
  readonly sealOnly: Rate;
  readonly insertOnly: Rate;
}

/**
 * What is under the batched figure: the raw log (sealing and SQLite, no catalog validation), its
 * parts one at a time — catalog validation (zod), sealing (canonical JSON and SHA-256), and SQLite
 * alone inserting rows encoded beforehand with the store's own statement (the floor).
 */
export async function batchedFloors(dataDir: string, batches: number): Promise<BatchedFloors> {
  const log = new SqliteEventLog({ dataDir, synchronous: 'normal' });
  // Built beforehand: stamping recordedAt per event is the bench's cost, not the log's.
  const unsealed = Array.from({ length: batches }, (_, b) =>
    Array.from({ length: 100 }, (_, i) => rawCardsPlayed(b * 100 + i)),
  );
  const rawLog = await measure(batches * 100, async () => {
    for (const [b, batch] of unsealed.entries()) await log.append(`match-raw-${b % 8}`, batch, 'any');
  });
  const writes = unsealed.map((_, b) => Array.from({ length: 100 }, (__, i) => cardsPlayed(b * 100 + i)));
  const validateOnly = await measureSync(batches * 100, () => {
    for (const batch of writes) for (const event of batch) tablecastCatalog.validateNew(event);
  });
  const seal = (batch: UnsealedEvent[], b: number): SealedEvent[] =>
    sealBatch(`match-floor-${b % 8}`, Math.floor(b / 8) * 100 - 1, null, batch);
  // Each batch's result dropped at once, as an append does: keeping them all alive would time the GC.
  let sealedCount = 0;
  const sealOnly = await measureSync(batches * 100, () => {
    unsealed.forEach((batch, b) => {
      sealedCount += seal(batch, b).length;
    });
  });
  const rows = unsealed.map(seal);
  progress(`sealed ${sealedCount} events`);
  const db = log.database;
  const inserter = new EventInserter(db);
  // Schema v3: rows hold stream and type ids, which the store's dictionaries keep in memory.
  const streams = dictionary(db, 'streams');
  const types = dictionary(db, 'event_types');
  const write = db.transaction((stream: string, sealed: readonly SealedEvent[]) => {
    inserter.insert(streams.idForWrite(stream), sealed, types);
  });
  const insertOnly = await measureSync(batches * 100, () => {
    rows.forEach((sealed, b) => {
      write.immediate(`match-floor-${b % 8}`, sealed);
    });
  });
  await log.close();
  return { rawLog, validateOnly, sealOnly, insertOnly };
}

/** Name → id of a schema v3 dictionary, as the store's `NameDictionary` keeps it once learnt. */
function dictionary(db: Database, table: 'streams' | 'event_types'): { idForWrite(name: string): number } {
  const ids = new Map<string, number>();
  const add = db.prepare<[string]>(`INSERT OR IGNORE INTO ${table} (name) VALUES (?)`);
  const idOf = db.prepare<[string], number>(`SELECT id FROM ${table} WHERE name = ?`).pluck();
  return {
    idForWrite(name) {
      let id = ids.get(name);
      if (id === undefined) {
        add.run(name);
        id = idOf.get(name) ?? 0;
        ids.set(name, id);
      }
      return id;
    },
  };
}

export interface ReadFloors {
  readonly fetchOnly: Rate;
  readonly parseOnly: Rate;
  readonly pageString: Rate;
  readonly packed: Rate;
  readonly packedBytes: number;
}

/** Pages of 1,000 rows after `next` until none is left, as readAll reads them. */
function eachPage<Row extends readonly unknown[]>(
  fetch: (from: number) => Row[],
  visit: (rows: Row[]) => void,
): void {
  for (let next = 0; ;) {
    const rows = fetch(next);
    const last = rows[rows.length - 1];
    if (last === undefined) break;
    visit(rows);
    next = (last[0] as number) + 1;
  }
}

/**
 * The floors under readAll, over the log's `total` events: better-sqlite3 fetching the rows as
 * arrays, nothing decoded (the six columns readAll selects, schema v3: stream and type as ids); the same plus one JSON.parse of
 * each envelope; each page as one JSON text built by SQLite and parsed once; and the binary layout.
 */
export async function readFloors(log: SqliteEventLog, total: number): Promise<ReadFloors> {
  let checksum = 0;
  const fetchRows = log.database
    .prepare<[number, number], [number, ...unknown[]]>(
      `SELECT position, stream_id, revision, type_id, hash, envelope FROM events WHERE position >= ? ORDER BY position LIMIT ?`,
    )
    .raw(true);
  const fetchOnly = await measureSync(total, () => {
    eachPage(
      (from) => fetchRows.all(from, 1000),
      (rows) => {
        checksum += rows.length;
      },
    );
  });
  const parseOnly = await measureSync(total, () => {
    eachPage(
      (from) => fetchRows.all(from, 1000),
      (rows) => {
        for (const row of rows) checksum += (JSON.parse(row[5] as string) as unknown[]).length;
      },
    );
  });
  const pageString = await measureSync(total, () => {
    eachPage(pageStringFetcher(log), (rows) => {
      checksum += rows.length;
    });
  });
  progress(`checksum ${checksum}`);
  const packed = packedFloor(log, total);
  return { fetchOnly, parseOnly, pageString, packed: packed.rate, packedBytes: packed.bytes };
}

/**
 * A page as one JSON text that SQLite builds — `[[position, streamId, revision, typeId, hash,
 * envelope], …]`, the envelope spliced in as stored, not re-parsed in C — and one JSON.parse per
 * page instead of one per event (the last readAll trial). `ORDER BY` inside group_concat is
 * what makes the order certain, as a store would need it.
 */
function pageStringFetcher(log: SqliteEventLog): (from: number) => [number, ...unknown[]][] {
  const page = log.database
    .prepare<[number, number], string | null>(
      `SELECT '[' || group_concat('[' || position || ',' || stream_id || ',' || revision || ','
         || type_id || ',"' || hash || '",' || envelope || ']', ',' ORDER BY position) || ']'
       FROM (SELECT * FROM events WHERE position >= ? ORDER BY position LIMIT ?)`,
    )
    .pluck(true);
  return (from) => {
    const text = page.get(from, 1000);
    return typeof text === 'string' ? (JSON.parse(text) as [number, ...unknown[]][]) : [];
  };
}

/**
 * The floor of a binary layout (the trial of msgpackr records for a schema v3): the same
 * events, each packed as one msgpackr record array `[stream, revision, type, hash, ...envelope]`
 * in a BLOB, fetched with nothing but their position (the fewest columns any readAll could need)
 * and decoded by a reader holding the writer's shared record structures, nothing else.
 */
function packedFloor(log: SqliteEventLog, total: number): { rate: Rate; bytes: number } {
  const db = log.database;
  db.exec('CREATE TABLE packed_floor (position INTEGER PRIMARY KEY, envelope BLOB NOT NULL)');
  const structures: object[] = [];
  const writer = new Packr({ useRecords: true, structures });
  const insert = db.prepare<[number, Buffer]>('INSERT INTO packed_floor (position, envelope) VALUES (?, ?)');
  const copy = db.transaction((rows: [number, string, number, string, string, string][]) => {
    for (const [position, stream, revision, type, hash, envelope] of rows) {
      const fields = JSON.parse(envelope) as unknown[];
      insert.run(position, writer.pack([stream, revision, type, hash, ...fields]));
    }
  });
  const source = db
    .prepare<[number, number], [number, string, number, string, string, string]>(
      'SELECT position, stream, revision, type, hash, envelope FROM events_named WHERE position >= ? ORDER BY position LIMIT ?',
    )
    .raw(true);
  eachPage(
    (from) => source.all(from, 1000),
    (rows) => {
      copy.immediate(rows);
    },
  );
  const { bytes } = db
    .prepare<[], { bytes: number }>('SELECT avg(length(envelope)) AS bytes FROM packed_floor')
    .get() ?? { bytes: 0 };
  const reader = new Packr({ useRecords: true, structures: [...structures] });
  const fetchPacked = db
    .prepare<[number, number], [number, Buffer]>(
      'SELECT position, envelope FROM packed_floor WHERE position >= ? ORDER BY position LIMIT ?',
    )
    .raw(true);
  let checksum = 0;
  const cpuStart = process.cpuUsage();
  const wallStart = process.hrtime.bigint();
  eachPage(
    (from) => fetchPacked.all(from, 1000),
    (rows) => {
      for (const row of rows) checksum += (reader.unpack(row[1]) as unknown[]).length;
    },
  );
  const cpu = process.cpuUsage(cpuStart);
  const wall = seconds(wallStart);
  progress(`packed floor checksum ${checksum}, ${structures.length} record structures`);
  return { rate: { wall: total / wall, cpu: total / ((cpu.user + cpu.system) / 1e6) }, bytes };
}
