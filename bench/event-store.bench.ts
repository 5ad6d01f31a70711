// Embedded event store benchmarks (issue #4): single and batched appends, readAll over 1,000,000
// events, append-to-subscriber latency. Prints its markdown section on stdout; progress on stderr.
// Run with `npm run bench -- event-store`.
import {
  SqliteEventLog,
  createEventStore,
  type EventStore,
  type UnsealedEvent,
} from '@tablecast/event-store';
import { tablecastCatalog, type NewEvent, type TablecastEvent } from '@tablecast/events';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, markdownTable, summarize } from './lib/stats';

const progress = (text: string): void => {
  process.stderr.write(`event-store bench: ${text}\n`);
};

const seats = ['S', 'E', 'N', 'W'] as const;

/** A typical event: one operator keystroke playing a pair. */
function cardsPlayed(i: number): NewEvent<TablecastEvent> {
  return {
    type: 'CardsPlayed',
    data: {
      seat: seats[i % 4] ?? 'S',
      cards: ['H5a', 'S5b'],
      as: { type: 'pair', rank: '5', length: 2 },
      declared: false,
      lead: i % 4 === 0,
    },
    metadata: {
      correlationId: `cmd-${i}`,
      causationId: `cmd-${i - 1}`,
      actor: { id: 'operator-t1', role: 'operator' },
    },
  };
}

function rawCardsPlayed(i: number): UnsealedEvent {
  const event = cardsPlayed(i);
  return {
    type: event.type,
    data: event.data,
    metadata: {
      ...event.metadata,
      eventId: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
      recordedAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

const seconds = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e9;

function openStore(dataDir: string, synchronous: 'normal' | 'full'): EventStore<TablecastEvent> {
  return createEventStore({ log: new SqliteEventLog({ dataDir, synchronous }), catalog: tablecastCatalog });
}

async function singleAppends(
  dataDir: string,
  synchronous: 'normal' | 'full',
  count: number,
): Promise<number> {
  const store = openStore(dataDir, synchronous);
  for (let i = 0; i < 200; i += 1) await store.append(`match-warm-${synchronous}`, [cardsPlayed(i)], 'any');
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i += 1)
    await store.append(`match-single-${synchronous}`, [cardsPlayed(i)], i === 0 ? 'no_stream' : i - 1);
  const rate = count / seconds(start);
  await store.close();
  return rate;
}

async function batchedAppends(dataDir: string, batches: number): Promise<number> {
  const store = openStore(dataDir, 'normal');
  const batch = (b: number) => Array.from({ length: 100 }, (_, i) => cardsPlayed(b * 100 + i));
  const start = process.hrtime.bigint();
  for (let b = 0; b < batches; b += 1) await store.append(`match-batched-${b % 8}`, batch(b), 'any');
  const rate = (batches * 100) / seconds(start);
  await store.close();
  return rate;
}

async function readAllMillion(dataDir: string): Promise<{ typed: number; raw: number }> {
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
  let start = process.hrtime.bigint();
  let n = 0;
  for await (const event of store.readAll()) if (event.revision >= 0) n += 1;
  if (n !== total) throw new Error(`read ${n} events, expected ${total}`);
  const typed = n / seconds(start);
  start = process.hrtime.bigint();
  n = 0;
  for (const event of log.readAllSync()) if (event.revision >= 0) n += 1;
  const raw = n / seconds(start);
  await log.close();
  return { typed, raw };
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

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'tablecast-bench-'));
  const dir = (name: string): string => join(root, name);
  const load = loadavg()[0] ?? 0;
  try {
    progress('single appends');
    const singleNormal = await singleAppends(dir('single-normal'), 'normal', 10_000);
    const singleFull = await singleAppends(dir('single-full'), 'full', 1_000);
    progress('batched appends');
    const batched = await batchedAppends(dir('batched'), 500);
    progress('readAll over 1,000,000 events (filling first)');
    const read = await readAllMillion(dir('read'));
    progress('append-to-subscriber latency');
    const latency = summarize(await subscriberLatency(dir('latency'), 3_000));

    const met = (ok: boolean): string => (ok ? 'met' : '**missed**');
    const rows = [
      [
        'single-event appends (one transaction each, synchronous=NORMAL, default)',
        `${fmt(singleNormal, 0)} events/s`,
        '≥ 5,000/s',
        met(singleNormal >= 5_000),
      ],
      [
        'single-event appends (synchronous=FULL, fsync per commit)',
        `${fmt(singleFull, 0)} events/s`,
        '(no target)',
        '—',
      ],
      [
        'batched appends (100 per batch)',
        `${fmt(batched, 0)} events/s`,
        '≥ 100,000/s',
        met(batched >= 100_000),
      ],
      [
        'readAll over 1,000,000 events, through the typed store (upcast check)',
        `${fmt(read.typed, 0)} events/s`,
        '≥ 500,000/s',
        met(read.typed >= 500_000),
      ],
      [
        'readAll over 1,000,000 events, raw log (readAllSync)',
        `${fmt(read.raw, 0)} events/s`,
        '(no target)',
        '—',
      ],
      ['append-to-subscriber latency, median', `${fmt(latency.median, 1)} µs`, '—', '—'],
      [
        'append-to-subscriber latency, p99',
        `${fmt(latency.p99, 1)} µs`,
        '< 2,000 µs',
        met(latency.p99 < 2_000),
      ],
    ];
    process.stdout.write(
      [
        '## Event store, embedded SQLite (`@tablecast/event-store`)',
        '',
        'Each append goes through the full path: catalog validation (zod), envelope stamping, SHA-256 hash chain, one',
        'SQLite transaction (WAL, `BEGIN IMMEDIATE`). Events are `CardsPlayed` with a full envelope (~450 bytes stored).',
        `Latency: time from calling \`append\` to the in-process subscriber receiving the event, ${latency.count} samples.`,
        `Load average (1 min) when the run started: ${fmt(load, 1)} on this machine (other work shares it).`,
        '',
        markdownTable(['measure', 'result', 'target', 'status'], rows),
      ].join('\n'),
    );
    process.stdout.write('\n');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

void main();
