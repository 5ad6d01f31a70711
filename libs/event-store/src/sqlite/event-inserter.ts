import type { Database, Statement } from 'better-sqlite3';
import type { SealedEvent } from '../chain/seal';
import { insertColumns } from './schema';

/** Rows per multi-row INSERT; 10 measured best (50 and 100 no better, one row per statement ~20 % more CPU). */
export const INSERT_CHUNK = 10;

/** The statement's named values: the stream id of every row, and the type id when a chunk has one. */
interface Shared {
  stream: number;
  type: number;
}

/** Where the inserter gets a type's id (schema v3): the append's `NameDictionary`. */
export interface TypeIds {
  idForWrite(type: string): number;
}

/**
 * Writes a sealed batch into `events` inside the caller's transaction: whole chunks of
 * INSERT_CHUNK rows through one multi-row statement (one step of SQLite's VM and one call from
 * JavaScript per chunk instead of per row), the rest one row at a time. A chunk binds its stream
 * id once, and its type id once when all its rows have one (the usual batch). Before schema v3
 * these were the names, and binding the same two strings per row (each converted to UTF-8 and
 * copied by SQLite) cost about as much as binding the envelope.
 */
export class EventInserter {
  private readonly one: Statement;
  /** Per row: revision, hash, envelope; `@stream` and `@type` shared. */
  private readonly chunkOfOneType: Statement;
  /** Per row: revision, type id, hash, envelope; `@stream` shared. */
  private readonly chunkOfTypes: Statement;
  /** Reused for every chunk (the statement binds the values before `run` returns): 3 or 4 per row. */
  private readonly valuesOfOneType: unknown[] = new Array<unknown>(INSERT_CHUNK * 3);
  private readonly valuesOfTypes: unknown[] = new Array<unknown>(INSERT_CHUNK * 4);
  private readonly shared: Shared = { stream: 0, type: 0 };

  constructor(db: Database) {
    const rows = (row: string): string =>
      `INSERT INTO events (${insertColumns}) VALUES ${new Array<string>(INSERT_CHUNK).fill(row).join(', ')}`;
    this.one = db.prepare(`INSERT INTO events (${insertColumns}) VALUES (?, ?, ?, ?, ?)`);
    this.chunkOfOneType = db.prepare(rows('(@stream, ?, @type, ?, ?)'));
    this.chunkOfTypes = db.prepare(rows('(@stream, ?, ?, ?, ?)'));
  }

  /**
   * Inserts every event of `sealed` in order into the stream of id `streamId`; returns the global
   * position of the last one.
   */
  insert(streamId: number, sealed: readonly SealedEvent[], typeIds: TypeIds): number {
    let position = 0;
    let index = 0;
    const { shared } = this;
    shared.stream = streamId;
    for (; index + INSERT_CHUNK <= sealed.length; index += INSERT_CHUNK) {
      const type = sealed[index]?.type ?? '';
      let oneType = true;
      for (let row = 1; row < INSERT_CHUNK && oneType; row += 1) oneType = sealed[index + row]?.type === type;
      const values = oneType ? this.valuesOfOneType : this.valuesOfTypes;
      let at = 0;
      for (let row = 0; row < INSERT_CHUNK; row += 1) {
        const event = sealed[index + row];
        if (event === undefined) throw new RangeError(`no event at index ${index + row}`);
        values[at++] = event.revision;
        if (!oneType) values[at++] = typeIds.idForWrite(event.type);
        values[at++] = event.metadata.hash;
        values[at++] = event.envelopeJson;
      }
      shared.type = oneType ? typeIds.idForWrite(type) : 0;
      const statement = oneType ? this.chunkOfOneType : this.chunkOfTypes;
      position = Number(statement.run(values, shared).lastInsertRowid);
    }
    for (; index < sealed.length; index += 1) {
      const event = sealed[index];
      if (event === undefined) throw new RangeError(`no event at index ${index}`);
      position = Number(
        this.one.run(
          streamId,
          event.revision,
          typeIds.idForWrite(event.type),
          event.metadata.hash,
          event.envelopeJson,
        ).lastInsertRowid,
      );
    }
    // Let go of the last chunk's strings: the arrays live as long as the log.
    this.valuesOfOneType.fill(undefined);
    this.valuesOfTypes.fill(undefined);
    return position;
  }
}
