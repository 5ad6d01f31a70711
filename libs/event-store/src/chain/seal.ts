import type { EventMetadata } from '@tablecast/events';
import type { UnsealedEvent } from '../port';
import { eventHash } from './hash';

export interface SealedEvent {
  readonly type: string;
  readonly data: unknown;
  readonly revision: number;
  readonly metadata: EventMetadata;
}

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
  return events.map((event, index) => {
    const revision = lastRevision + 1 + index;
    const unhashed = { ...event.metadata, prevHash };
    const hash = eventHash({ stream, revision, type: event.type, data: event.data, metadata: unhashed });
    prevHash = hash;
    return { type: event.type, data: event.data, revision, metadata: { ...unhashed, hash } };
  });
}
