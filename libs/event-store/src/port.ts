import type { EventMetadata } from '@tablecast/events';
import type { RecordedHeads, StreamHead } from './chain/heads';
import type { Lease } from './lease/lease';
import type { Position } from './position';

/** 'no_stream': must not exist; 'stream_exists': must exist; a number: last revision must equal it. */
export type ExpectedRevision = number | 'no_stream' | 'stream_exists' | 'any';

export interface AppendResult {
  /** Revision of the last event written; pass it as the next expected revision. */
  readonly nextRevision: number;
  /** Global position of the last event written. */
  readonly position: Position;
}

export interface AppendOptions {
  /**
   * TC-SCALE-1: the grant of the lease the appending job holds (a singleton of the control role).
   * The append commits only while it is the lease's current, live grant, checked in the same write
   * transaction; otherwise it throws LeaseFencedError and nothing is written. Without it the
   * append is not fenced (a client's command).
   */
  readonly fence?: Lease;
}

/** Envelope fields fixed before sealing; the adapter adds prevHash and hash inside its write. */
export type UnsealedMetadata = Omit<EventMetadata, 'prevHash' | 'hash'>;

export interface UnsealedEvent {
  readonly type: string;
  readonly data: unknown;
  readonly metadata: UnsealedMetadata;
}

/** An event exactly as stored: the raw material of hash verification (never upcast). */
export interface StoredEvent {
  readonly stream: string;
  readonly revision: number;
  readonly position: Position;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
}

export interface ReadStreamOptions {
  readonly direction?: 'forwards' | 'backwards';
  /** Inclusive; defaults to the first (forwards) or last (backwards) event. */
  readonly fromRevision?: number;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /** Inclusive; 'start' (the default) reads from the first event. */
  readonly fromPosition?: Position | 'start';
  readonly maxCount?: number;
}

/** Server-side filters both adapters can evaluate natively. */
export type SubscriptionFilter =
  { readonly streamPrefixes: readonly string[] } | { readonly eventTypes: readonly string[] };

export interface SubscribeOptions {
  /**
   * Exclusive: delivery starts with the first event after this position, so a consumer resumes
   * from its saved checkpoint without seeing that event twice. 'start' delivers from the first.
   */
  readonly fromPosition?: Position | 'start';
  readonly filter?: SubscriptionFilter;
  /**
   * The head check: called once, when the subscriber has caught up with the log's head as it
   * stood at subscribing (`head`, undefined for an empty log). By then every event at or before
   * that head which the filter admits has been handed out and the consumer has asked for the
   * next; no event after it has been. A filter that admits nothing still gets the call, so a
   * read model can tell "rebuilt, ready" from "still replaying" without an event to prove it.
   */
  readonly onCaughtUp?: (head: Position | undefined) => void;
}

/** Catch-up then live, in global order, each event once. Iterate with `for await`. */
export interface Subscription<T> extends AsyncIterable<T> {
  close(): Promise<void>;
}

/** The match streams still being played, read in one snapshot of the log (see `readLiveStreams`). */
export interface LiveStreams {
  /** The log's last event when they were read (undefined: an empty log): follow the log after it. */
  readonly head: Position | undefined;
  /** The match streams whose last event at `head` is not the match's end, in name order. */
  readonly live: readonly string[];
  /** Every stream's head at the same moment, in name order (only when asked for). */
  readonly heads?: readonly StreamHead[];
}

export interface ReadLiveStreamsOptions {
  /** Also every stream's recorded head: a read that grows with the streams ever written. */
  readonly withHeads?: boolean;
}

export interface CheckpointStore {
  getCheckpoint(name: string): Promise<Position | undefined>;
  saveCheckpoint(name: string, position: Position): Promise<void>;
}

/**
 * The raw log every adapter implements. It stores envelopes and chains hashes, but knows nothing
 * of event types: validation and upcasting live in `EventStore`, above it.
 */
export interface EventLog extends CheckpointStore {
  readonly description: string;
  append(
    stream: string,
    events: readonly UnsealedEvent[],
    expected: ExpectedRevision,
    options?: AppendOptions,
  ): Promise<AppendResult>;
  readStream(stream: string, options?: ReadStreamOptions): Promise<readonly StoredEvent[]>;
  readAll(options?: ReadAllOptions): AsyncIterable<StoredEvent>;
  /**
   * Optional: the same read without a promise per event, for stores that read synchronously
   * (SQLite). Replays of a whole log use it when present.
   */
  readAllSync?(options?: ReadAllOptions): Iterable<StoredEvent>;
  subscribeToAll(options?: SubscribeOptions): Subscription<StoredEvent>;
  /**
   * Optional: each stream's head as recorded apart from its events (truncation evidence, see
   * chain/heads.ts). `tablecast verify` compares the chain with it when the adapter keeps one.
   */
  readStreamHeads?(): Promise<RecordedHeads>;
  /**
   * Optional: the position of the log's last event (undefined for an empty log), without reading
   * any event. A follower that rebuilds what it needs from a few streams follows the log after it.
   */
  headPosition?(): Promise<Position | undefined>;
  /**
   * Optional: whether the store answered its last call, for readiness. A store behind a network
   * (KurrentDB) reports the reason while its calls fail with LogUnavailableError.
   */
  availability?(): LogAvailability;
  /**
   * Optional: the live match streams (`isMatchEndType` in @tablecast/events says which event ends
   * one) and the head, from a set the log keeps in the append's own transaction, so it never
   * disagrees with the events; a boot reads the matches still played without a read per match
   * ever played. Undefined when this log (a read-only open of a file from before the set was
   * kept) has none. KurrentDB keeps neither this set nor stream heads: its followers read the log
   * from its start, as they did before.
   */
  readLiveStreams?(options?: ReadLiveStreamsOptions): Promise<LiveStreams | undefined>;
  close(): Promise<void>;
}

/** The store as readiness sees it: reachable, or why not. */
export type LogAvailability = { readonly ok: true } | { readonly ok: false; readonly detail: string };
