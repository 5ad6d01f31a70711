import type { Database, Statement } from 'better-sqlite3';
import type { StoredEvent, SubscriptionFilter } from '../port';
import type { StoreNames } from './name-dictionary';
import { idRowMapper, namedRowToEvent, type EventRowValues, type NamedRowValues } from './row-mapping';
import { eventColumns, rowLayout, type RowLayout } from './schema';

/** A row of either layout: the position comes first in both. */
export type AnyRowValues = EventRowValues | NamedRowValues;

/** Rows of one page and the mapping for the layout they were read in. */
export interface RowPage {
  readonly rows: readonly AnyRowValues[];
  readonly toEvent: (row: AnyRowValues) => StoredEvent;
}

/** The event reads of one connection, prepared for the layout the file had when they were made. */
export interface ReadStatements {
  readonly layout: RowLayout;
  /** One stream's events from `fromRevision` on, or down from it; a stream the file lacks has none. */
  readStream(stream: string, backwards: boolean, fromRevision: number, maxCount: number): StoredEvent[];
  /** Up to `limit` rows from position `from` on, in position order. */
  allFrom(from: number, limit: number): RowPage;
  /** Up to `limit` events strictly after position `after` that match `filter` (subscriptions). */
  pageAfter(after: number, filter: SubscriptionFilter | undefined, limit: number): StoredEvent[];
  /** The position of the last event in the file, 0 when it has none. */
  lastPosition(): number;
}

export function prepareReads(db: Database, names: StoreNames): ReadStatements {
  const layout = rowLayout(db);
  return layout === 'ids' ? new IdReads(db, names) : new NamedReads(db, layout);
}

/** What both layouts share: the three statements and the subscription filters' statements. */
abstract class LayoutReads<Row extends AnyRowValues, Key> implements ReadStatements {
  private readonly forwards: Statement<[Key, number, number], Row>;
  private readonly backwards: Statement<[Key, number, number], Row>;
  private readonly all: Statement<[number, number], Row>;
  private readonly head: Statement<[], number | null>;
  private readonly filtered = new Map<string, Statement<unknown[], Row>>();
  private readonly columns: string;
  /** Rows the streams of a prefix filter hold, by the filter's prefixes, and when that was counted. */
  private readonly matching = new Map<string, { readonly rows: number; readonly at: number }>();
  private readonly headCounts = new Map<string, Statement<string[], number>>();

