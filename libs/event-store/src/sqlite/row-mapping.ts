import type { ActorRole } from '@tablecast/events';
import type { SealedEvent } from '../chain/seal';
import type { StoredEvent } from '../port';
import { positionOf } from '../position';
import type { EventRow } from './schema';

export function rowToEvent(row: EventRow): StoredEvent {
  return {
    stream: row.stream,
    revision: row.revision,
    position: positionOf(row.position),
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    metadata: {
      eventId: row.event_id,
      correlationId: row.correlation_id,
      causationId: row.causation_id,
      // The column holds whatever was written; verification, not this cast, vouches for it.
      actor: { id: row.actor_id, role: row.actor_role as ActorRole },
      recordedAt: row.recorded_at,
      schemaVersion: row.schema_version,
      prevHash: row.prev_hash,
      hash: row.hash,
    },
  };
}

export function eventToRow(stream: string, event: SealedEvent): Omit<EventRow, 'position'> {
  const { metadata } = event;
  return {
    stream,
    revision: event.revision,
    type: event.type,
    data: JSON.stringify(event.data),
    event_id: metadata.eventId,
    correlation_id: metadata.correlationId,
    causation_id: metadata.causationId,
    actor_id: metadata.actor.id,
    actor_role: metadata.actor.role,
    recorded_at: metadata.recordedAt,
    schema_version: metadata.schemaVersion,
    prev_hash: metadata.prevHash,
    hash: metadata.hash,
  };
}
