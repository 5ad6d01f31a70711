import type { DomainEvent, EventCatalog, EventMetadata, NewEvent, ValidationIssue } from '@tablecast/events';
import { InvalidEventError, UnreadableEventError } from './errors';
import type {
  AppendOptions,
  AppendResult,
  CheckpointStore,
  EventLog,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  StoredEvent,
  SubscribeOptions,
  Subscription,
  UnsealedEvent,
} from './port';
import type { Position } from './position';
import { asAsyncIterable, mapAsyncIterable } from './async-iterable';
import { randomEventId } from './event-ids';
import { LazyStoredEvent, type DecodeCheck } from './lazy-event';
import { superviseSubscription, type Supervision } from './subscription/supervised-subscription';
import { SubscriptionHealth, type SubscriptionHealthReport } from './subscription/subscription-health';

/** A catalog event as projections see it: upcast to the current schema, with its place in the log. */
export type RecordedEvent<E extends DomainEvent> = E & {
  readonly metadata: EventMetadata;
  readonly stream: string;
  readonly revision: number;
  readonly position: Position;
};

export interface EventStore<E extends DomainEvent> extends CheckpointStore {
  /** The raw log underneath: hashes verify against it, and it is what gets exported. */
  readonly log: EventLog;
  append(
    stream: string,
    events: readonly NewEvent<E>[],
    expected: ExpectedRevision,
    options?: AppendOptions,
  ): Promise<AppendResult>;
  readStream(stream: string, options?: ReadStreamOptions): Promise<readonly RecordedEvent<E>[]>;
  readAll(options?: ReadAllOptions): AsyncIterable<RecordedEvent<E>>;
  /** Catch-up then live; it resubscribes by itself after a dropped connection (see supervised-subscription). */
  subscribeToAll(options?: SubscribeOptions): Subscription<RecordedEvent<E>>;
  /** Whether every open subscription is live, or which one is retrying and why (for readiness). */
  subscriptionHealth(): SubscriptionHealthReport;
  close(): Promise<void>;
}

export interface EventStoreOptions<E extends DomainEvent> {
  readonly log: EventLog;
  readonly catalog: EventCatalog<E>;
  /** The recorded-at clock; injected so tests can pin it. */
  readonly now?: () => Date;
  readonly newEventId?: () => string;
  /** Resubscription backoff (tests shorten it); status reports go to `subscriptionHealth`. */
  readonly supervision?: Omit<Supervision, 'onStatus'>;
}

/** Stream names KurrentDB reserves ($…) or that could not be typed at a console. */
const streamNamePattern = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/;

