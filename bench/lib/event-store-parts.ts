// The measured parts of the event-store benchmark (bench/event-store.bench.ts). Each part runs in a
// process of its own (see that file), and the rates that decide a target are measured over several
// passes or windows whose median is reported, every pass listed beside it.
import { SqliteEventLog, createEventStore, type EventStore, type StoredEvent } from '@tablecast/event-store';
import type { TablecastEvent } from '@tablecast/events';
import { tablecastCatalog } from '@tablecast/games';
import { openEmbeddedEventStoreAsServed } from '@tablecast/server';
import { cardsPlayed, measure, rawCardsPlayed, seconds, type Rate } from './event-store-events';
import { batchedFloors, readFloors, type BatchedFloors, type ReadFloors } from './event-store-floors';
import { fmt, percentile } from './stats';

const progress = (text: string): void => {
  process.stderr.write(`event-store bench: ${text}\n`);
};

/** Passes over the million events, and windows of batched appends, per reported figure. */
export const PASSES = 3;

/** A figure measured several times: the median of each column, and every pass. */
export interface Repeated {
  readonly median: Rate;
  readonly passes: readonly Rate[];
}

export function repeated(passes: readonly Rate[]): Repeated {
  const middle = (values: number[]): number =>
    percentile(
      values.sort((a, b) => a - b),
      50,
    );
  return {
    median: { wall: middle(passes.map((p) => p.wall)), cpu: middle(passes.map((p) => p.cpu)) },
    passes,
  };
}

/** "101,234 / 98,765 / 104,321" events per wall-clock second, in the order measured. */
export const listPasses = (r: Repeated): string => r.passes.map((p) => fmt(p.wall, 0)).join(' / ');

function openStore(dataDir: string, synchronous: 'normal' | 'full'): EventStore<TablecastEvent> {
  return createEventStore({ log: new SqliteEventLog({ dataDir, synchronous }), catalog: tablecastCatalog });
}

export async function singleAppends(
  dataDir: string,
  synchronous: 'normal' | 'full',
  count: number,
): Promise<Rate> {
  const store = openStore(dataDir, synchronous);
  for (let i = 0; i < 200; i += 1) await store.append(`match-warm-${synchronous}`, [cardsPlayed(i)], 'any');
  const rate = await measure(count, async () => {
    for (let i = 0; i < count; i += 1)
      await store.append(`match-single-${synchronous}`, [cardsPlayed(i)], i === 0 ? 'no_stream' : i - 1);
  });
  await store.close();
  return rate;
}

/**
 * Batches of 100 timed in windows of 200,000 events (2,000 batches), one after another on one
 * store. A window of 30,000 (the first one used) timed the store's first WAL growth and
 * half-compiled code: paired runs on this machine gave 11-43 % lower rates for it than for this
 * window, which holds a dozen WAL checkpoints and so the sustained rate a server runs at.
 */
export const BATCHES = 2_000;

export interface BatchedRates {
  /** The store as the server writes it: checkpoints on the server's checkpoint thread. */
  readonly served: Repeated;
  /** The library's defaults: SQLite checkpoints inside the commit that passes 1,000 WAL pages. */
  readonly batched: Repeated;
  readonly floors: BatchedFloors;
}

/**
 * Windows of batched appends to two stores, taking turns so a slow spell of the shared host falls
 * on both: one opened as the server opens it (`openEmbeddedEventStoreAsServed`), one with the
 * library's defaults (tests, the CLI).
 */
export async function batchedAppends(
  servedDir: string,
  defaultsDir: string,
  floorDir: string,
): Promise<BatchedRates> {
  const served = openEmbeddedEventStoreAsServed(servedDir);
  const defaults = openStore(defaultsDir, 'normal');
  // The events are built before timing, as the floors' are: building them is the caller's work,
  // not the store's. A pool of 100 batches taken in turn rather than 2,000 per window: holding
  // 200,000 events alive would time the garbage collector marking them. The store assigns each
  // appended event a fresh id and its own revision and hash, so repeating a batch's contents gives
  // it nothing to reuse (its encoder and canonical-JSON caches key on shapes and fields, which
  // fresh events of this type share as much).
  const pool = Array.from({ length: 100 }, (_, b) =>
    Array.from({ length: 100 }, (__, i) => cardsPlayed(b * 100 + i)),
  );
  const batch = (b: number) => pool[b % pool.length] ?? [];
  const stores = [served.store, defaults];
  // Warmed up as the single appends are: the 100-event path (10-row INSERTs, batch encoder) was
  // otherwise compiled inside the measured events.
  for (const store of stores)
    for (let b = 0; b < 20; b += 1) await store.append('match-batched-warm', batch(b), 'any');
  const windows: Rate[][] = [[], []];
  for (let pass = 0; pass < PASSES; pass += 1) {
    const first = pass * BATCHES;
    for (const [index, store] of stores.entries()) {
      windows[index]?.push(
        await measure(BATCHES * 100, async () => {
          for (let b = first; b < first + BATCHES; b += 1)
            await store.append(`match-batched-${b % 8}`, batch(b), 'any');
        }),
      );
    }
  }
  await served.checkpoints?.stop();
  await served.store.close();
  await defaults.close();
  return {
    served: repeated(windows[0] ?? []),
    batched: repeated(windows[1] ?? []),
    floors: await batchedFloors(floorDir, BATCHES),
  };
}

