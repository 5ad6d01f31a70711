import type { Database, Statement } from 'better-sqlite3';
import type { EventRowValues } from './row-mapping';
import { eventColumns, hasEnvelopeLayout } from './schema';

/** The event reads of one connection, prepared for the layout the file had when they were made. */
export interface ReadStatements {
  /** Whether the file had the envelope column (schema v2) then. */
  readonly envelopeLayout: boolean;
  /** The SELECT list: the envelope column, or (read-only open of a file before schema v2) its SQL equivalent. */
  readonly columns: string;
  readonly forwards: Statement<[string, number, number], EventRowValues>;
  readonly backwards: Statement<[string, number, number], EventRowValues>;
  readonly allFrom: Statement<[number, number], EventRowValues>;
}

export function prepareReads(db: Database): ReadStatements {
  const envelopeLayout = hasEnvelopeLayout(db);
  const columns = eventColumns(envelopeLayout);
  return {
    envelopeLayout,
    columns,
    forwards: db
      .prepare<[string, number, number], EventRowValues>(
        `SELECT ${columns} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?`,
      )
      .raw(true),
    backwards: db
      .prepare<[string, number, number], EventRowValues>(
        `SELECT ${columns} FROM events WHERE stream = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
      )
      .raw(true),
    allFrom: db
      .prepare<[number, number], EventRowValues>(
        `SELECT ${columns} FROM events WHERE position >= ? ORDER BY position LIMIT ?`,
      )
      .raw(true),
  };
}
