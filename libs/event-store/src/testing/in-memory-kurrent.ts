import type { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { kurrentClient } from '../kurrentdb/client-library';

interface Recorded {
  readonly streamId: string;
  readonly revision: bigint;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: unknown;
  readonly position: { readonly commit: bigint; readonly prepare: bigint };
}

interface Written {
  readonly type: string;
  readonly data: unknown;
  readonly metadata?: unknown;
}

interface AllReadOptions {
  readonly fromPosition?: { readonly commit: bigint; readonly prepare: bigint } | string;
  readonly maxCount?: number;
  readonly filter?: { readonly filterOn?: string; readonly prefixes?: string[] };
}

interface ReadOptions {
  readonly direction?: string;
  readonly fromRevision?: bigint | string;
  readonly maxCount?: number;
  readonly requiresLeader?: boolean;
}

/**
 * One KurrentDB server held in memory, for specs of the adapters over the client library's boundary:
 * streams with revisions, the server's expected-state check on append (the library's own
 * WrongExpectedVersionError and StreamNotFoundError), $all in append order with the stream-name
 * prefix filter. `client()` is one process's connection to it. `holdAppends(n)` keeps every append
 * waiting until n stream reads were made, so contenders can be made to decide on the same state.
 */
export class InMemoryKurrent {
  readonly all: Recorded[] = [];
  /** Appends the expected-state check refused. */
  conflicts = 0;
  /** The leader reads asked for (requiresLeader), by stream. */
  readonly leaderReads: string[] = [];
  /**
   * Events of $all the server went over for reads of $all, matching their filter or not: a
   * filtered read still walks $all from where it starts.
   */
  allEventsScanned = 0;
  private reads = 0;
  private held: { until: number; release: () => void; gate: Promise<void> } | undefined;

  holdAppends(untilReads: number): void {
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.held = { until: this.reads + untilReads, release, gate };
  }

  stream(name: string): Recorded[] {
    return this.all.filter((event) => event.streamId === name);
  }

  client(): KurrentDBClient {
    const fake = {
      readStream: (stream: string, options: ReadOptions = {}) => this.readStream(stream, options),
      readAll: (options: AllReadOptions = {}) => this.readAll(options),
      appendToStream: (
        stream: string,
        events: Written | Written[],
        options: { streamState?: unknown } = {},
      ) => this.append(stream, Array.isArray(events) ? events : [events], options.streamState ?? 'any'),
      setStreamMetadata: () => Promise.resolve({ success: true }),
      dispose: () => Promise.resolve(),
    };
    return fake as unknown as KurrentDBClient;
  }

  private async *readStream(stream: string, options: ReadOptions): AsyncIterable<{ event: Recorded }> {
    await Promise.resolve();
    if (options.requiresLeader === true) this.leaderReads.push(stream);
    this.noteRead();
    const events = this.stream(stream);
    if (events.length === 0) throw new (kurrentClient().StreamNotFoundError)(undefined, stream);
    const backwards = options.direction === 'backwards';
    let chosen = backwards ? [...events].reverse() : events;
    const from = options.fromRevision;
    if (typeof from === 'bigint') {
      chosen = chosen.filter((event) => (backwards ? event.revision <= from : event.revision >= from));
    }
    for (const event of chosen.slice(0, options.maxCount ?? Number.MAX_SAFE_INTEGER)) yield { event };
  }

  /** Forwards from `fromPosition` (the event there included, as the server reads), START by default. */
  private async *readAll(options: AllReadOptions): AsyncIterable<{ event: Recorded }> {
    await Promise.resolve();
    const prefixes = options.filter?.filterOn === 'streamName' ? options.filter.prefixes : undefined;
    const from = typeof options.fromPosition === 'object' ? options.fromPosition.commit : 0n;
    let left = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    for (const event of this.all.filter((recorded) => recorded.position.commit >= from)) {
      if (left <= 0) return;
      this.allEventsScanned += 1;
      if (prefixes === undefined || prefixes.some((prefix) => event.streamId.startsWith(prefix))) {
        left -= 1;
        yield { event };
      }
    }
  }

  private async append(
    stream: string,
    written: readonly Written[],
    state: unknown,
  ): Promise<{ success: boolean; nextExpectedRevision: bigint; position: Recorded['position'] }> {
    await Promise.resolve();
    if (this.held !== undefined) await this.held.gate;
    const events = this.stream(stream);
    const current = events.length === 0 ? 'no_stream' : BigInt(events.length - 1);
    const matches =
      state === 'any' ||
      (state === 'no_stream' && current === 'no_stream') ||
      (state === 'stream_exists' && current !== 'no_stream') ||
      (typeof state === 'bigint' && state === current);
    if (!matches) {
      this.conflicts += 1;
      throw new (kurrentClient().WrongExpectedVersionError)(undefined, {
        streamName: stream,
        expected: state as bigint,
        current,
      });
    }
    let revision = BigInt(events.length - 1);
    let position = { commit: 0n, prepare: 0n };
    for (const event of written) {
      revision += 1n;
      position = { commit: BigInt(this.all.length + 1), prepare: BigInt(this.all.length + 1) };
      this.all.push({
        streamId: stream,
        revision,
        type: event.type,
        data: event.data,
        metadata: event.metadata,
        position,
      });
    }
    return { success: true, nextExpectedRevision: revision, position };
  }

  private noteRead(): void {
    this.reads += 1;
    if (this.held !== undefined && this.reads >= this.held.until) {
      this.held.release();
      this.held = undefined;
    }
  }
}