export interface ReadRates extends ReadFloors {
  /** Every event's position, stream, revision and type read: the envelope is never decoded. */
  readonly typed: Repeated;
  /** The same, plus every event's data and metadata: every envelope decoded. */
  readonly typedFull: Repeated;
  readonly raw: Repeated;
  readonly rawFull: Repeated;
}

/** Reads the columns of an event as a consumer that filters by them would. */
const columns = (event: StoredEvent): number =>
  event.revision + event.stream.length + event.type.length + (event.position.commit > 0n ? 1 : 0);

/** Reads the decoded part too, as a consumer that uses every event would. */
const decoded = (event: StoredEvent): number =>
  (event.data === null ? 0 : 1) + event.metadata.schemaVersion + event.metadata.hash.length;

export const READ_EVENTS = 1_000_000;

export async function readAllMillion(dataDir: string): Promise<ReadRates> {
  const log = new SqliteEventLog({ dataDir, synchronous: 'normal' });
  const total = READ_EVENTS;
  const fill = process.hrtime.bigint();
  for (let b = 0; b < total / 1000; b += 1) {
    await log.append(
      `match-read-${b % 50}`,
      Array.from({ length: 1000 }, (_, i) => rawCardsPlayed(b * 1000 + i)),
      'any',
    );
  }
  progress(`filled ${total} events in ${fmt(seconds(fill), 1)} s`);
  const store = createEventStore({ log, catalog: tablecastCatalog });
  // Events decode their envelope on the first read of data or metadata (docs/events.md): the
  // first read of each pair reads only what a consumer filtering by type or stream reads, the
  // second reads everything, so the lazy read cannot flatter the figure of a full consumer. The
  // four reads take turns, pass after pass, so a slow spell of the shared host falls on all four.
  let checksum = 0;
  const typed: Rate[] = [];
  const typedFull: Rate[] = [];
  const raw: Rate[] = [];
  const rawFull: Rate[] = [];
  for (let pass = 0; pass < PASSES; pass += 1) {
    typed.push(
      await measure(total, async () => {
        for await (const event of store.readAll()) checksum += columns(event);
      }),
    );
    typedFull.push(
      await measure(total, async () => {
        for await (const event of store.readAll()) checksum += columns(event) + decoded(event);
      }),
    );
    raw.push(
      await measure(total, () => {
        for (const event of log.readAllSync()) checksum += columns(event);
        return Promise.resolve();
      }),
    );
    rawFull.push(
      await measure(total, () => {
        for (const event of log.readAllSync()) checksum += columns(event) + decoded(event);
        return Promise.resolve();
      }),
    );
  }
  progress(`checksum ${checksum}`);
  const floors = await readFloors(log, total);
  await log.close();
  return {
    typed: repeated(typed),
    typedFull: repeated(typedFull),
    raw: repeated(raw),
    rawFull: repeated(rawFull),
    ...floors,
  };
}

export async function subscriberLatency(dataDir: string, samples: number): Promise<number[]> {
  const store = openStore(dataDir, 'normal');
  const subscription = store.subscribeToAll({ fromPosition: 'start' });
  const iterator = subscription[Symbol.asyncIterator]();
  const latencies: number[] = [];
  for (let i = 0; i < samples + 100; i += 1) {
    const start = process.hrtime.bigint();
    const delivered = iterator.next();
    await store.append('match-live', [cardsPlayed(i)], 'any');
    const next = await delivered;
    if (next.done === true) throw new Error('subscription ended');
    if (i >= 100) latencies.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  await subscription.close();
  await store.close();
  return latencies;
}
