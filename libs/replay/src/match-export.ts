import {
  comparePositions,
  parsePosition,
  positionToString,
  verifyAll,
  type EventLog,
  type StoredEvent,
  type VerifyResult,
} from '@tablecast/event-store';
import { matchStream, type EventCatalog, type RulingIssued, type TablecastEvent } from '@tablecast/events';

/**
 * Everything the committee's record of a match rests on, as stored: the match stream and the
 * streams of its appeals, every event with its envelope and hashes exactly as in the log (never
 * upcast: the hashes cover the stored form), the hash-chain verification and the rulings.
 */
export interface MatchExport {
  readonly format: 'tablecast-match-export';
  readonly version: 1;
  readonly matchId: string;
  readonly exportedAt: string;
  /** Every event as stored, its global position as text (`positionToString`: JSON has no bigint). */
  readonly streams: Readonly<Record<string, readonly ExportedEvent[]>>;
  readonly verification: VerifyResult;
  readonly rulings: readonly RulingIssued['data'][];
}

export type ExportedEvent = Omit<StoredEvent, 'position'> & { readonly position: string };

const exported = (event: StoredEvent): ExportedEvent => ({
  ...event,
  position: positionToString(event.position),
});
/** An exported event back in its stored form (its position a bigint again). */
export const stored = (event: ExportedEvent): StoredEvent => ({
  ...event,
  position: parsePosition(event.position),
});

/**
 * Reads the match and its appeal streams from a raw log (read-only use is enough). The rulings are
 * read with `catalog`, the one the log is opened with (the registry's `matchLogCatalog`).
 * `appealStreamsOf` names the match's appeal streams where an index knows them (a server on a
 * request); without it they are found by reading the whole log (the offline CLI).
 */
export async function buildMatchExport(
  log: EventLog,
  matchId: string,
  now: Date,
  catalog: EventCatalog<TablecastEvent>,
  appealStreamsOf: (matchId: string) => Promise<Iterable<string>> = (id) => scanAppealStreams(log, id),
): Promise<MatchExport | null> {
  const match = await log.readStream(matchStream(matchId));
  if (match.length === 0) return null;
  const appealStreams = new Set(await appealStreamsOf(matchId));
  const streams: Record<string, readonly ExportedEvent[]> = { [matchStream(matchId)]: match.map(exported) };
  for (const stream of appealStreams) streams[stream] = (await log.readStream(stream)).map(exported);
  return {
    format: 'tablecast-match-export',
    version: 1,
    matchId,
    exportedAt: now.toISOString(),
    streams,
    verification: verifyExportStreams(streams),
    rulings: Object.values(streams)
      .flat()
      .map((event) => currentEvent(stored(event), catalog))
      .filter((event): event is RulingIssued => event.type === 'RulingIssued')
      .map((event) => event.data),
  };
}

/** The streams holding an AppealFiled for the match (a read of the whole log). */
async function scanAppealStreams(log: EventLog, matchId: string): Promise<string[]> {
  const streams: string[] = [];
  for await (const event of log.readAll()) {
    if (event.type === 'AppealFiled' && (event.data as { matchId?: unknown }).matchId === matchId)
      streams.push(event.stream);
  }
  return streams;
}

/**
 * Recomputes the hash chain of every stream in an export with the verifier of `tablecast verify`
 * (positions sorted per stream), so anyone holding the file can check it was not altered.
 */
export function verifyExportStreams(
  streams: Readonly<Record<string, readonly ExportedEvent[]>>,
): VerifyResult {
  const all = Object.values(streams)
    .flat()
    .map(stored)
    .sort((a, b) => comparePositions(a.position, b.position));
  return verifyAll(all);
}

/** One CSV row per event (RFC 4180 quoting): the log as a spreadsheet, hashes included. */
export function exportToCsv(exported: MatchExport): string {
  const header = [
    'stream',
    'revision',
    'position',
    'type',
    'recordedAt',
    'actorId',
    'actorRole',
    'schemaVersion',
    'prevHash',
    'hash',
    'data',
  ];
  const quote = (value: string): string =>
    /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  const rows = Object.values(exported.streams)
    .flat()
    .map((e) =>
      [
        e.stream,
        String(e.revision),
        e.position,
        e.type,
        e.metadata.recordedAt,
        e.metadata.actor.id,
        e.metadata.actor.role,
        String(e.metadata.schemaVersion),
        e.metadata.prevHash ?? '',
        e.metadata.hash,
        JSON.stringify(e.data),
      ]
        .map(quote)
        .join(','),
    );
  return `${[header.join(','), ...rows].join('\r\n')}\r\n`;
}

/** A stored event in the current schema version (upcast with `catalog`, as every reader sees it). */
export function currentEvent(event: StoredEvent, catalog: EventCatalog<TablecastEvent>): TablecastEvent {
  const upgraded = catalog.upcast(event.type, event.metadata.schemaVersion, event.data);
  if (!upgraded.ok)
    throw new Error(
      `${event.stream}@${String(event.revision)}: ${upgraded.issues.map((i) => i.message).join('; ')}`,
    );
  return upgraded.value;
}
