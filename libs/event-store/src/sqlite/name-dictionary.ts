import type { Database, Statement } from 'better-sqlite3';

/**
 * One connection's view of a schema v3 dictionary (`streams` or `event_types`): name → id for
 * writes and stream reads, id → name for every event read. Ids are never changed or deleted once
 * committed, so what this learns stays true and is never invalidated; it learns only committed ids:
 *
 * - a name new to the file is inserted inside the append's transaction and kept pending until the
 *   append returns. If the transaction rolls back (wrong expected revision, head mismatch, an
 *   insert error) its id is gone and SQLite may give it to another name later, so the pending ids
 *   are dropped (`discardPending`) and only published (`publishPending`) after a commit;
 * - an id or name another connection (a second writer, or the writer under a read-only
 *   `tablecast verify`) committed is looked up in the table on a miss. A name not found is not
 *   remembered: it may be added by the next append.
 *
 * Statements are prepared on first use: a read-only open of a file before schema v3 has no table.
 */
export class NameDictionary {
  /** By id: ids are small integers handed out in order, so an array beats a Map per event read. */
  private readonly names: (string | undefined)[] = [];
  private readonly ids = new Map<string, number>();
  private readonly pending = new Map<string, number>();
  private statements:
    | {
        readonly idOf: Statement<[string], number>;
        readonly nameOf: Statement<[number], string>;
        readonly add: Statement<[string]>;
      }
    | undefined;

  constructor(
    private readonly db: Database,
    private readonly table: 'streams' | 'event_types',
  ) {}

  /** The name of a committed id; an id with no row (an edit under the store) gets a placeholder. */
  nameOf(id: number): string {
    return this.names[id] ?? this.lookUpName(id);
  }

  /** The id of a name, or undefined when the file has none (yet). */
  idOf(name: string): number | undefined {
    const known = this.ids.get(name) ?? this.pending.get(name);
    if (known !== undefined) return known;
    // Not pending, so a row found is one some transaction committed, never this one's own.
    const id = this.prepared().idOf.get(name);
    if (id !== undefined) this.learn(name, id);
    return id;
  }

  /** The id of a name, added to the table if new; call inside the append's transaction only. */
  idForWrite(name: string): number {
    const known = this.idOf(name);
    if (known !== undefined) return known;
    const id = Number(this.prepared().add.run(name).lastInsertRowid);
    this.pending.set(name, id);
    return id;
  }

  /** After the append's transaction committed: its new names are now the file's for good. */
  publishPending(): void {
    for (const [name, id] of this.pending) this.learn(name, id);
    this.pending.clear();
  }

  /** After the append's transaction rolled back: its new ids may go to other names later. */
  discardPending(): void {
    this.pending.clear();
  }

  /** How many names are pending: where `discardPendingFrom` cuts back to. */
  pendingCount(): number {
    return this.pending.size;
  }

  /**
   * Forgets the names made pending after the first `count` (a Map keeps its insertion order): an
   * append of a group-committed transaction rolled back to its savepoint, and the ids it took may
   * be handed out again, while the names of the group's other appends stay pending until the commit.
   */
  discardPendingFrom(count: number): void {
    let index = 0;
    for (const name of [...this.pending.keys()]) {
      if (index >= count) this.pending.delete(name);
      index += 1;
    }
  }

  private lookUpName(id: number): string {
    const name = this.prepared().nameOf.get(id);
    if (name === undefined) {
      // Verification then reports the event, whose hash covers the name it was appended under.
      return `(no name for ${this.table}.id ${String(id)})`;
    }
    this.learn(name, id);
    return name;
  }

  private learn(name: string, id: number): void {
    this.names[id] = name;
    this.ids.set(name, id);
  }

  private prepared(): NonNullable<typeof this.statements> {
    this.statements ??= {
      idOf: this.db.prepare<[string], number>(`SELECT id FROM ${this.table} WHERE name = ?`).pluck(),
      nameOf: this.db.prepare<[number], string>(`SELECT name FROM ${this.table} WHERE id = ?`).pluck(),
      add: this.db.prepare<[string]>(`INSERT INTO ${this.table} (name) VALUES (?)`),
    };
    return this.statements;
  }
}

/** How many stream and type names were pending at a savepoint. */
export type PendingMark = readonly [streams: number, types: number];

/** The two dictionaries of one connection. */
export class StoreNames {
  readonly streams: NameDictionary;
  readonly types: NameDictionary;

  constructor(db: Database) {
    this.streams = new NameDictionary(db, 'streams');
    this.types = new NameDictionary(db, 'event_types');
  }

  publishPending(): void {
    this.streams.publishPending();
    this.types.publishPending();
  }

  discardPending(): void {
    this.streams.discardPending();
    this.types.discardPending();
  }

  /** Where `discardPendingFrom` cuts back to: the pending names of both dictionaries. */
  pendingMark(): PendingMark {
    return [this.streams.pendingCount(), this.types.pendingCount()];
  }

  discardPendingFrom([streams, types]: PendingMark): void {
    this.streams.discardPendingFrom(streams);
    this.types.discardPendingFrom(types);
  }
}
