import type {
  AllStreamSubscription,
  BACKWARDS,
  FORWARDS,
  EventData,
  Filter,
  JSONType,
  ReadPosition,
  ReadRevision,
  StreamState,
} from '@kurrent/kurrentdb-client';
import type { EventMetadata } from '@tablecast/events';
import type { SealedEvent } from '../chain/seal';
import type { ReadStreamOptions, StoredEvent, SubscriptionFilter } from '../port';
import type { Position } from '../position';
import { kurrentClient } from './client-library';

/** The subset of the client's RecordedEvent this adapter reads. */
export interface KurrentRecorded {
  readonly streamId: string;
  readonly revision: bigint;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: unknown;
  readonly position?: Position;
}

/** Our event id doubles as KurrentDB's, so the server's idempotent-append check covers retries. */
export function toEventData(event: SealedEvent): EventData {
  return kurrentClient().jsonEvent({
    id: event.metadata.eventId,
    type: event.type,
    data: event.data as JSONType,
    metadata: event.metadata,
  });
}

export function toStoredEvent(recorded: KurrentRecorded): StoredEvent {
  if (recorded.position === undefined) {
    throw new Error(
      `KurrentDB returned ${recorded.streamId}@${recorded.revision} without a position; server 22.6 or later is required`,
    );
  }
  return {
    stream: recorded.streamId,
    revision: Number(recorded.revision),
    position: { commit: recorded.position.commit, prepare: recorded.position.prepare },
    type: recorded.type,
    data: recorded.data,
    // Stored as written; verification (not this cast) vouches for the envelope.
    metadata: recorded.metadata as EventMetadata,
  };
}

/** The server's own expected-state check, pinned to the head the batch was chained onto. */
export function pinnedState(headRevision: number | undefined): StreamState {
  return headRevision === undefined ? kurrentClient().NO_STREAM : BigInt(headRevision);
}

export function readStreamOptions(options: ReadStreamOptions): {
  direction: typeof FORWARDS | typeof BACKWARDS;
  fromRevision: ReadRevision;
  maxCount: number;
} {
  const backwards = options.direction === 'backwards';
  const client = kurrentClient();
  return {
    direction: backwards ? client.BACKWARDS : client.FORWARDS,
    fromRevision:
      options.fromRevision === undefined
        ? backwards
          ? client.END
          : client.START
        : BigInt(options.fromRevision),
    maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
  };
}

export function readPosition(position: Position | 'start' | undefined): ReadPosition {
  return position === undefined || position === 'start' ? kurrentClient().START : position;
}

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Server-side $all filters. Without one, system events ($-prefixed types, including our
 * checkpoints) are excluded so callers see only domain events.
 */
export function serverFilter(
  filter: SubscriptionFilter | undefined,
  checkpointReached?: (subscription: AllStreamSubscription, position: Position) => void,
): Filter {
  const { eventTypeFilter, excludeSystemEvents, streamNameFilter } = kurrentClient();
  const hook = checkpointReached === undefined ? {} : { checkpointReached };
  if (filter === undefined) return excludeSystemEvents(hook);
  // The stream-name prefix filter runs on the server: events of other streams never cross the wire.
  if ('streamPrefixes' in filter) return streamNameFilter({ prefixes: [...filter.streamPrefixes], ...hook });
  return eventTypeFilter({ regex: `^(?:${filter.eventTypes.map(escapeRegex).join('|')})$`, ...hook });
}
