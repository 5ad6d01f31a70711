/** The feeds benchmark's markdown section (bench/feeds.bench.ts), written to bench/RESULTS.md. */
import { readFileSync } from 'node:fs';
import { benchKafkaClient, type BenchKafkaClient } from './feeds-kafka-stack';
import type { MeasuredRow, Row } from './feeds-rows';
import { SEARCH_STEP, type LargestN } from './feeds-search';
import { fmt, markdownTable, type Summary } from './stats';

/** The three servers measured, as their rows name them. */
export const FEEDS_TARGETS = {
  BARE: 'bare ws',
  GATEWAY: 'Tablecast gateway process',
  ONE_PROCESS: 'Tablecast, one process',
} as const;

export interface ReportSettings {
  /** CPU of the full server (match + Kafka producer) per event while the replayed frames were recorded. */
  readonly fullServerMsPerEvent: number;
  /** Each server's largest N with p99 under 100 ms, searched past the table's sizes. */
  readonly largestN: { readonly bare: LargestN; readonly gateway: LargestN };
  /** Median CPU per second of a gateway with nothing to serve (its Kafka client polling the mock). */
  readonly gatewayIdleMsPerSecond: number;
  /** One line per gateway run: its wait for core 0 (runnable, not running) and core 1's load. */
  readonly gatewayCoreNotes: readonly string[];
  /** KAFKA_MAX_WAIT_MS of the gateway and the full server. */
  readonly kafkaMaxWaitMs: string;
  readonly eventsPerSecond: number;
  readonly playMs: number;
  readonly rounds: number;
  readonly precisionDelayMs: number;
}

