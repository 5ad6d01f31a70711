import { createHash } from 'node:crypto';
import type { EventMetadata } from '@tablecast/events';
import { canonicalJson } from './canonical-json';

/** Everything an event's hash covers. The global position is left out on purpose (see docs/events.md). */
export interface HashedFields {
  readonly stream: string;
  readonly revision: number;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: Omit<EventMetadata, 'hash'>;
}

/** The exact bytes that are hashed, for anyone re-implementing the check. */
export function hashInput(event: HashedFields): string {
  const { metadata } = event;
  return canonicalJson({
    stream: event.stream,
    revision: event.revision,
    type: event.type,
    data: event.data,
    metadata: {
      eventId: metadata.eventId,
      correlationId: metadata.correlationId,
      causationId: metadata.causationId,
      actor: { id: metadata.actor.id, role: metadata.actor.role },
      recordedAt: metadata.recordedAt,
      schemaVersion: metadata.schemaVersion,
      prevHash: metadata.prevHash,
    },
  });
}

export function eventHash(event: HashedFields): string {
  return createHash('sha256').update(hashInput(event), 'utf8').digest('hex');
}
