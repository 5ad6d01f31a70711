import type { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { sealBatch } from '../chain/seal';
import { WrongExpectedRevisionError } from '../errors';
import { checkExpected } from '../expected-revision';
import { kurrentClient } from './client-library';
import { noteHead, withHeadCheck } from './head-check';
import type {
  AppendOptions,
  AppendResult,
  EventLog,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  StoredEvent,
  SubscribeOptions,
  Subscription,
  UnsealedEvent,
} from '../port';
import type { Position } from '../position';
import {
  pinnedState,
  readPosition,
  readStreamOptions,
  serverFilter,
  toEventData,
  toStoredEvent,
} from './mapping';

/** Appends with 'any'/'stream_exists' re-read the head and retry this often before giving up. */
const HEAD_RACE_RETRIES = 5;
const CHECKPOINT_TYPE = '$tablecast.checkpoint';

/**
 * The log on KurrentDB (or EventStoreDB 22.6+). Streams, revisions, expected-state checks, $all
 * order and positions, filtering and catch-up subscriptions are the server's own; this adapter
 * adds only the hash chain, which needs the head's hash before each append.
 */
export class KurrentDbEventLog implements EventLog {
  readonly description: string;
  private readonly client: KurrentDBClient;

  constructor(connectionString: string) {
    this.client = kurrentClient().KurrentDBClient.connectionString(connectionString);
    this.description = `KurrentDB ${connectionString.replace(/\/\/[^@/]*@/, '//***@')}`;
  }

  async append(
    stream: string,
    events: readonly UnsealedEvent[],
    expected: ExpectedRevision,
    options?: AppendOptions,
  ): Promise<AppendResult> {
    // The leases live in the SQLite log's file (the roles that hold one run on it only): there is
    // no transaction here to check a grant in, and an unchecked "fenced" append would be a lie.
    if (options?.fence !== undefined) {
      throw new RangeError(
        `TC-SCALE-1: a fenced append (lease ${options.fence.name}) needs the SQLite log, where the lease is recorded`,
      );
    }
    for (let attempt = 0; ; attempt += 1) {
      const head = await this.head(stream);
      checkExpected(stream, expected, head?.revision);
      const sealed = sealBatch(stream, head?.revision ?? -1, head?.hash ?? null, events);
      try {
        // Always pinned to the head we chained onto, even for 'any': a concurrent writer must make
        // this append fail rather than fork the chain.
        const result = await this.client.appendToStream(stream, sealed.map(toEventData), {
          streamState: pinnedState(head?.revision),
        });
        if (result.position === undefined)
          throw new Error('KurrentDB did not return a position (22.6+ required)');
        return { nextRevision: Number(result.nextExpectedRevision), position: result.position };
      } catch (error) {
        if (!(error instanceof kurrentClient().WrongExpectedVersionError)) throw error;
        const actual = typeof error.actualState === 'bigint' ? Number(error.actualState) : 'no_stream';
        const retryable = expected === 'any' || (expected === 'stream_exists' && actual !== 'no_stream');
        if (!retryable || attempt >= HEAD_RACE_RETRIES)
          throw new WrongExpectedRevisionError(stream, expected, actual);
      }
    }
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<readonly StoredEvent[]> {
    const out: StoredEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, readStreamOptions(options))) {
        if (resolved.event !== undefined) out.push(toStoredEvent(resolved.event));
      }
    } catch (error) {
      if (error instanceof kurrentClient().StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  async *readAll(options: ReadAllOptions = {}): AsyncIterable<StoredEvent> {
    const reading = this.client.readAll({
      fromPosition: readPosition(options.fromPosition),
      maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      filter: serverFilter(undefined),
    });
    for await (const resolved of reading) {
      if (resolved.event !== undefined) yield toStoredEvent(resolved.event);
    }
  }

  subscribeToAll(options: SubscribeOptions = {}): Subscription<StoredEvent> {
    const notify = options.onCaughtUp;
    if (notify === undefined) {
      const subscription = this.client.subscribeToAll({
        fromPosition: readPosition(options.fromPosition),
        filter: serverFilter(options.filter),
      });
      return {
        async *[Symbol.asyncIterator]() {
          for await (const resolved of subscription) {
            if (resolved.event !== undefined) yield toStoredEvent(resolved.event);
          }
        },
        close: () => subscription.unsubscribe(),
      };
    }
    // The head as of subscribing, read alongside the subscription's start: every event of $all,
    // system ones included, since the filter's checkpoints and the server's "caught up" count them.
    const head = this.lastPosition();
    head.catch(() => undefined);
    const subscription = this.client.subscribeToAll({
      fromPosition: readPosition(options.fromPosition),
      filter: serverFilter(options.filter, noteHead),
    });
    subscription.on('caughtUp', () => {
      noteHead(subscription, 'live');
    });
    return {
      async *[Symbol.asyncIterator]() {
        yield* withHeadCheck(subscription, await head, notify);
      },
      close: () => subscription.unsubscribe(),
    };
  }

  /** The port's head: the last event of $all (a system one included: following after it is the same). */
  headPosition(): Promise<Position | undefined> {
    return this.lastPosition();
  }

  /** The position of the last event in $all, undefined when the log is empty. */
  private async lastPosition(): Promise<Position | undefined> {
    const { BACKWARDS, END } = kurrentClient();
    for await (const resolved of this.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: 1,
    })) {
      const position = resolved.event?.position;
      if (position !== undefined) return { commit: position.commit, prepare: position.prepare };
    }
    return undefined;
  }

  async getCheckpoint(name: string): Promise<Position | undefined> {
    const { BACKWARDS, END } = kurrentClient();
    const [last] = await this.readRaw(checkpointStream(name), {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
    });
    const data = last?.data as { commit?: string; prepare?: string } | undefined;
    return data?.commit === undefined || data.prepare === undefined
      ? undefined
      : { commit: BigInt(data.commit), prepare: BigInt(data.prepare) };
  }

  async saveCheckpoint(name: string, position: Position): Promise<void> {
    const stream = checkpointStream(name);
    const result = await this.client.appendToStream(
      stream,
      kurrentClient().jsonEvent({
        type: CHECKPOINT_TYPE,
        data: { commit: position.commit.toString(), prepare: position.prepare.toString() },
      }),
    );
    // Only the latest checkpoint matters; let the server scavenge the rest.
    if (result.nextExpectedRevision === 0n) await this.client.setStreamMetadata(stream, { maxCount: 1 });
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  private async head(stream: string): Promise<{ revision: number; hash: string } | undefined> {
    const [last] = await this.readStream(stream, { direction: 'backwards', maxCount: 1 });
    return last === undefined ? undefined : { revision: last.revision, hash: last.metadata.hash };
  }

  private async readRaw(
    stream: string,
    options: Parameters<KurrentDBClient['readStream']>[1],
  ): Promise<{ data: unknown }[]> {
    const out: { data: unknown }[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, options)) {
        if (resolved.event !== undefined) out.push({ data: resolved.event.data });
      }
    } catch (error) {
      if (error instanceof kurrentClient().StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }
}

/** Checkpoint streams sit outside match-/appeal-/tournament- prefixes, and their $-typed events outside readAll. */
const checkpointStream = (name: string): string => `tablecast-checkpoint-${name}`;