/** The markdown section: the gateway process against the bare server, then the one-process server. */
export function feedsSection(
  rows: readonly MeasuredRow[],
  precision: { summary: Summary; releases: number; early: number },
  settings: ReportSettings,
): string {
  const { BARE, GATEWAY, ONE_PROCESS } = FEEDS_TARGETS;
  const {
    eventsPerSecond,
    playMs,
    rounds,
    precisionDelayMs,
    fullServerMsPerEvent,
    gatewayIdleMsPerSecond,
    kafkaMaxWaitMs,
    gatewayCoreNotes,
    largestN,
  } = settings;
  const bare = new Map(rows.filter((r) => r.target === BARE).map((r) => [r.n, r]));
  const times = (value: number, base: number | undefined): string =>
    base === undefined || !Number.isFinite(value / base) ? '' : `${fmt(value / base, 2)}x`;
  const largest = (target: string): number =>
    Math.max(
      0,
      ...rows.filter((r) => r.target === target && r.p99 < 100 && r.delivered >= 99.9).map((r) => r.n),
    );
  const latencyCells = (r: Row): string[] => [
    fmt(r.p50, 0),
    fmt(r.p99, 0),
    fmt(r.max, 0),
    fmt(r.delivered, 1),
  ];
  const gatewayTable = markdownTable(
    [
      'server',
      'N',
      'p50 ms',
      'p99 ms',
      'max ms',
      'delivered %',
      'server CPU µs / delivered msg',
      'vs bare',
      'less idle: µs / delivered msg',
      'vs bare',
      'server RSS MiB',
      'events/s',
    ],
    rows
      .filter((r) => r.target === BARE || r.target === GATEWAY)
      .map((r) => [
        r.target,
        String(r.n),
        ...latencyCells(r),
        fmt(r.cpuMicrosPerMessage, 1),
        r.target === BARE ? '' : times(r.cpuMicrosPerMessage, bare.get(r.n)?.cpuMicrosPerMessage),
        fmt(r.fanOutCpuMicros, 1),
        r.target === BARE ? '' : times(r.fanOutCpuMicros, bare.get(r.n)?.fanOutCpuMicros),
        r.rss === 0 ? '' : fmt(r.rss, 0),
        fmt(r.eventsPerSecond, 1),
      ]),
  );
  const oneProcessTable = markdownTable(
    [
      'server',
      'N',
      'p50 ms',
      'p99 ms',
      'max ms',
      'delivered %',
      'server CPU µs / delivered msg',
      'vs bare',
      'fan-out CPU µs / delivered msg',
      'vs bare fan-out',
      'server RSS MiB',
      'events/s',
    ],
    rows
      .filter((r) => r.target === ONE_PROCESS)
      .map((r) => [
        r.target,
        String(r.n),
        ...latencyCells(r),
        fmt(r.cpuMicrosPerMessage, 1),
        times(r.cpuMicrosPerMessage, bare.get(r.n)?.cpuMicrosPerMessage),
        fmt(r.fanOutCpuMicros, 1),
        times(r.fanOutCpuMicros, bare.get(r.n)?.fanOutCpuMicros),
        fmt(r.rss, 0),
        fmt(r.eventsPerSecond, 1),
      ]),
  );
  const splitTable = markdownTable(
    [
      'server',
      'N',
      'spectator p50 ms',
      'spectator p99 ms',
      'Kafka hop p50 ms',
      'Kafka hop p99 ms',
      'fan-out loop p50 ms',
      'fan-out loop p99 ms',
      "clients' loop delay p99 ms",
      "clients' loop delay max ms",
      'clients waited for core 1, ms',
      'server waited for core 0, ms',
    ],
    [...rows]
      .sort((a, b) => a.n - b.n)
      .map((r) => [
        r.target,
        String(r.n),
        fmt(r.p50, 0),
        fmt(r.p99, 0),
        ...[r.busLagP50, r.busLagP99, r.fanOutP50, r.fanOutP99].map((ms) =>
          Number.isFinite(ms) ? fmt(ms, 1) : '',
        ),
        fmt(r.clientLoopP99, 0),
        fmt(r.clientLoopMax, 0),
        fmt(r.clientsWaitMs, 0),
        fmt(r.serverWaitMs, 0),
      ]),
  );
  const loadavg = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  return [
    '## Feeds: websocket fan-out',
    '',
    `Venue feed of one match: a bot match recorded beforehand, played back through the HTTP API (one POST per command, as an operator keys it) at about ${String(eventsPerSecond)} events/s for ${String(playMs / 1000)} s (the gateway gets that match's frames from Kafka, below); the measured server on core 0, clients on core 1 (taskset); every frame counted on every client (the snapshot excluded) and its latency timed on one client in ten (every frame of those clients, none dropped): the nine in ten that only count read their socket straight into one shared buffer (node:net \`onread\`) and count frames from its bytes (\`bench/lib/feed-frame-counter.ts\`), ws doing only their handshake, which cut the clients' CPU per delivered frame by 16-30 % and their event-loop delay p99 from 23-284 ms to 7-17 ms at 2,000-4,000 spectators (medians of 3 paired runs against the bare server, 24 Nov; the clients' core had been the bottleneck, its queueing measured as server latency; most of what is left is the kernel's TCP receive); ${rounds > 1 ? `bare and gateway cells are each the median of ${String(rounds)} alternating rounds, the one-process rows one round` : 'one round'}. Load average at the end: ${loadavg} (the machine is shared).`,
    '',
    "### The gateway process (the issue's target)",
    '',
    `A gateway-only process (\`TABLECAST_ROLE=gateway\`) alone on core 0 serves the spectators from Kafka — librdkafka's in-memory mock cluster run by kcat, on core 1 with the clients (there is no third core), so the latency includes the Kafka hop. What it is fed: the venue frames a full server published on Kafka for a real match of the same recorded commands, recorded once before any timing (the full server spent ${fmt(fullServerMsPerEvent, 2)} ms of CPU per event on it) and re-published by the benchmark at ${String(eventsPerSecond)} frames/s, each stamped with its due time like the bare server's. The gateway's work is identical to being fed live (the same bytes on the same topic, one Kafka record per frame, no producer batching at this rate); what is left out is the full server's match work on core 1 (when it played live during the gateway runs it took 14-20 % of the clients' core in those runs only, and the clients waited 3-5 times longer for that core than in the bare runs: docs/feeds.md), which in production runs on another machine than the spectators. So both servers get the same offered load, the clients' core holds only the clients, this benchmark process (which publishes the gateway's frames) and, in the gateway runs, kcat, and both servers are timed from the frame's due time. "vs bare" is the gateway's CPU per delivered message over the bare server's at the same N (target: at most 1.25x). ${kafkaClientNote(benchKafkaClient())} Its CPU window is the play window plus the time until its last frame reached an observer socket (the bare server's ends with its last send). With nothing to serve a gateway used ${fmt(gatewayIdleMsPerSecond, 0)} ms of CPU per second (median), its Kafka client asking the mock for frames every ${kafkaMaxWaitMs} ms (\`KAFKA_MAX_WAIT_MS\`: the mock answers a fetch only when that wait is over, a broker as soon as a frame arrives); that is included in "server CPU" and subtracted, over the same window, in "less idle" (the bare server's "less idle" subtracts its timer and encoding with no client, as in the second table). kcat's mock is "not for load testing"; 20 events/s is light, and the delivered % and latency columns show whether it kept up.`,
    '',
    gatewayTable,
    '',
    `Each gateway run, in the play window: how long the gateway was runnable but waiting for core 0 (other work on that core; a gateway that falls behind while waiting was starved, not slow), and the share of core 1 its neighbours used (kcat's mock with how long it was runnable but waiting for that core: a fetch answer it sends late is Kafka hop) — ${gatewayCoreNotes.join('; ')}.`,
    '',
    largestNText(largestN, rounds),
    '',
    '### Where the latency comes from',
    '',
    "Per row: the spectators' latency; for the gateway process its own per-frame split, from its `/metrics` — the Kafka hop (the publish, the record's timestamp, to the gateway's receive; the mock answers a fetch only at the end of its wait, so up to `KAFKA_MAX_WAIT_MS` of it is the mock's) and the fan-out loop (the hub writing the frame to every socket; for the bare server its own loop over the clients: both timed inside the server, so the clients' core does not touch them); then the clients' own event-loop delay (a frame that waits in the clients' process is measured late whichever server sent it) and how long the clients' process was runnable but waiting for core 1 during the play window (other work on that core: other processes on a shared machine, the publishing bench process and, in the gateway runs, kcat), and the measured server for core 0 (a server that waited was starved, not slow). What the hop and the loop do not explain is the publisher's own lateness (a frame published after its due time), a frame's wait in the gateway for the fan-out of the one before it, the kernel's delivery and the clients.",
    '',
    splitTable,
    '',
    '### One process running match + gateway',
    '',
    'The whole server in one process (in-process bus) on core 0: it also runs the match (HTTP commands, rules, log, projections, disclosure ledger). "Fan-out CPU" subtracts from it and from the bare server the CPU per event of the same play window with no spectator connected, so it compares the two broadcasts alone; "server CPU" is the whole process. Bare rows: the table above.',
    '',
    oneProcessTable,
    '',
    `Largest N with p99 under 100 ms and everything delivered: one process ${String(largest(ONE_PROCESS))}.`,
    '',
    `Release precision of the broadcast feed (${String(precisionDelayMs / 1000)} s delay, same match rate, 1,000 venue spectators connected, one process; from the disclosure ledger):`,
    '',
    markdownTable(
      ['releases', 'early', 'lateness p50 ms', 'lateness p99 ms', 'lateness max ms', 'target'],
      [
        [
          String(precision.releases),
          String(precision.early),
          fmt(precision.summary.median, 0),
          fmt(precision.summary.p99, 0),
          fmt(precision.summary.max, 0),
          'p99 within 50 ms, never early',
        ],
      ],
    ),
  ].join('\n');
}

