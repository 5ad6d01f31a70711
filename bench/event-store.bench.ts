// Embedded event store benchmarks (issue #4): single and batched appends, readAll over 1,000,000
// events, append-to-subscriber latency. Prints its markdown section on stdout; progress on stderr.
// Run with `npm run bench -- event-store`; EVENT_STORE_BENCH=batched (or a comma list of single,
// batched, read, latency) runs only those parts, e.g. `EVENT_STORE_BENCH=batched npx tsx bench/event-store.bench.ts`
// for A/B runs (it imports the built libraries: `npx tsc -b libs/event-store/tsconfig.json` first).
import { SqliteEventLog, createEventStore, type EventStore, type StoredEvent } from '@tablecast/event-store';
import { tablecastCatalog, type TablecastEvent } from '@tablecast/events';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardsPlayed, measure, rawCardsPlayed, seconds, type Rate } from './lib/event-store-events';
import { batchedFloors, readFloors, type BatchedFloors, type ReadFloors } from './lib/event-store-floors';
import { fmt, markdownTable, summarize, type Summary } from './lib/stats';

const progress = (text: string): void => {
  process.stderr.write(`event-store bench: ${text}\n`);
};

const parts = ['single', 'batched', 'read', 'latency'] as const;
type Part = (typeof parts)[number];
const wanted = (process.env.EVENT_STORE_BENCH ?? parts.join(',')).split(',').map((part) => part.trim());
for (const part of wanted) {
  if (!(parts as readonly string[]).includes(part)) {
    throw new RangeError(
      `EVENT_STORE_BENCH: unknown part ${JSON.stringify(part)}; known: ${parts.join(', ')}`,
    );
  }
}
const runs = (part: Part): boolean => wanted.includes(part);

function openStore(dataDir: string, synchronous: 'normal' | 'full'): EventStore<TablecastEvent> {
  return createEventStore({ log: new SqliteEventLog({ dataDir, synchronous }), catalog: tablecastCatalog });
}

