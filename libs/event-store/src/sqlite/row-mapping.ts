import type { ActorRole } from '@tablecast/events';
import { LazyStoredEvent, type DecodedEnvelope } from '../lazy-event';
import type { StoredEvent } from '../port';
import { positionOf } from '../position';
import type { StoreNames } from './name-dictionary';

/**
 * A row as better-sqlite3 returns it in raw mode, in the order of `eventColumns('ids')` (schema
 * v3). Raw arrays are about twice as fast to fetch as objects, and ids instead of names spare a
 * string per column per row, which matters when a projection replays a million events.
 */
export type EventRowValues = [
  position: number,
  streamId: number,
  revision: number,
  typeId: number,
  hash: string,
  envelope: string,
];

/** A row of a file before schema v3, read by a read-only open: names where v3 has ids. */
export type NamedRowValues = [
  position: number,
  stream: string,
  revision: number,
  type: string,
  hash: string,
  envelope: string,
];

/** What `decodeRow` reads of either kind of row. */
type EnvelopeOfRow = readonly [unknown, unknown, unknown, unknown, hash: string, envelope: string];

/**
 * Stream, revision and type come from the indexed columns the queries select by (names through
 * the connection's dictionaries), the rest from the envelope array (schema.ts): verification
 * recomputes the hash over both, so an edit to either, or to a name in a dictionary, is caught.
 * The envelope is parsed on the first read of `data` or `metadata` (lazy-event.ts), so a replay
 * that skips an event by type or stream never pays its parse. A row whose envelope is not such an
 * array (an edit under the store) becomes an event without data, which verification then reports,
 * instead of a replay stopping mid-log.
 */
export function idRowMapper(names: StoreNames): (row: EventRowValues) => StoredEvent {
  const { streams, types } = names;
  return (row) =>
    new LazyStoredEvent(
      streams.nameOf(row[1]),
      row[2],
      positionOf(row[0]),
      types.nameOf(row[3]),
      row,
      decodeRow,
    );
}

export function namedRowToEvent(row: NamedRowValues): StoredEvent {
  return new LazyStoredEvent(row[1], row[2], positionOf(row[0]), row[3], row, decodeRow);
}

function decodeRow(row: EnvelopeOfRow): DecodedEnvelope {
  const e = parseEnvelope(row[5]);
  return {
    data: e[0],
    metadata: {
      eventId: e[1] as string,
      correlationId: e[2] as string,
      causationId: e[3] as string | null,
      // The envelope holds whatever was written; verification, not these casts, vouches for it.
      actor: { id: e[4] as string, role: e[5] as ActorRole },
      recordedAt: e[6] as string,
      schemaVersion: e[7] as number,
      prevHash: e[8] as string | null,
      hash: row[4],
    },
  };
}

function parseEnvelope(text: string): readonly unknown[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) return parsed;
  } catch {
    // not JSON: see idRowMapper
  }
  return [];
}
