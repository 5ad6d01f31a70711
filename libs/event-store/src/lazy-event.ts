import type { EventMetadata } from '@tablecast/events';
import type { StoredEvent } from './port';
import type { Position } from './position';

/** What an adapter decodes from a stored envelope: everything of an event but its columns. */
export interface DecodedEnvelope {
  readonly data: unknown;
  readonly metadata: EventMetadata;
}

/**
 * Run once, on the first decode, before `data` or `metadata` is handed out; throwing makes the
 * event unreadable (see `LazyStoredEvent.checkOnDecode`).
 */
export type DecodeCheck = (event: StoredEvent, envelope: DecodedEnvelope) => void;

let dataProperty: PropertyDescriptor;
let metadataProperty: PropertyDescriptor;

/**
 * A stored event whose stream, revision, position and type are plain values and whose `data` and
 * `metadata` are decoded from the stored envelope on first access, once, then kept. Parsing an
 * envelope costs more than fetching its row (docs/events.md), and most consumers of a replay
 * (projections, filtered subscriptions, the feed's catch-up) skip most events by type or stream.
 *
 * `data` and `metadata` are own, enumerable accessors, so `{ ...event }`, `JSON.stringify`,
 * `structuredClone` and vitest's `toEqual` read them through the getter as if they were plain
 * values. They are defined per instance from two shared descriptors: getters written in an object
 * literal are new functions per object, which gives V8 a new hidden class each time (about 1.2 µs
 * per event measured, more than half the parse this saves); shared getters keep one hidden class
 * (about 0.17 µs each). The envelope and the decoded values live in private fields, which none of
 * those copies see.
 */
export class LazyStoredEvent<S = unknown> implements StoredEvent {
  static {
    dataProperty = {
      get(this: LazyStoredEvent) {
        return this.#envelope().data;
      },
      enumerable: true,
    };
    metadataProperty = {
      get(this: LazyStoredEvent) {
        return this.#envelope().metadata;
      },
      enumerable: true,
    };
  }

  declare readonly data: unknown;
  declare readonly metadata: EventMetadata;
  #source: S | undefined;
  #decode: ((source: S) => DecodedEnvelope) | undefined;
  #decoded: DecodedEnvelope | undefined;
  #check: DecodeCheck | undefined;
  #failure: Error | undefined;

  constructor(
    readonly stream: string,
    readonly revision: number,
    readonly position: Position,
    readonly type: string,
    /** What `decode` reads (an SQLite row); dropped once decoded. */
    source: S,
    /** A module-level function, not a closure per event. */
    decode: (source: S) => DecodedEnvelope,
  ) {
    this.#source = source;
    this.#decode = decode;
    Object.defineProperty(this, 'data', dataProperty);
    Object.defineProperty(this, 'metadata', metadataProperty);
  }

  /**
   * Adds a check to run on the first decode (the typed store's schema-version check). An event
   * already decoded is checked at once. A failed check is kept: every later access throws the same
   * error, so an unreadable event never yields its data on a second try. Checks added before the
   * decode all run, in the order they were added.
   */
  checkOnDecode(check: DecodeCheck): void {
    if (this.#decoded === undefined && this.#failure === undefined) {
      const previous = this.#check;
      this.#check =
        previous === undefined
          ? check
          : (event, envelope) => {
              previous(event, envelope);
              check(event, envelope);
            };
      return;
    }
    this.#envelope();
    if (this.#decoded !== undefined) this.#run(check, this.#decoded);
  }

  #envelope(): DecodedEnvelope {
    if (this.#decoded !== undefined) return this.#decoded;
    if (this.#failure !== undefined) throw this.#failure;
    const decoded = (this.#decode as (source: S) => DecodedEnvelope)(this.#source as S);
    this.#source = undefined;
    this.#decode = undefined;
    const check = this.#check;
    this.#check = undefined;
    if (check !== undefined) this.#run(check, decoded);
    this.#decoded = decoded;
    return decoded;
  }

  #run(check: DecodeCheck, decoded: DecodedEnvelope): void {
    try {
      check(this, decoded);
    } catch (error) {
      this.#decoded = undefined;
      this.#failure = error instanceof Error ? error : new Error(String(error));
      throw this.#failure;
    }
  }
}
