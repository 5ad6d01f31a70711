import type { EventMetadata } from '@tablecast/events';
import type { UnsealedEvent } from '../port';
import { canonicalJson } from './canonical-json';
import { BatchEncoder } from './batch-encoder';

export interface SealedEvent {
  readonly type: string;
  readonly data: unknown;
  /** `data` in canonical JSON (it is what the hash covered). */
  readonly dataJson: string;
  /** Data and the envelope fields but the hash, as one JSON array: the SQLite row (see encodeEvent). */
  readonly envelopeJson: string;
  readonly revision: number;
  readonly metadata: EventMetadata;
}

/**
 * Shared by every batch: it only remembers the last event's shared fields, so a run of single-event
 * appends by one operator reuses them too.
 */
const encoder = new BatchEncoder();

/**
 * Links a batch onto a stream whose last event has `lastRevision` and `lastHash` (-1 and null for a
 * new stream). Adapters call this inside their conditional write so the chain cannot fork.
 */
export function sealBatch(
  stream: string,
  lastRevision: number,
  lastHash: string | null,
  events: readonly UnsealedEvent[],
): SealedEvent[] {
  let prevHash = lastHash;
  const sealed: SealedEvent[] = new Array<SealedEvent>(events.length);
  // A plain loop and object literals (no spread): this runs for every event appended.
  for (let index = 0; index < events.length; index += 1) {
    const event = events[index];
    if (event === undefined) throw new RangeError(`no event at index ${index}`);
    const revision = lastRevision + 1 + index;
    const m = event.metadata;
    const dataJson = canonicalJson(event.data);
    const unhashed = {
      eventId: m.eventId,
      correlationId: m.correlationId,
      causationId: m.causationId,
      actor: m.actor,
      recordedAt: m.recordedAt,
      schemaVersion: m.schemaVersion,
      prevHash,
    };
    // One encoding per event, for the hash and for storage.
    const { hash, envelope } = encoder.encode(
      { stream, revision, type: event.type, data: event.data, metadata: unhashed },
      dataJson,
    );
    sealed[index] = {
      type: event.type,
      data: event.data,
      dataJson,
      envelopeJson: envelope,
      revision,
      metadata: {
        eventId: m.eventId,
        correlationId: m.correlationId,
        causationId: m.causationId,
        actor: m.actor,
        recordedAt: m.recordedAt,
        schemaVersion: m.schemaVersion,
        prevHash,
        hash,
      },
    };
    prevHash = hash;
  }
  return sealed;
}