/** The largest-N sentence: each server's searched limit, the probes, and the issue's 90 % target. */
function largestNText(largestN: { bare: LargestN; gateway: LargestN }, rounds: number): string {
  const { bare, gateway } = largestN;
  const describe = (name: string, result: LargestN): string => {
    const probes = result.probes.map(
      (r) => `${String(r.n)}: p99 ${fmt(r.p99, 0)} ms, ${fmt(r.delivered, 1)} % delivered`,
    );
    const limit = result.capped
      ? `at least ${String(result.n)} (the largest size measured)`
      : String(result.n);
    return `${name} ${limit}${probes.length === 0 ? '' : ` (probed ${probes.join('; ')})`}`;
  };
  const target = Math.ceil(bare.n * 0.9);
  const verdict = bare.capped
    ? 'the bare server held at every size measured, so its limit is not known'
    : bare.n === 0
      ? 'cannot be judged, the bare server held at no size (a loaded machine)'
      : gateway.n >= target
        ? `met (${fmt((100 * gateway.n) / bare.n, 0)} %)`
        : `not met (${fmt((100 * gateway.n) / bare.n, 0)} %)`;
  return `Largest N with p99 under 100 ms and everything delivered, each server searched on its own in steps of ${String(SEARCH_STEP)} between its last holding and first failing size of the table, every probe the median of ${String(rounds)} rounds like the table: ${describe('gateway process', gateway)}; ${describe('bare ws', bare)}. Target, at least 90 % of the bare server's (${String(target)}): ${verdict}.`;
}

/** Which Kafka client the full server and the gateways ran (KAFKA_CLIENT), and why. */
function kafkaClientNote(client: BenchKafkaClient): string {
  const which =
    client === 'confluent'
      ? "`@confluentinc/kafka-javascript`, the client production should use (README): its librdkafka fetches on native threads, where kafkajs' fetch loop on the gateway's main thread cost an idle gateway 65-80 ms of CPU per second on the mock"
      : '`kafkajs`, for comparison (production should use `@confluentinc/kafka-javascript`, README)';
  return `The full server and the gateway use the Kafka client ${which} (\`KAFKA_CLIENT=${client}\`; \`FEEDS_BENCH_KAFKA_CLIENT=${client === 'confluent' ? 'kafkajs' : 'confluent'}\` runs the other, \`FEEDS_BENCH_ONLY=gateway\` both in pairs); the benchmark's own publisher uses kafkajs (both clients write the same records).`;
}