  constructor(
    private readonly db: Database,
    readonly layout: RowLayout,
    /** The column `readStream` selects by. */
    stream: string,
    readonly toEvent: (row: Row) => StoredEvent,
  ) {
    const columns = eventColumns(layout);
    this.columns = columns;
    this.forwards = db
      .prepare<[Key, number, number], Row>(
        `SELECT ${columns} FROM events WHERE ${stream} = ? AND revision >= ? ORDER BY revision LIMIT ?`,
      )
      .raw(true);
    this.backwards = db
      .prepare<[Key, number, number], Row>(
        `SELECT ${columns} FROM events WHERE ${stream} = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
      )
      .raw(true);
    this.all = db
      .prepare<[number, number], Row>(
        `SELECT ${columns} FROM events WHERE position >= ? ORDER BY position LIMIT ?`,
      )
      .raw(true);
    this.head = db.prepare<[], number | null>('SELECT max(position) FROM events').pluck(true);
  }

  /** How `readStream` finds the stream: undefined when the file has no such stream. */
  protected abstract streamKey(stream: string): Key | undefined;

  /** The WHERE condition of a subscription filter, with `?` for each of `filterParameters`. */
  /** `byPosition`: match the streams row by row along the position order, not through the stream index. */
  protected abstract streamPrefixCondition(count: number, byPosition: boolean): string;
  protected abstract eventTypeCondition(count: number): string;

  readStream(stream: string, backwards: boolean, fromRevision: number, maxCount: number): StoredEvent[] {
    const key = this.streamKey(stream);
    if (key === undefined) return [];
    const statement = backwards ? this.backwards : this.forwards;
    return statement.all(key, fromRevision, maxCount).map(this.toEvent);
  }

  allFrom(from: number, limit: number): RowPage {
    return { rows: this.all.all(from, limit), toEvent: this.toEvent as (row: AnyRowValues) => StoredEvent };
  }

  pageAfter(after: number, filter: SubscriptionFilter | undefined, limit: number): StoredEvent[] {
    let where = '';
    let params: string[] = [];
    if (filter !== undefined && 'streamPrefixes' in filter) {
      const count = filter.streamPrefixes.length;
      // A file before schema v3 is read through the names, where the plan is SQLite's own.
      const byPosition =
        this.nearHead(after) || (this.layout === 'ids' && this.manyMatch(filter.streamPrefixes));
      where = ` AND ${count === 0 ? '0' : this.streamPrefixCondition(count, byPosition)}`;
      params = filter.streamPrefixes.flatMap((prefix) => [prefix, prefix]);
    } else if (filter !== undefined) {
      where = ` AND ${this.eventTypeCondition(filter.eventTypes.length)}`;
      params = [...filter.eventTypes];
    }
    const sql = `SELECT ${this.columns} FROM events WHERE position > ?${where} ORDER BY position LIMIT ?`;
    let statement = this.filtered.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare<unknown[], Row>(sql).raw(true);
      this.filtered.set(sql, statement);
    }
    return statement.all(after, ...params, limit).map(this.toEvent);
  }

  lastPosition(): number {
    return this.head.get() ?? 0;
  }

  /**
   * Whether few rows follow `after`, so reading them in position order and keeping the matching
   * streams' costs less than SQLite's own choice for a stream filter (without ANALYZE statistics):
   * every row of every matching stream through the (stream, revision) index, then a sort. That
   * choice suits a subscriber far behind on a few small streams (a tournament's stream); for one
   * keeping up with all the matches (`match-`) it read the whole of their history on every append.
   */
  private nearHead(after: number): boolean {
    return this.lastPosition() - after <= NEAR_HEAD_ROWS;
  }

  /**
   * Whether the matching streams hold more rows than a page read through the stream index should
   * sort: that plan reads every row of theirs after the subscriber's position on every page, so a
   * follower of every match (`match-`) catching up from far behind read and sorted the whole of
   * the matches' history 500 rows at a time (a first boot on a 5-million-event log spent 98 % of
   * its CPU there). In position order the catch-up reads each row once. Counted from the heads,
   * at most once a second per filter: the answer only moves as streams grow.
   */
  private manyMatch(prefixes: readonly string[]): boolean {
    const key = prefixes.join('\u0000');
    const now = Date.now();
    let counted = this.matching.get(key);
    if (counted === undefined || now - counted.at >= MATCHING_ROWS_TTL_MS) {
      counted = { rows: this.rowsInStreams(prefixes), at: now };
      this.matching.set(key, counted);
    }
    return counted.rows > NEAR_HEAD_ROWS;
  }

  /** How many events the streams matching any of `prefixes` hold, from their heads (`stream_heads`). */
  private rowsInStreams(prefixes: readonly string[]): number {
    const sql = `SELECT coalesce(sum(revision + 1), 0) FROM stream_heads WHERE ${prefixMatches('stream', prefixes.length)}`;
    let statement = this.headCounts.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare<string[], number>(sql).pluck(true);
      this.headCounts.set(sql, statement);
    }
    return statement.get(...prefixes.flatMap((prefix) => [prefix, prefix])) ?? 0;
  }
}

/** How long a count of the rows a stream filter matches is used before it is counted again. */
const MATCHING_ROWS_TTL_MS = 1_000;

/** Rows after a subscriber's position up to which a filtered page is read in position order. */
export const NEAR_HEAD_ROWS = 2000;

const placeholders = (count: number): string => new Array<string>(count).fill('?').join(', ');
const prefixMatches = (column: string, count: number): string =>
  new Array<string>(count).fill(`substr(${column}, 1, length(?)) = ?`).join(' OR ');

/**
 * Schema v3: rows carry ids, mapped to names by the connection's dictionaries, never by a join
 * (which would cost per row what the ids save). A subscription's filter is matched against the
 * dictionaries inside the query, so names another connection added since are matched too.
 */
class IdReads extends LayoutReads<EventRowValues, number> {
  constructor(
    db: Database,
    private readonly names: StoreNames,
  ) {
    super(db, 'ids', 'stream_id', idRowMapper(names));
  }

  protected streamKey(stream: string): number | undefined {
    return this.names.streams.idOf(stream);
  }

  protected streamPrefixCondition(count: number, byPosition: boolean): string {
    // The unary + keeps SQLite from answering through the stream index (it then scans by position).
    return `${byPosition ? '+' : ''}stream_id IN (SELECT id FROM streams WHERE ${prefixMatches('name', count)})`;
  }

  protected eventTypeCondition(count: number): string {
    return `type_id IN (SELECT id FROM event_types WHERE name IN (${placeholders(count)}))`;
  }
}

/** A read-only open of a file before schema v3 (tablecast verify must not migrate the evidence). */
class NamedReads extends LayoutReads<NamedRowValues, string> {
  constructor(db: Database, layout: RowLayout) {
    super(db, layout, 'stream', namedRowToEvent);
  }

  protected streamKey(stream: string): string {
    return stream;
  }

  protected streamPrefixCondition(count: number): string {
    return `(${prefixMatches('stream', count)})`;
  }

  protected eventTypeCondition(count: number): string {
    return `type IN (${placeholders(count)})`;
  }
}
