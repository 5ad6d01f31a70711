import type { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { sealBatch } from '../chain/seal';
import { LogUnavailableError, WrongExpectedRevisionError } from '../errors';
import { checkExpected } from '../expected-revision';
import { kurrentClient } from './client-library';
import { noteHead, withHeadCheck } from './head-check';
import { assertLeaseHeld, DEFAULT_FENCE_MARGIN_MS, LEASE_STREAM_PREFIX } from './lease-stream';
import type { Lease } from '../lease/lease';
import type {
  AppendOptions,
  AppendResult,
  EventLog,
  LogAvailability,
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
import { storeError } from './store-errors';

/** How a fenced append checks its lease (KurrentDbLeaseStore's grants, in the same KurrentDB). */
export interface KurrentDbFencingOptions {
  /** Wall-clock ms the grant's expiry is compared with (every contender's clock); a test steps it. */
  readonly leaseClock?: () => number;
  /** See DEFAULT_FENCE_MARGIN_MS. */
  readonly fenceMarginMs?: number;
  /** The lease store's streamPrefix (default LEASE_STREAM_PREFIX). */
  readonly leaseStreamPrefix?: string;
}

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
  /** The last call's failure while the store is unreachable; cleared by the next call it answers. */
  private unreachable: LogUnavailableError | undefined;
  /** The head read a readiness poll sent while the store was unreachable, until it settles. */
  private probe: Promise<unknown> | undefined;

  private readonly leaseClock: () => number;
  private readonly fenceMarginMs: number;
  private readonly leaseStreamPrefix: string;

  /** `client` replaces the one the connection string makes (tests inject the library's failures). */
  constructor(connectionString: string, client?: KurrentDBClient, fencing: KurrentDbFencingOptions = {}) {
    this.client = client ?? kurrentClient().KurrentDBClient.connectionString(connectionString);
    this.description = `KurrentDB ${connectionString.replace(/\/\/[^@/]*@/, '//***@')}`;
    this.leaseClock = fencing.leaseClock ?? Date.now;
    this.fenceMarginMs = fencing.fenceMarginMs ?? DEFAULT_FENCE_MARGIN_MS;
    this.leaseStreamPrefix = fencing.leaseStreamPrefix ?? LEASE_STREAM_PREFIX;
  }

  /**
   * Unavailable while the last call failed to reach the store (not the leader, unreachable, past its
   * deadline). Readiness polls this: each poll while down sends one head read, so the report comes
   * back once the store answers again, with or without traffic.
   */
  availability(): LogAvailability {
    const down = this.unreachable;
    if (down === undefined) return { ok: true };
    this.probe ??= this.lastPosition()
      .catch(() => undefined)
      .finally(() => {
        this.probe = undefined;
      });
    return { ok: false, detail: down.message };
  }

  async append(
    stream: string,
    events: readonly UnsealedEvent[],
    expected: ExpectedRevision,
    options?: AppendOptions,
  ): Promise<AppendResult> {
    // A failure to reach the store (LogUnavailableError) ends the append with nothing taken as
    // written, although the server may have written the batch before its answer was lost (a
    // deadline, a dropped connection). Sending the same write again is still safe: every append is
    // pinned to the head revision it was chained onto (below, even for 'any'), so a batch that did go
    // in makes the resend meet a newer head; a command resent with its idempotency key then finds
    // its first answer in the stream instead of being decided twice (TC-SCALE-2). And the batch's
    // event ids are KurrentDB's own (see mapping.ts), so the server's idempotent-append check also
    // recognises the very same batch sent twice at the same revision.
    for (let attempt = 0; ; attempt += 1) {
      const head = await this.head(stream);
      checkExpected(stream, expected, head?.revision);
      const sealed = sealBatch(stream, head?.revision ?? -1, head?.hash ?? null, events);
      // TC-SCALE-1: the grant is checked on the leader right before the append, on every try (a
      // retry may come after a takeover). Two calls, not one transaction: see KurrentDbLeaseStore.fenced.
      if (options?.fence !== undefined) await this.assertFence(options.fence);
      try {
        // Always pinned to the head we chained onto, even for 'any': a concurrent writer must make
        // this append fail rather than fork the chain.
        const result = await this.client.appendToStream(stream, sealed.map(toEventData), {
          streamState: pinnedState(head?.revision),
        });
        this.answered();
        if (result.position === undefined)
          throw new Error('KurrentDB did not return a position (22.6+ required)');
        return { nextRevision: Number(result.nextExpectedRevision), position: result.position };
      } catch (error) {
        if (!(error instanceof kurrentClient().WrongExpectedVersionError)) throw this.failed(error, stream);
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
      if (error instanceof kurrentClient().StreamNotFoundError) {
        this.answered();
        return [];
      }
      throw this.failed(error, stream);
    }
    this.answered();
    return out;
  }

  async *readAll(options: ReadAllOptions = {}): AsyncIterable<StoredEvent> {
    const reading = this.client.readAll({
      fromPosition: readPosition(options.fromPosition),
      maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      filter: serverFilter(undefined),
    });
    try {
      for await (const resolved of reading) {
        if (resolved.event !== undefined) yield toStoredEvent(resolved.event);
      }
    } catch (error) {
      throw this.failed(error);
    }
    this.answered();
  }

  subscribeToAll(options: SubscribeOptions = {}): Subscription<StoredEvent> {
    const notify = options.onCaughtUp;
    if (notify === undefined) {
      const subscription = this.client.subscribeToAll({
        fromPosition: readPosition(options.fromPosition),
        filter: serverFilter(options.filter),
      });
      const failed = (error: unknown): unknown => this.failed(error);
      return {
        async *[Symbol.asyncIterator]() {
          try {
            for await (const resolved of subscription) {
              if (resolved.event !== undefined) yield toStoredEvent(resolved.event);
            }
          } catch (error) {
            throw failed(error);
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
    const failed = (error: unknown): unknown => this.failed(error);
    return {
      async *[Symbol.asyncIterator]() {
        try {
          yield* withHeadCheck(subscription, await head, notify);
        } catch (error) {
          throw failed(error);
        }
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
    try {
      for await (const resolved of this.client.readAll({
        direction: BACKWARDS,
        fromPosition: END,
        maxCount: 1,
      })) {
        const position = resolved.event?.position;
        if (position !== undefined) {
          this.answered();
          return { commit: position.commit, prepare: position.prepare };
        }
      }
    } catch (error) {
      throw this.failed(error);
    }
    this.answered();
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
    try {
      const result = await this.client.appendToStream(
        stream,
        kurrentClient().jsonEvent({
          type: CHECKPOINT_TYPE,
          data: { commit: position.commit.toString(), prepare: position.prepare.toString() },
        }),
      );
      // Only the latest checkpoint matters; let the server scavenge the rest.
      if (result.nextExpectedRevision === 0n) await this.client.setStreamMetadata(stream, { maxCount: 1 });
    } catch (error) {
      throw this.failed(error, stream);
    }
    this.answered();
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
      throw this.failed(error, stream);
    }
    this.answered();
    return out;
  }

  /** TC-SCALE-1: LeaseFencedError unless the append's lease is the current grant on the leader. */
  private async assertFence(fence: Lease): Promise<void> {
    const stream = `${this.leaseStreamPrefix}${fence.name}`;
    try {
      await assertLeaseHeld(this.client, stream, fence, this.leaseClock, this.fenceMarginMs);
    } catch (error) {
      throw this.failed(error, stream);
    }
    this.answered();
  }

  /** The store answered a call: it is reachable again. */
  private answered(): void {
    this.unreachable = undefined;
  }

  /** The client's failure as the store-neutral error (LogUnavailableError is also kept for readiness). */
  private failed(error: unknown, stream?: string): unknown {
    const translated = storeError(error, this.description, stream);
    if (translated instanceof LogUnavailableError) this.unreachable = translated;
    return translated;
  }
}

/** Checkpoint streams sit outside match-/appeal-/tournament- prefixes, and their $-typed events outside readAll. */
const checkpointStream = (name: string): string => `tablecast-checkpoint-${name}`;