async function singleAppends(dataDir: string, synchronous: 'normal' | 'full', count: number): Promise<Rate> {
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
 * Batches of 100 timed for the batched rate and its floors: 200,000 events, a few seconds. A window
 * of 30,000 (the first one used) timed the store's first WAL growth and half-compiled code: paired
 * runs on this machine gave 11-43 % lower rates for it than for this window, which holds a dozen
 * WAL checkpoints and so the sustained rate a server runs at.
 */
const BATCHES = 2_000;

async function batchedAppends(dataDir: string, batches: number): Promise<Rate> {
  const store = openStore(dataDir, 'normal');
  const batch = (b: number) => Array.from({ length: 100 }, (_, i) => cardsPlayed(b * 100 + i));
  // Warmed up as the single appends are: the 100-event path (10-row INSERTs, batch encoder) was
  // otherwise compiled inside the measured events.
  for (let b = 0; b < 20; b += 1) await store.append('match-batched-warm', batch(b), 'any');
  const rate = await measure(batches * 100, async () => {
    for (let b = 0; b < batches; b += 1) await store.append(`match-batched-${b % 8}`, batch(b), 'any');
  });
  await store.close();
  return rate;
}

interface ReadRates extends ReadFloors {
  /** Every event's position, stream, revision and type read: the envelope is never decoded. */
  readonly typed: Rate;
  /** The same, plus every event's data and metadata: every envelope decoded. */
  readonly typedFull: Rate;
  readonly raw: Rate;
  readonly rawFull: Rate;
}

/** Reads the columns of an event as a consumer that filters by them would. */
const columns = (event: StoredEvent): number =>
  event.revision + event.stream.length + event.type.length + (event.position.commit > 0n ? 1 : 0);

/** Reads the decoded part too, as a consumer that uses every event would. */
const decoded = (event: StoredEvent): number =>
  (event.data === null ? 0 : 1) + event.metadata.schemaVersion + event.metadata.hash.length;

async function readAllMillion(dataDir: string): Promise<ReadRates> {
  const log = new SqliteEventLog({ dataDir, synchronous: 'normal' });
  const total = 1_000_000;
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
  // first row of each pair reads only what a consumer filtering by type or stream reads, the
  // second reads everything, so the lazy read cannot flatter the figure of a full consumer.
  let checksum = 0;
  const typed = await measure(total, async () => {
    for await (const event of store.readAll()) checksum += columns(event);
  });
  const typedFull = await measure(total, async () => {
    for await (const event of store.readAll()) checksum += columns(event) + decoded(event);
  });
  const raw = await measure(total, () => {
    for (const event of log.readAllSync()) checksum += columns(event);
    return Promise.resolve();
  });
  const rawFull = await measure(total, () => {
    for (const event of log.readAllSync()) checksum += columns(event) + decoded(event);
    return Promise.resolve();
  });
  progress(`checksum ${checksum}`);
  const floors = await readFloors(log, total);
  await log.close();
  return { typed, typedFull, raw, rawFull, ...floors };
}

async function subscriberLatency(dataDir: string, samples: number): Promise<number[]> {
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

const met = (ok: boolean): string => (ok ? 'met' : '**missed**');
const rate = (r: Rate): string => `${fmt(r.wall, 0)} events/s`;
const cpuRate = (r: Rate): string => `${fmt(r.cpu, 0)} events/CPU-s`;
const plain = (measure: string, r: Rate): string[] => [measure, rate(r), cpuRate(r), '—', '—'];

function singleRows(normal: Rate, full: Rate): string[][] {
  return [
    [
      'single-event appends, one transaction each (synchronous=NORMAL, default)',
      rate(normal),
      cpuRate(normal),
      '≥ 5,000/s',
      met(normal.wall >= 5_000),
    ],
    plain('single-event appends, synchronous=FULL (fsync per commit)', full),
  ];
}

function batchedRows(batched: Rate, floor: BatchedFloors): string[][] {
  return [
    [
      'batched appends, 100 per batch',
      rate(batched),
      cpuRate(batched),
      '≥ 100,000/s',
      met(batched.wall >= 100_000),
    ],
    plain('batched appends through the raw log: sealing and SQLite, no catalog validation', floor.rawLog),
    ['catalog validation alone (zod, size check), same events', '', cpuRate(floor.validateOnly), '—', '—'],
    [
      'sealing alone (canonical JSON, SHA-256, stored envelope), same events',
      '',
      cpuRate(floor.sealOnly),
      '—',
      '—',
    ],
    plain(
      'the same rows, encoded beforehand, inserted by better-sqlite3 alone, 100 per transaction (floor)',
      floor.insertOnly,
    ),
  ];
}

function readRows(read: ReadRates): string[][] {
  return [
    [
      "readAll over 1,000,000 events, typed store: every event's position, stream, revision and type read, envelope decoded on access",
      rate(read.typed),
      cpuRate(read.typed),
      '≥ 500,000/s',
      met(read.typed.wall >= 500_000),
    ],
    plain("same, every event's data and metadata read too (every envelope decoded)", read.typedFull),
    plain(
      "readAll over 1,000,000 events, raw log (readAllSync): every event's position, stream, revision and type read",
      read.raw,
    ),
    plain("same, raw log, every event's data and metadata read too", read.rawFull),
    plain('the same rows fetched by better-sqlite3 alone, not decoded (floor)', read.fetchOnly),
    plain(
      'the same rows fetched, plus one JSON.parse of each envelope, nothing else (decode floor)',
      read.parseOnly,
    ),
    plain(
      'the same rows as one JSON text per page of 1,000 built by SQLite (group_concat, envelope spliced in as stored), one JSON.parse per page (page-text floor)',
      read.pageString,
    ),
    plain(
      `the same events as msgpackr records in one BLOB (~${fmt(read.packedBytes, 0)} bytes: stream, revision, type, hash, envelope), fetched with their position only, decoded (binary layout floor)`,
      read.packed,
    ),
  ];
}

function latencyRows(latency: Summary): string[][] {
  return [
    ['append-to-subscriber latency, median', `${fmt(latency.median, 1)} µs`, '', '—', '—'],
    [
      'append-to-subscriber latency, p99',
      `${fmt(latency.p99, 1)} µs`,
      '',
      '< 2,000 µs',
      met(latency.p99 < 2_000),
    ],
  ];
}

const explanation = [
  'Each append goes through the full path: catalog validation (zod), envelope stamping, SHA-256 hash chain, one',
  'SQLite transaction (WAL, `BEGIN IMMEDIATE`). Events are `CardsPlayed` with a full envelope (~400 bytes stored:',
  'schema v2, one JSON envelope column beside stream, revision, type and hash), inserted ten rows per INSERT',
  '(stream, and type when the ten share it, bound once per INSERT).',
  'Each batch is sealed by one encoder that joins the fields a batch shares (actor, recorded-at, stream, type) once;',
  'the store cuts the event ids it assigns from one string of 128 random UUIDs, and a card id is one enum lookup.',
  'Appends are measured after a warm-up (200 single appends, 20 batches) so that compiling the path is not timed;',
  'batched appends over 200,000 events (2,000 batches: a dozen WAL checkpoints, the sustained rate), not the first 30,000,',
  'which timed the WAL file growing from empty and ran 11-43 % slower in paired runs.',
  'About half of a batched append is SQLite (see the insert floor), of which about half is the kernel writing the',
  'WAL (two writes per 4 KiB frame, ~18 frames per 100-event commit) and checkpointing it.',
  'The page-text and binary-layout rows are floors of two ways of reading tried and not adopted: one JSON.parse of a',
  'whole page that SQLite joined parses no faster per event than one parse per envelope (and SQLite joining it in',
  'order costs more than fetching the rows), and a BLOB costs better-sqlite3 a Buffer per row while the strings are made',
  'either way; both stay well under the readAll target, so the store keeps one JSON envelope per row (docs/events.md).',
  "readAll hands out events whose position, stream, revision and type are the row's columns and whose data and",
  'metadata are parsed from the envelope on first access, once (docs/events.md, "Reading lazily"). The target row',
  'reads those four fields of every event and never decodes an envelope: it is what a consumer pays for the events',
  'it skips by type or stream (projections replaying the log, filtered subscriptions, standings, the disclosure',
  'ledger). The row below it reads data and metadata of every event too: what a consumer of every event pays, bound',
  'by the decode floor (one JSON.parse of a ~330-byte envelope costs more than fetching its row).',
];

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'tablecast-bench-'));
  const dir = (name: string): string => join(root, name);
  const load = loadavg()[0] ?? 0;
  const rows: string[][] = [];
  let samples = 0;
  try {
    if (runs('single')) {
      progress('single appends');
      const normal = await singleAppends(dir('single-normal'), 'normal', 10_000);
      const full = await singleAppends(dir('single-full'), 'full', 300);
      rows.push(...singleRows(normal, full));
    }
    if (runs('batched')) {
      progress('batched appends');
      const batched = await batchedAppends(dir('batched'), BATCHES);
      rows.push(...batchedRows(batched, await batchedFloors(dir('batched-floor'), BATCHES)));
    }
    if (runs('read')) {
      progress('readAll over 1,000,000 events (filling first)');
      rows.push(...readRows(await readAllMillion(dir('read'))));
    }
    if (runs('latency')) {
      progress('append-to-subscriber latency');
      const latency = summarize(await subscriberLatency(dir('latency'), 2_000));
      samples = latency.count;
      rows.push(...latencyRows(latency));
    }
    process.stdout.write(
      [
        '## Event store, embedded SQLite (`@tablecast/event-store`)',
        '',
        ...explanation,
        ...(samples > 0
          ? [
              `Latency: time from calling \`append\` to the in-process subscriber receiving the event, ${samples} samples.`,
            ]
          : []),
        `Load average (1 min) at the start: ${fmt(load, 1)}, at the end: ${fmt(loadavg()[0] ?? 0, 1)}, on ${cpus().length} cores shared with`,
        'other work; "per CPU second" divides by this process\'s own CPU time, i.e. the rate on an otherwise idle core.',
        ...(wanted.length < parts.length ? [`Parts run: ${wanted.join(', ')} (EVENT_STORE_BENCH).`] : []),
        '',
        markdownTable(['measure', 'wall clock', 'per CPU second', 'target', 'status'], rows),
      ].join('\n'),
    );
    process.stdout.write('\n');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

void main();