export function createEventStore<E extends DomainEvent>(options: EventStoreOptions<E>): EventStore<E> {
  const { log, catalog } = options;
  const now = options.now ?? (() => new Date());
  const newEventId = options.newEventId ?? randomEventId;
  const health = new SubscriptionHealth();
  const open = new Set<Subscription<StoredEvent>>();

  /** A stored version other than the type's only one cannot be read (newer, or not a version). */
  const checkOnlyVersion: DecodeCheck = (stored, envelope) => {
    if (catalog.definition(stored.type)?.version === envelope.metadata.schemaVersion) return;
    const result = catalog.upcast(stored.type, envelope.metadata.schemaVersion, envelope.data);
    throw new UnreadableEventError(
      stored.stream,
      stored.revision,
      result.ok ? [{ path: 'metadata.schemaVersion', message: 'not the current version' }] : result.issues,
    );
  };

  const upcast = (stored: StoredEvent): RecordedEvent<E> => {
    const definition = catalog.definition(stored.type);
    // A type with one version and an event decoded on access (SQLite): the version check waits for
    // the first read of data or metadata, so a replay that skips the event by type or stream never
    // parses it. A wrong version still throws UnreadableEventError naming stream and revision, at
    // that read instead of at the iteration step. No caller relies on the step: the projection
    // runner, the feed producer, rebuilds, chapters and the arbitration scans read data inside the
    // loop or request that iterates, so the error reaches the same handler. An unknown type is known
    // from the column alone and stays an error at the iteration step. A type with upcasters is
    // decoded here: its older events must be rebuilt into a new object and validated, and a
    // replay should fail where it meets an old event that cannot be upgraded.
    if (definition?.history.length === 0 && stored instanceof LazyStoredEvent) {
      stored.checkOnDecode(checkOnlyVersion);
      return stored as StoredEvent as RecordedEvent<E>;
    }
    // A stored event at the current version already has the recorded shape: hand it over as is,
    // which keeps a replay free of per-event copies.
    if (definition?.version === stored.metadata.schemaVersion) {
      return stored as RecordedEvent<E>;
    }
    const result = catalog.upcast(stored.type, stored.metadata.schemaVersion, stored.data);
    if (!result.ok) throw new UnreadableEventError(stored.stream, stored.revision, result.issues);
    return {
      ...result.value,
      metadata: stored.metadata,
      stream: stored.stream,
      revision: stored.revision,
      position: stored.position,
    };
  };

  /** Every event of the batch is checked before anything is written: all or nothing. */
  const prepare = (stream: string, events: readonly NewEvent<E>[]): UnsealedEvent[] => {
    const issues: ValidationIssue[] = [];
    if (!streamNamePattern.test(stream)) {
      issues.push({
        path: 'stream',
        message: `stream name ${JSON.stringify(stream)} must match ${streamNamePattern.source}`,
      });
    }
    if (events.length === 0) issues.push({ path: 'events', message: 'a batch needs at least one event' });
    const recordedAt = now().toISOString();
    const unsealed: UnsealedEvent[] = [];
    for (let index = 0; index < events.length; index += 1) {
      const result = catalog.validateNew(events[index]);
      if (!result.ok) {
        const prefix = events.length === 1 ? '' : `events[${index}].`;
        issues.push(...result.issues.map((issue) => ({ ...issue, path: `${prefix}${issue.path}` })));
        continue;
      }
      const { type, data, metadata } = result.value;
      unsealed.push({
        type,
        data,
        metadata: {
          eventId: metadata.eventId ?? newEventId(),
          correlationId: metadata.correlationId,
          causationId: metadata.causationId,
          actor: metadata.actor,
          recordedAt,
          schemaVersion: catalog.definition(type)?.version ?? 1,
        },
      });
    }
    if (issues.length > 0) throw new InvalidEventError(issues);
    return unsealed;
  };

  return {
    log,
    append: (stream, events, expected, appendOptions) => {
      try {
        return log.append(stream, prepare(stream, events), expected, appendOptions);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    readStream: async (stream, readOptions) => (await log.readStream(stream, readOptions)).map(upcast),
    readAll: (readOptions) =>
      log.readAllSync === undefined
        ? mapAsyncIterable(log.readAll(readOptions), upcast)
        : asAsyncIterable(log.readAllSync(readOptions), upcast),
    subscribeToAll(subscribeOptions) {
      const onCaughtUp = once(subscribeOptions?.onCaughtUp);
      const raw = superviseSubscription(
        (fromPosition) =>
          log.subscribeToAll({
            ...subscribeOptions,
            fromPosition,
            ...(onCaughtUp === undefined ? {} : { onCaughtUp }),
          }),
        subscribeOptions?.fromPosition ?? 'start',
        { ...options.supervision, onStatus: health.track() },
      );
      open.add(raw);
      return {
        async *[Symbol.asyncIterator]() {
          for await (const stored of raw) yield upcast(stored);
        },
        close: () => {
          open.delete(raw);
          return raw.close();
        },
      };
    },
    subscriptionHealth: () => health.report(),
    getCheckpoint: (name) => log.getCheckpoint(name),
    saveCheckpoint: (name, position) => log.saveCheckpoint(name, position),
    // Closing the store is final: its subscriptions end (their consumers see the end), none retries.
    close: async () => {
      await Promise.all([...open].map((subscription) => subscription.close()));
      open.clear();
      await log.close();
    },
  };
}

/**
 * The head check reaches the subscriber once, although a resubscription after a failure checks
 * again (against the head as it stands then, which is at or past the first).
 */
function once<A extends unknown[]>(
  callback: ((...args: A) => void) | undefined,
): ((...args: A) => void) | undefined {
  if (callback === undefined) return undefined;
  let called = false;
  return (...args) => {
    if (called) return;
    called = true;
    callback(...args);
  };
}
